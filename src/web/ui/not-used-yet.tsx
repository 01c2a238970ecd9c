import { Badge, Tooltip } from '@mantine/core';

/** Marks a setting that is stored but read by a part of the shop not built yet (docs/decisions/0021). */
export function NotUsedYet({ by = 'the part of the shop that reads it' }: { by?: string }) {
  return (
    <Tooltip label={`Saved now; ${by} is not built yet.`} withArrow>
      <Badge size="xs" color="gray" variant="outline" ml={6} style={{ verticalAlign: 'middle' }}>
        Not used yet
      </Badge>
    </Tooltip>
  );
}
