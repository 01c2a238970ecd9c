import { Button, Center, EmptyState } from '@mantine/core';

export function ErrorPage({ status, message }: { status: number; message: string }) {
  // 503: closed for maintenance (spec 2 §3); the home page would answer the same, sign-in stays open.
  const isMaintenance = status === 503;
  return (
    <Center py={64}>
      <EmptyState title={isMaintenance ? 'Back soon' : `${status}`} description={message}>
        {isMaintenance ? (
          <Button component="a" href="/login" variant="subtle">
            Staff sign-in
          </Button>
        ) : (
          <Button component="a" href="/" variant="light">
            Go to the home page
          </Button>
        )}
      </EmptyState>
    </Center>
  );
}
