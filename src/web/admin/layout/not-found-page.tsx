import { Button, Center, EmptyState } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center py="xl">
      <EmptyState title="Page not found" description="This page does not exist or has moved.">
        <Button component={Link} to="/dashboard" variant="light">
          Back to the dashboard
        </Button>
      </EmptyState>
    </Center>
  );
}
