import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatIsoDate, invalidDateMessage, parseDisplayDate } from '../../domain/dates/date-format';
import { useUiSettings } from '../lib/ui-settings';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  /** ISO date "2026-11-21" or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  /** A server or form error shown instead of the format message. */
  error?: string | null;
};

/**
 * A date typed in the system date format (DD/MM/YYYY by default). The field keeps ISO dates; a
 * text that is not a real date in the format shows the spec's message (spec 1 §5).
 */
export function SystemDateInput({ value, onChange, error, ...rest }: Props) {
  const { date_format } = useUiSettings();
  const [text, setText] = useState(value ? formatIsoDate(value, date_format) : '');
  const [formatError, setFormatError] = useState<string | null>(null);

  // Only follow outside changes of the value or the format; the typed text is the local draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text is the local draft
  useEffect(() => {
    const shown = parseDisplayDate(text, date_format);
    if (value !== shown) setText(value ? formatIsoDate(value, date_format) : '');
  }, [value, date_format]);

  return (
    <TextInput
      {...rest}
      value={text}
      placeholder={date_format}
      error={error ?? formatError}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next.trim() === '') {
          setFormatError(null);
          onChange(null);
          return;
        }
        // A text that is no date leaves the field without a value, never with the last good one.
        const iso = parseDisplayDate(next, date_format);
        if (iso) setFormatError(null);
        onChange(iso);
      }}
      onBlur={() => {
        if (text.trim() !== '' && !parseDisplayDate(text, date_format))
          setFormatError(invalidDateMessage(date_format));
      }}
    />
  );
}
