import { Alert, type AlertProps, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a screen shows when its data could not be read: a red alert with the reason, if there is one
 * to tell, and a "Try again" button that reads it again.
 */
export function LoadFailed({
  title,
  detail,
  onRetry,
  ...alert
}: {
  title: ReactNode;
  detail?: ReactNode;
  onRetry: () => void;
} & Omit<AlertProps, 'title' | 'children' | 'color'>) {
  return (
    <Alert color="red" role="alert" title={title} {...alert}>
      {detail ? (
        <Text size="sm" mb="xs">
          {detail}
        </Text>
      ) : null}
      <Button size="xs" variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
