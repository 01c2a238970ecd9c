import {
  CREDIT_REQUEST_STATUS_LABELS,
  type CreditAccountView,
  type CreditChangeView,
  type CreditRequestStatus,
  type CreditRequestView,
  type CreditTransactionView,
  type PartnerCreditRow,
  type PartnerView,
} from '../../../contracts/credit';
import {
  availableToAdd,
  type CreditTransactionType,
  creditStatusLabel,
  isUsable,
  signedAmount,
} from '../../../domain/credit/credit';
import { type Cents, fromDecimal, toDecimal } from '../../../domain/money/money';
import type { Paged } from '../../../domain/paging/paging';
import type {
  CreditAccountRow,
  CreditRequestRow,
  CreditTransactionRow,
  PartnerCreditListRow,
  PartnerRow,
} from './credit.queries';

const money = (text: string) => toDecimal(fromDecimal(text));

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

export function presentPartner(row: PartnerRow): PartnerView {
  return {
    id: row.id,
    name: fullName(row.firstName, row.lastName) ?? row.email,
    company_name: row.companyName,
    email: row.email,
  };
}

/** A partner without an account yet reads as an inactive account with nothing on it. */
export function presentAccount(row: CreditAccountRow | null): CreditAccountView {
  if (!row)
    return {
      id: null,
      credit_limit: null,
      current_balance: 0,
      available_credit: null,
      status: 'inactive',
      status_label: creditStatusLabel('inactive'),
      is_active: false,
      updated_at: null,
    };
  const state = accountState(row);
  const room = availableToAdd(state);
  return {
    id: row.id,
    credit_limit: state.creditLimit === null ? null : toDecimal(state.creditLimit),
    current_balance: toDecimal(state.balance),
    available_credit: room === null ? null : toDecimal(room),
    status: row.status,
    status_label: creditStatusLabel(row.status),
    is_active: isUsable(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function accountState(row: CreditAccountRow) {
  return {
    creditLimit: row.creditLimit === null ? null : fromDecimal(row.creditLimit),
    balance: fromDecimal(row.currentBalance),
    status: row.status,
  };
}

export function presentTransaction(row: CreditTransactionRow): CreditTransactionView {
  const amount = fromDecimal(row.amount);
  return {
    id: row.id,
    type: row.type,
    amount: toDecimal(amount),
    signed_amount: toDecimal(signedAmount(row.type as CreditTransactionType, amount as Cents)),
    balance_after: money(row.balanceAfter),
    reference: row.reference,
    note: row.note,
    created_by: fullName(row.createdByFirst, row.createdByLast),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentTransactions(page: Paged<CreditTransactionRow>): Paged<CreditTransactionView> {
  return { ...page, data: page.data.map(presentTransaction) };
}

export function presentChange(row: {
  id: number;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  note: string | null;
  createdAt: Date;
  changedByFirst: string | null;
  changedByLast: string | null;
}): CreditChangeView {
  return {
    id: row.id,
    field: row.field,
    old_value: row.oldValue,
    new_value: row.newValue,
    note: row.note,
    changed_by: fullName(row.changedByFirst, row.changedByLast),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPartnerRow(row: PartnerCreditListRow): PartnerCreditRow {
  return {
    ...presentPartner(row),
    credit_limit: row.creditLimit === null ? null : money(row.creditLimit),
    current_balance: row.currentBalance === null ? 0 : money(row.currentBalance),
    status: row.status,
    status_label: row.status === null ? 'No account' : creditStatusLabel(row.status),
  };
}

export function presentCreditRequest(row: CreditRequestRow): CreditRequestView {
  return {
    id: row.id,
    partner: presentPartner({
      id: row.userId,
      firstName: row.partnerFirst,
      lastName: row.partnerLast,
      companyName: row.partnerCompany,
      email: row.partnerEmail,
    }),
    amount: money(row.amount),
    approved_amount: row.approvedAmount === null ? null : money(row.approvedAmount),
    business_justification: row.businessJustification,
    contact_phone: row.contactPhone,
    status: row.status,
    status_label: CREDIT_REQUEST_STATUS_LABELS[row.status as CreditRequestStatus] ?? 'Unknown',
    decline_reason: row.declineReason,
    decided_by: fullName(row.decidedByFirst, row.decidedByLast),
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
