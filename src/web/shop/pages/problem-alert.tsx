import { Alert } from '@mantine/core';

export function ProblemAlert({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Alert color="red" role="alert">
      {problem}
    </Alert>
  );
}
