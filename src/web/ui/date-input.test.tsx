// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInputHarness } from './date-input.harness';
import { PageStrip } from './list/page-strip';
import { renderWithProviders } from './render-for-test';

afterEach(cleanup);

describe('SystemDateInput (default format DD/MM/YYYY)', () => {
  it('shows an ISO value in the display format and reports typed dates as ISO', () => {
    const changes: (string | null)[] = [];
    renderWithProviders(<DateInputHarness initial="2026-11-21" onValue={(v) => changes.push(v)} />);
    const input = screen.getByLabelText('Delivery date') as HTMLInputElement;
    expect(input.value).toBe('21/11/2026');
    fireEvent.change(input, { target: { value: '05/01/2027' } });
    expect(changes.at(-1)).toBe('2027-01-05');
  });

  it('keeps no value once a good date is typed over with one that is not a date', () => {
    const changes: (string | null)[] = [];
    renderWithProviders(<DateInputHarness initial="2026-11-21" onValue={(v) => changes.push(v)} />);
    const input = screen.getByLabelText('Delivery date') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(changes.at(-1)).toBeNull();
    expect(input.value).toBe('31/02/2026');
  });

  it('says the spec words for a date that is not in the format', () => {
    renderWithProviders(<DateInputHarness initial={null} onValue={() => {}} />);
    const input = screen.getByLabelText('Delivery date');
    fireEvent.change(input, { target: { value: '2027-01-05' } });
    fireEvent.blur(input);
    expect(screen.getByText('Please enter a valid date in DD/MM/YYYY format.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '31/02/2027' } });
    fireEvent.blur(input);
    expect(screen.getByText('Please enter a valid date in DD/MM/YYYY format.')).toBeTruthy();
  });
});

function StripHarness({ last, threshold }: { last: number; threshold: number }) {
  const [page, setPage] = useState(1);
  return <PageStrip page={page} lastPage={last} showAllUpTo={threshold} onChange={setPage} />;
}

describe('PageStrip', () => {
  it('shows every page up to the threshold', () => {
    renderWithProviders(<StripHarness last={5} threshold={5} />);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
  });

  it('shows first, neighbours and last with ellipses beyond it, and moves on click', () => {
    const onChange = vi.fn();
    renderWithProviders(<PageStrip page={6} lastPage={12} showAllUpTo={7} onChange={onChange} />);
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '5', '6', '7', '12']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('shows nothing for a single page', () => {
    renderWithProviders(<StripHarness last={1} threshold={5} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
