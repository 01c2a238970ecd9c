import { TextInput, type TextInputProps } from '@mantine/core';
import type { DateFormat } from '../../../../domain/dates/date-format';

/**
 * A date of the discount form, typed in the shop's display format (spec 2 §5). The form keeps the
 * text and checks it with the discount form's own message, "Please enter date in {format}
 * format." (spec 1's SystemDateInput says "a valid date"), and converts it to ISO when sending.
 */
export function DiscountDateInput({
  format,
  ...rest
}: Omit<TextInputProps, 'placeholder'> & { format: DateFormat }) {
  return (
    <TextInput
      {...rest}
      placeholder={format}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      description={rest.description ?? `As ${format}; leave empty for no limit.`}
    />
  );
}
