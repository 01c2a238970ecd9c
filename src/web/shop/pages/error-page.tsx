import { Button, Center, EmptyState } from '@mantine/core';

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <Center py={64}>
      <EmptyState title={`${status}`} description={message}>
        <Button component="a" href="/" variant="light">
          Go to the home page
        </Button>
      </EmptyState>
    </Center>
  );
}
