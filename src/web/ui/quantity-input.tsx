import { TextInput, type TextInputProps } from '@mantine/core';

type QuantityInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'step'> & {
  value: number | string;
  /** A whole number when the field holds one, else what was typed (the form says what is wrong). */
  onChange: (value: number | string) => void;
  min?: number;
  max?: number;
};

/**
 * A whole-number quantity for the shop: the browser's own number field (its arrows, keyboard
 * steps and numeric keypad) in Mantine's input, so the product and cart pages do not load
 * NumberInput (9 KiB gzipped of the shop's 120 KiB budget, docs/decisions/0079). Like NumberInput, a
 * number outside its bounds is brought back within them when the field is left.
 */
export function QuantityInput({ value, onChange, onBlur, min = 1, max, ...rest }: QuantityInputProps) {
  return (
    <TextInput
      {...rest}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={value}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const number = Number(typed);
        onChange(typed.trim() !== '' && Number.isInteger(number) ? number : typed);
      }}
      // Held within its bounds when the field is left, as NumberInput did.
      onBlur={(event) => {
        if (typeof value === 'number') {
          const held = Math.max(min, max === undefined ? value : Math.min(max, value));
          if (held !== value) onChange(held);
        }
        onBlur?.(event);
      }}
    />
  );
}
