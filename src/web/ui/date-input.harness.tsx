import { useState } from 'react';
import { SystemDateInput } from './date-input';

/** A controlled SystemDateInput for component tests. */
export function DateInputHarness({
  initial,
  onValue,
}: {
  initial: string | null;
  onValue: (iso: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <SystemDateInput
      label="Delivery date"
      value={value}
      onChange={(iso) => {
        setValue(iso);
        onValue(iso);
      }}
    />
  );
}
