// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityInput } from './quantity-input';
import { renderWithProviders } from './render-for-test';

afterEach(cleanup);

function Harness({ seen, max = 9 }: { seen: (number | string)[]; max?: number }) {
  const [value, setValue] = useState<number | string>(1);
  return (
    <QuantityInput
      label="Quantity"
      min={1}
      max={max}
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('QuantityInput', () => {
  it('is a named number field with its bounds', () => {
    renderWithProviders(<Harness seen={[]} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(input.min).toBe('1');
    expect(input.max).toBe('9');
    expect(input.step).toBe('1');
  });

  it('hands a whole number as a number and anything else as the text typed', () => {
    const seen: (number | string)[] = [];
    renderWithProviders(<Harness seen={seen} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '4' } });
    expect(seen.at(-1)).toBe(4);
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(seen.at(-1)).toBe('1.5');
    fireEvent.change(input, { target: { value: '' } });
    expect(seen.at(-1)).toBe('');
  });

  it('brings a number outside its bounds back within them when the field is left', () => {
    const seen: (number | string)[] = [];
    renderWithProviders(<Harness seen={seen} max={9} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '15' } });
    fireEvent.blur(input);
    expect(seen.at(-1)).toBe(9);
    expect(input.value).toBe('9');
    fireEvent.change(input, { target: { value: '-2' } });
    fireEvent.blur(input);
    expect(seen.at(-1)).toBe(1);
    expect(input.value).toBe('1');
  });
});
