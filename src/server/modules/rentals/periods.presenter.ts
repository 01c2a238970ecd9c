import {
  INVOICE_STATUS_TEXT,
  type InvoiceStatus,
  PERIOD_STATUS_TEXT,
  type PeriodItemReply,
  type PeriodPaymentReply,
  type PeriodReply,
  type PeriodServiceReply,
  type PeriodServiceType,
  type PeriodStatus,
} from '../../../contracts/rental-periods';
import type { PaymentType } from '../../../contracts/rentals';
import type { IsoDate } from '../../../domain/dates/date-format';
import { toDecimalText } from '../../../domain/money/money';
import { periodBalance } from '../../../domain/rentals/period-payments';
import { isPaymentOverdue, periodDays, periodStatusOptions } from '../../../domain/rentals/rental-periods';
import { isFullyPaid } from './period-paid-state';
import type {
  PeriodItemRow,
  PeriodMoney,
  PeriodPaymentRow,
  PeriodRow,
  PeriodServiceRow,
} from './periods.queries';

export function presentPeriodItem(row: PeriodItemRow): PeriodItemReply {
  return {
    id: row.id,
    product_id: row.productId,
    product_stock_id: row.productStockId,
    product_name: row.productName,
    variants: row.variants,
    quantity: row.quantity,
    daily_rate: row.dailyRate,
    amount: row.amount,
    vat_info: row.vatInfo ?? null,
    stored_vat_amount: row.storedVatAmount,
  };
}

export function presentPeriodService(row: PeriodServiceRow): PeriodServiceReply {
  return {
    id: row.id,
    service_name: row.serviceName,
    service_type: row.serviceType as PeriodServiceType,
    amount: row.amount,
    description: row.description,
  };
}

export function presentPeriodPayment(row: PeriodPaymentRow): PeriodPaymentReply {
  return {
    id: row.id,
    period_id: row.periodId,
    amount: row.amount,
    payment_type: row.paymentType as PaymentType,
    payment_date: row.paymentDate,
    transaction_id: row.transactionId,
    payment_details: row.paymentDetails,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * DECISIONS 17: payment_overdue is derived when read from the shop's today, never written by a
 * read; a derived overdue period's pending or sent invoice reads as overdue too.
 */
export function readStatus(
  row: PeriodRow,
  money: PeriodMoney,
  today: IsoDate,
): { status: PeriodStatus; invoiceStatus: InvoiceStatus } {
  const stored = row.status as PeriodStatus;
  const invoiceStatus = row.invoiceStatus as InvoiceStatus;
  const overdue = isPaymentOverdue(
    { startDate: row.startDate, totalCents: money.total, paidCents: money.paid, status: stored },
    today,
  );
  if (!overdue) return { status: stored, invoiceStatus };
  return {
    status: 'payment_overdue',
    invoiceStatus:
      invoiceStatus === 'pending' || invoiceStatus === 'payment_link_sent' ? 'overdue' : invoiceStatus,
  };
}

export function presentPeriod(
  row: PeriodRow,
  money: PeriodMoney,
  details: { items: PeriodItemRow[]; services: PeriodServiceRow[]; payments: PeriodPaymentRow[] },
  today: IsoDate,
): PeriodReply {
  const { status, invoiceStatus } = readStatus(row, money, today);
  const balance = periodBalance(money.total, money.paid);
  return {
    id: row.id,
    booking_id: row.bookingId,
    period_number: row.periodNumber,
    start_date: row.startDate,
    end_date: row.endDate,
    days_count: periodDays(row.startDate, row.endDate),
    status,
    status_text: PERIOD_STATUS_TEXT[status],
    total_amount: toDecimalText(money.total),
    amount_paid: toDecimalText(money.paid),
    remaining_balance: toDecimalText(balance),
    is_fully_paid: isFullyPaid(money),
    invoice_status: invoiceStatus,
    invoice_status_text: INVOICE_STATUS_TEXT[invoiceStatus],
    items: details.items.filter((i) => i.periodId === row.id).map(presentPeriodItem),
    services: details.services.filter((s) => s.periodId === row.id).map(presentPeriodService),
    notes: { customer: row.customerNote, admin: row.adminNote },
    payments: details.payments.filter((p) => p.periodId === row.id).map(presentPeriodPayment),
    status_options: periodStatusOptions(row.periodNumber).map((value) => ({
      value,
      label: PERIOD_STATUS_TEXT[value],
    })),
  };
}
