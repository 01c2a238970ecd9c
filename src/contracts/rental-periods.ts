import { z } from 'zod';
import { parseIsoDate } from '../domain/dates/date-format';
import { DEPOSIT_MESSAGES, type DepositStatus } from '../domain/rentals/deposits';
import { type InvoiceStatus, PERIOD_PAYMENT_MESSAGES } from '../domain/rentals/period-payments';
import {
  PERIOD_MESSAGES,
  PERIOD_MONTH_OPTIONS,
  PERIOD_STATUSES,
  type PeriodStatus,
} from '../domain/rentals/rental-periods';
import { formBoolean, moneyAmount, optionalText, parseNumberText, recordId, wholeNumber } from './common';
import { PAYMENT_TYPES, type PaymentType } from './rentals';

export type { DepositStatus, InvoiceStatus, PeriodStatus };
/**
 * Rental periods and deposits (admin): spec 3 §3 Rental period / Rental payment / Deposit, §4, §5
 * Period dates / Period service / Period payment, §7 "Rental periods and deposits (admin)", §8.
 * Money travels as decimal text ("12.50"); dates as YYYY-MM-DD.
 */
export { DEPOSIT_MESSAGES, PERIOD_MESSAGES, PERIOD_MONTH_OPTIONS, PERIOD_PAYMENT_MESSAGES, PERIOD_STATUSES };

export const RENTAL_PERIOD_MESSAGES = {
  ...PERIOD_MESSAGES,
  previousNotFound: 'Previous period not found',
  nothingToCopy: 'No periods available to copy from',
  noPeriodSelected: 'No period selected',
  serviceNameAndAmount: 'Please fill in service name and amount',
  serviceType: 'Please choose one time or recurring.',
  product: 'Please choose a product.',
  quantity: 'Please enter a valid quantity',
  notRentable: 'This product cannot be rented.',
  variant: 'Please choose a variant of this product.',
  status: 'Please choose a valid status.',
  paymentType: 'Please choose a valid payment type.',
  paymentDate: 'Please enter the payment date as YYYY-MM-DD.',
  runsIntoNext: (nextStart: string) => `The period must end before the next period starts (${nextStart}).`,
  nothingDue: 'This period has nothing to pay yet: add items or services first.',
  linkPaid: 'This period is already fully paid: there is nothing to ask for.',
  noCustomerEmail: 'This booking has no customer e-mail address.',
  // Fallbacks of spec 3 §8.
  createFailed: 'Failed to create period',
  statusFailed: 'Failed to update period status',
  paymentFailed: 'Failed to add payment',
  loadFailed: 'An error occurred while loading the periods',
} as const;

export const RENTAL_DEPOSIT_MESSAGES = {
  ...DEPOSIT_MESSAGES,
  amount: 'Please enter a valid deposit amount.',
  collectAmount: 'Please enter the amount collected.',
  collectTooMuch: (max: string) => `The amount collected cannot be more than the deposit (${max}).`,
  exists: 'This booking already has a deposit.',
  network: 'Network error occurred',
} as const;

const M = RENTAL_PERIOD_MESSAGES;

/** spec 3 §4: what each period status reads as. */
export const PERIOD_STATUS_TEXT: Record<PeriodStatus, string> = {
  pending: 'Pending',
  quoted: 'Quoted',
  ready: 'Ready',
  in_transit: 'In transit',
  active_unpaid: 'Active (unpaid)',
  active_paid: 'Active (paid)',
  payment_overdue: 'Payment overdue',
  returned: 'Returned',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  payment_link_sent: 'Payment link sent',
  paid: 'Paid',
  overdue: 'Overdue',
};

export const DEPOSIT_STATUS_TEXT: Record<DepositStatus, string> = {
  not_set: 'Not collected',
  collected: 'Collected',
  held: 'Held',
  refunded: 'Refunded',
  forfeited: 'Forfeited',
};

const date = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseIsoDate(v) !== null, message);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * spec 3 §5, §9: a duration is one of the 1–6 month options; another whole number falls back to 1
 * month; what is not a whole number is refused.
 */
export const durationMonths = z.preprocess(
  parseNumberText,
  z
    .number({ error: M.duration })
    .int(M.duration)
    .transform((months) => ((PERIOD_MONTH_OPTIONS as readonly number[]).includes(months) ? months : 1)),
);

/**
 * copy_items_from_period: true (or "previous") copies the previous period's items, a period id
 * copies that period's, false or empty copies none (docs/decisions/0068).
 */
const copyFrom = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '' || v === false || v === 'false' || v === '0') return false;
    if (v === true || v === 'true' || v === 'on' || v === 'previous') return true;
    return parseNumberText(v);
  },
  z.union([z.boolean(), z.number().int().min(1).max(2_147_483_647)], { error: M.previousNotFound }),
);

/** POST /admin/api/rental-periods/booking/{id}: the new period form (spec 3 §3). */
export const newPeriodBody = z
  .preprocess(
    (value) => {
      // Neither a duration nor an end date: the duration's message, beside the start date's.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const v = value as Record<string, unknown>;
      const blank = (x: unknown) => x === undefined || x === null || x === '';
      return blank(v.duration_months) && blank(v.end_date) ? { ...v, duration_months: Number.NaN } : v;
    },
    z.object({
      start_date: date(M.startDate),
      end_date: z.preprocess(emptyToUndefined, date(M.duration).optional()),
      duration_months: z.preprocess(emptyToUndefined, durationMonths.optional()),
      copy_items_from_period: copyFrom.optional().default(false),
      inherit_recurring_services: formBoolean.optional().default(false),
    }),
  )
  .superRefine((body, ctx) => {
    if (body.end_date !== undefined && body.end_date < body.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: M.duration });
  });
export type NewPeriodBody = z.output<typeof newPeriodBody>;

/** POST /admin/api/rental-periods/{id}/items. */
export const periodItemBody = z.object({
  product_id: wholeNumber(M.product, { min: 1 }),
  quantity: wholeNumber(M.quantity, { min: 1, max: 10_000 }).default(1),
  variant_id: z.preprocess(emptyToUndefined, recordId.optional()),
});
export type PeriodItemBody = z.output<typeof periodItemBody>;

export const PERIOD_SERVICE_TYPES = ['one_time', 'recurring'] as const;
export type PeriodServiceType = (typeof PERIOD_SERVICE_TYPES)[number];

/** POST /admin/api/rental-periods/{id}/services (spec 3 §3 Period service, §5). */
export const periodServiceBody = z.object({
  service_name: z.string({ error: M.serviceNameAndAmount }).trim().min(1, M.serviceNameAndAmount).max(120),
  service_type: z.preprocess(
    emptyToUndefined,
    z.enum(PERIOD_SERVICE_TYPES, { error: M.serviceType }).default('one_time'),
  ),
  amount: moneyAmount(M.serviceNameAndAmount, { min: 0.01 }),
  description: optionalText(1000),
});
export type PeriodServiceBody = z.output<typeof periodServiceBody>;

/** POST …/copy-items (source_period_id) and …/copy-services (source_period_id, service_type). */
export const copyItemsBody = z.object({ source_period_id: recordId });
export const copyServicesBody = z.object({
  source_period_id: recordId,
  service_type: z.preprocess(
    (v) => (v === '' || v === null || v === 'all' ? undefined : v),
    z.enum(PERIOD_SERVICE_TYPES, { error: M.serviceType }).optional(),
  ),
});

/** POST …/notes. */
export const periodNotesBody = z.object({
  customer_note: optionalText(5000),
  admin_note: optionalText(5000),
});

/** POST …/payments (spec 3 §3 Rental payment, §5 Period payment). */
export const periodPaymentBody = z.object({
  amount: moneyAmount(PERIOD_PAYMENT_MESSAGES.amountPositive, { min: 0.01 }),
  payment_type: z.preprocess(
    emptyToUndefined,
    z.enum(PAYMENT_TYPES, { error: M.paymentType }).default('bank_transfer'),
  ),
  payment_date: z.preprocess(emptyToUndefined, date(M.paymentDate).optional()),
  transaction_id: optionalText(255),
  payment_details: optionalText(2000),
});
export type PeriodPaymentBody = z.output<typeof periodPaymentBody>;

/** PUT …/dates (start_date, duration_months). */
export const periodDatesBody = z.object({
  start_date: date(M.startDate),
  duration_months: z.preprocess((v) => (v === '' || v === null ? undefined : v), durationMonths),
});

/** PUT …/status: which statuses a period may take depends on its number (periodStatusOptions). */
export const periodStatusBody = z.object({
  status: z.enum(PERIOD_STATUSES, { error: M.status }),
});

// ── Deposits ───────────────────────────────────────────────────────────────────────────────

const D = RENTAL_DEPOSIT_MESSAGES;

/** POST /admin/api/rental-deposits/booking/{id}. */
export const depositBody = z.object({
  amount: moneyAmount(D.amount, { min: 0.01 }),
  notes: optionalText(2000),
});
/** PUT /admin/api/rental-deposits/{id}/collect: the amount defaults to the deposit's. */
export const depositCollectBody = z.object({
  amount: z.preprocess(emptyToUndefined, moneyAmount(D.collectAmount, { min: 0.01 }).optional()),
  admin_notes: optionalText(2000),
});
export const depositRefundBody = z.object({
  refund_amount: moneyAmount(D.refundPositive, { min: 0.01 }),
  refund_reason: optionalText(2000),
});
export const depositForfeitBody = z.object({
  forfeit_reason: z.string({ error: D.reasonRequired }).trim().min(1, D.reasonRequired).max(2000),
});

// ── Replies ───────────────────────────────────────────────────────────────────────────────

export type PeriodItemReply = {
  id: number;
  product_id: number;
  product_stock_id: number | null;
  product_name: string;
  variants: string | null;
  quantity: number;
  daily_rate: string;
  amount: string;
  vat_info: { name: string; rate: string } | null;
  stored_vat_amount: string;
};

export type PeriodServiceReply = {
  id: number;
  service_name: string;
  service_type: PeriodServiceType;
  amount: string;
  description: string | null;
};

export type PeriodPaymentReply = {
  id: number;
  period_id: number | null;
  amount: string;
  payment_type: PaymentType;
  payment_date: string;
  transaction_id: string | null;
  payment_details: string | null;
  status: string;
  created_at: string;
};

export type PeriodReply = {
  id: number;
  booking_id: number;
  period_number: number;
  start_date: string;
  end_date: string;
  days_count: number;
  /** The stored status, or payment_overdue when unpaid after start + 7 days (DECISIONS 17). */
  status: PeriodStatus;
  status_text: string;
  total_amount: string;
  amount_paid: string;
  remaining_balance: string;
  is_fully_paid: boolean;
  invoice_status: InvoiceStatus;
  invoice_status_text: string;
  items: PeriodItemReply[];
  services: PeriodServiceReply[];
  notes: { customer: string | null; admin: string | null };
  payments: PeriodPaymentReply[];
  status_options: { value: PeriodStatus; label: string }[];
};

/** GET /admin/api/rental-periods/booking/{id}. */
export type PeriodsReply = {
  periods: PeriodReply[];
  /** The new period form's default start: the day after the latest end (null: no period yet). */
  next_start_date: string | null;
  today: string;
};

export type PaymentInfoReply = {
  total_amount: string;
  amount_paid: string;
  remaining_balance: string;
  is_fully_paid: boolean;
};

export type DepositReply = {
  id: number;
  booking_id: number;
  amount: string;
  notes: string | null;
  admin_notes: string | null;
  collected_amount: string;
  refunded_amount: string;
  /** What may still be refunded: collected less refunded while collected or held, else 0. */
  refundable_amount: string;
  status: DepositStatus;
  status_text: string;
  refund_reason: string | null;
  forfeit_reason: string | null;
  collected_at: string | null;
  settled_at: string | null;
};

export type DepositStateReply = { deposit: DepositReply | null; has_deposit: boolean };
