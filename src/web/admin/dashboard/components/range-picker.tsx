import { Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';
import {
  DASHBOARD_PRESET_LABELS,
  DASHBOARD_PRESETS,
  type DashboardPreset,
  type RangeProblem,
} from '../../../../domain/dashboard/dashboard-range';
import { useUiSettings } from '../../../lib/ui-settings';

// The date pickers (@mantine/dates, dayjs) load in their own chunk, after the figures.
const DatePickerInput = lazy(() =>
  import('@mantine/dates').then(({ DatePickerInput }) => ({ default: DatePickerInput })),
);

export type RangeDraft = { from: string | null; to: string | null };

/**
 * The dashboard's period: the presets of spec 3 §2 and two date pickers. Editing either date
 * makes the period custom (spec 3 §5); the range is checked by the same rule as the server's.
 */
export function RangePicker({
  preset,
  draft,
  problems,
  onPreset,
  onDates,
}: {
  preset: DashboardPreset;
  draft: RangeDraft;
  problems: RangeProblem[];
  onPreset: (preset: DashboardPreset) => void;
  onDates: (draft: RangeDraft) => void;
}) {
  const { date_format } = useUiSettings();
  const labelId = useId();
  // Six presets do not fit a phone's width side by side.
  const narrow = useMediaQuery('(max-width: 48em)');
  const errorOf = (field: RangeProblem['field']) => problems.find((p) => p.field === field)?.message ?? null;
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4} w={narrow ? '100%' : undefined}>
        <Text id={labelId} size="sm" fw={500}>
          Period
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          value={preset}
          onChange={(value) => onPreset(value as DashboardPreset)}
          data={DASHBOARD_PRESETS.map((p) => ({ value: p, label: DASHBOARD_PRESET_LABELS[p] }))}
        />
      </Stack>
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the date pickers" />}>
        <DatePickerInput
          label="From"
          w={170}
          valueFormat={date_format}
          leftSection={<IconCalendar size={16} />}
          value={draft.from}
          error={errorOf('date_from')}
          onChange={(value) => onDates({ ...draft, from: value as string | null })}
        />
        <DatePickerInput
          label="To"
          w={170}
          valueFormat={date_format}
          leftSection={<IconCalendar size={16} />}
          value={draft.to}
          error={errorOf('date_to')}
          onChange={(value) => onDates({ ...draft, to: value as string | null })}
        />
      </Suspense>
    </Group>
  );
}
