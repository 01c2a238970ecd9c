import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a settings screen; the card is a labelled region so tests and readers find it. */
export function SettingsSection({
  title,
  description,
  badge,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Shown after the title, e.g. a status. */
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap={2} mb="md">
        <Title order={4}>
          {title}
          {badge}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}
