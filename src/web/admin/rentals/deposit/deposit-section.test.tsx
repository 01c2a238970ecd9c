// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RENTAL_DEPOSIT_MESSAGES as D } from '../../../../contracts/rental-periods';
import { renderWithProviders } from '../../../ui/render-for-test';
import { DepositSection } from './deposit-section';

type Answer = { status: number; body: unknown } | 'network-down';
let answers: Record<string, Answer | Answer[]>;
let calls: { key: string; body: unknown }[];

function stubServer() {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname.startsWith('/api/ui-settings')) return new Response(JSON.stringify({}), { status: 404 });
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const listed = answers[key];
    const answer = Array.isArray(listed) ? (listed.length > 1 ? listed.shift()! : listed[0]!) : listed;
    if (answer === 'network-down') throw new TypeError('Failed to fetch');
    if (!answer) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const deposit = (over: Record<string, unknown> = {}) => ({
  id: 9,
  booking_id: 5,
  amount: '200.00',
  notes: null,
  admin_notes: null,
  collected_amount: '150.00',
  refunded_amount: '0.00',
  refundable_amount: '150.00',
  status: 'collected',
  status_text: 'Collected',
  refund_reason: null,
  forfeit_reason: null,
  collected_at: '2026-11-20T10:00:00.000Z',
  settled_at: null,
  ...over,
});
const state = (d: unknown) => ({
  status: 200,
  body: { success: true, message: '', data: { deposit: d, has_deposit: d !== null } },
});

beforeEach(() => {
  answers = {};
  stubServer();
});
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  cleanup();
});

describe('DepositSection', () => {
  it('sets a deposit when there is none', async () => {
    const notCollected = deposit({
      status: 'not_set',
      status_text: 'Not collected',
      collected_amount: '0.00',
      refundable_amount: '0.00',
    });
    answers['GET /admin/api/rental-deposits/booking/5'] = [state(null), state(notCollected)];
    answers['POST /admin/api/rental-deposits/booking/5'] = [
      { status: 422, body: { message: D.amount, errors: { amount: [D.amount] } } },
      {
        status: 200,
        body: {
          success: true,
          message: 'Deposit set.',
          data: {
            deposit: deposit({
              status: 'not_set',
              status_text: 'Not collected',
              collected_amount: '0.00',
              refundable_amount: '0.00',
            }),
            has_deposit: true,
          },
        },
      },
    ];
    renderWithProviders(<DepositSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set deposit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set deposit' }));
    expect(await within(dialog).findByText(D.amount)).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /admin/api/rental-deposits/booking/5')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set deposit' }));
    expect(await within(dialog).findByText(D.amount)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set deposit' }));
    expect(await screen.findByText('Deposit set.')).toBeTruthy();
    expect(await screen.findByText('Not collected')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Collect' })).toBeTruthy();
  });

  it('refuses a refund above what was collected, and falls back to the network message', async () => {
    answers['GET /admin/api/rental-deposits/booking/5'] = state(deposit());
    answers['PUT /admin/api/rental-deposits/9/refund'] = 'network-down';
    renderWithProviders(<DepositSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund deposit' });
    fireEvent.change(within(dialog).getByLabelText(/Refund amount/), { target: { value: '150.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund deposit' }));
    expect(await within(dialog).findByText(D.refundTooMuch('$150.00'))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Refund amount/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund deposit' }));
    expect(await screen.findByText(D.network)).toBeTruthy();
  });

  it('forfeits with a reason', async () => {
    const forfeited = deposit({
      status: 'forfeited',
      status_text: 'Forfeited',
      refundable_amount: '0.00',
      forfeit_reason: 'Damage',
    });
    answers['GET /admin/api/rental-deposits/booking/5'] = [state(deposit()), state(forfeited)];
    answers['PUT /admin/api/rental-deposits/9/forfeit'] = {
      status: 200,
      body: {
        success: true,
        message: 'Deposit forfeited.',
        data: {
          deposit: deposit({
            status: 'forfeited',
            status_text: 'Forfeited',
            refundable_amount: '0.00',
            forfeit_reason: 'Damage',
          }),
          has_deposit: true,
        },
      },
    };
    renderWithProviders(<DepositSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forfeit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit deposit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit deposit' }));
    expect(await within(dialog).findByText(D.reasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Forfeit reason/), { target: { value: 'Damage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit deposit' }));
    expect(await screen.findByText('Deposit forfeited.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Forfeit reason: Damage')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
