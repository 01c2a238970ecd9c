// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreditTransactionView, PartnerCreditData } from '../../../contracts/credit';
import { renderWithProviders } from '../../ui/render-for-test';
import { PartnerCreditSummary } from './partner-credit-summary';

afterEach(cleanup);

const credit: PartnerCreditData = {
  currentBalance: 3300,
  creditAccount: {
    id: 1,
    credit_limit: 5000,
    current_balance: 3300,
    available_credit: 1700,
    status: 'suspended',
    status_label: 'Suspended',
    is_active: false,
    updated_at: '2026-11-26T09:00:00.000Z',
  },
};

const transaction = (id: number, type: string, signed: number): CreditTransactionView => ({
  id,
  type,
  amount: Math.abs(signed),
  signed_amount: signed,
  balance_after: 3300,
  reference: type === 'order_payment' ? `ORD-${id}` : null,
  note: null,
  created_by: null,
  created_at: '2026-11-20T10:00:00.000Z',
});

describe('PartnerCreditSummary', () => {
  it('shows balance, limit, status and the transactions it is given', () => {
    renderWithProviders(
      <PartnerCreditSummary
        credit={credit}
        transactions={[transaction(2, 'order_payment', -80.45), transaction(1, 'credit_added', 100)]}
        currencySymbol="Rs "
      />,
    );
    const card = screen.getByTestId('partner-credit-summary');
    expect(within(card).getByTestId('partner-credit-balance').textContent).toBe('Rs 3,300.00');
    expect(within(card).getByText('Rs 5,000.00')).toBeTruthy();
    expect(within(card).getByText('Suspended')).toBeTruthy();
    expect(within(card).getByText('ORD-2')).toBeTruthy();
    expect(within(card).getByText('-Rs 80.45')).toBeTruthy();
    expect(within(card).getAllByRole('row')).toHaveLength(3);
  });

  it('says when there is no limit and no transaction', () => {
    renderWithProviders(
      <PartnerCreditSummary
        credit={{ ...credit, creditAccount: { ...credit.creditAccount, credit_limit: null } }}
        transactions={[]}
      />,
    );
    expect(screen.getByText('No limit')).toBeTruthy();
    expect(screen.getByText('No transactions yet.')).toBeTruthy();
  });
});
