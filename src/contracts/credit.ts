import { z } from 'zod';
import {
  CREDIT_MESSAGES,
  CREDIT_STATUSES,
  CREDIT_TRANSACTIONS_PER_PAGE,
  PARTNER_PAYMENT_METHODS,
} from '../domain/credit/credit';
import { parseIsoDate } from '../domain/dates/date-format';
import type { Paged } from '../domain/paging/paging';
import {
  formBoolean,
  moneyAmount,
  optionalText,
  pageParam,
  recordId,
  searchText,
  tooLongMessage,
  wholeNumber,
} from './common';

export { CREDIT_MESSAGES };

const M = CREDIT_MESSAGES;

/** spec 3 §5: an amount above 0 ('Please enter a valid amount'). */
const positiveAmount = moneyAmount(M.amount, { min: 0.01, decimals: M.amount });

/** POST /admin/api/partners/{id}/credit/add and /credit/remove (spec 3 §7). */
export const creditChangeBody = z.object({
  amount: positiveAmount,
  note: optionalText(1000),
});
export type CreditChangeBody = z.output<typeof creditChangeBody>;

/** PUT /admin/api/partners/{id}/credit/limit: empty means no limit. */
export const creditLimitBody = z.object({
  credit_limit: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    moneyAmount(M.amount, { decimals: M.amount }).nullable(),
  ),
  note: optionalText(1000),
});
export type CreditLimitBody = z.output<typeof creditLimitBody>;

export const CREDIT_STATUS_MESSAGE = 'Please choose active, suspended, closed or inactive.';

/** PUT /admin/api/partners/{id}/credit/status. */
export const creditStatusBody = z.object({
  status: z.enum(CREDIT_STATUSES, { error: CREDIT_STATUS_MESSAGE }),
  note: optionalText(1000),
});
export type CreditStatusBody = z.output<typeof creditStatusBody>;

/** The admin's partner list (the partner credit page). */
export const partnersListQuery = z.object({ page: pageParam, search: searchText });

export const creditTransactionsQuery = z.object({ page: pageParam });

/** GET /api/partner/credit-transactions?limit=5 (spec 3 §7): a preview, else the paged list. */
export const partnerTransactionsQuery = z.object({
  limit: wholeNumber('The limit must be a whole number from 1 to 50.', { min: 1, max: 50 }).optional(),
  page: pageParam,
});

export const partnerQuery = z.object({ include_history: formBoolean.optional() });

export const EXPORT_MESSAGES = {
  format: 'Please choose pdf or excel.',
  date: 'Please enter a date as YYYY-MM-DD.',
  range: 'The end date cannot be before the start date.',
} as const;

const exportDate = z
  .string({ error: EXPORT_MESSAGES.date })
  .refine((v) => parseIsoDate(v) !== null, EXPORT_MESSAGES.date);

/** GET …/credit/export?format&start_date&end_date (spec 3 §7, §9: excel as xlsx, or pdf). */
export const creditExportQuery = z
  .object({
    format: z.enum(['pdf', 'excel', 'xlsx'], { error: EXPORT_MESSAGES.format }),
    start_date: exportDate,
    end_date: exportDate,
  })
  .refine((q) => q.end_date >= q.start_date, { path: ['end_date'], message: EXPORT_MESSAGES.range });
export type CreditExportQuery = z.output<typeof creditExportQuery>;

export const CREDIT_REQUEST_MESSAGES = {
  amount: 'Please enter a valid amount',
  justification: 'Please tell us why you need the credit.',
  phone: 'Please enter a contact phone number.',
  sent: 'Your credit request has been sent. We will be in touch.',
} as const;

/** POST /api/partner/credit-request (spec 3 §3 Credit request). */
export const creditRequestBody = z.object({
  amount: moneyAmount(CREDIT_REQUEST_MESSAGES.amount, {
    min: 0.01,
    decimals: CREDIT_REQUEST_MESSAGES.amount,
  }),
  business_justification: z
    .string({ error: CREDIT_REQUEST_MESSAGES.justification })
    .trim()
    .min(1, CREDIT_REQUEST_MESSAGES.justification)
    .max(2000),
  contact_phone: z
    .string({ error: CREDIT_REQUEST_MESSAGES.phone })
    .trim()
    .min(3, CREDIT_REQUEST_MESSAGES.phone)
    .max(50)
    .regex(/^[0-9+\-() ]+$/, CREDIT_REQUEST_MESSAGES.phone),
});
export type CreditRequestBody = z.output<typeof creditRequestBody>;

/** POST /partner/checkout/process (spec 3 §7). */
export const partnerCheckoutBody = z.object({
  payment_method: z.enum(PARTNER_PAYMENT_METHODS, { error: M.paymentMethod }),
  terms_accepted: formBoolean.default(false),
});
export type PartnerCheckoutBody = z.output<typeof partnerCheckoutBody>;

/** POST /api/fetch-external-content (spec 3 §7, DECISIONS 21). */
export const fetchExternalContentBody = z.object({
  url: z
    .string({ error: M.termsUnavailable })
    .trim()
    .min(1, M.termsUnavailable)
    .max(2000, M.termsUnavailable),
});

// Replies.

export type CreditAccountView = {
  id: number | null;
  credit_limit: number | null;
  current_balance: number;
  available_credit: number | null;
  status: string;
  status_label: string;
  is_active: boolean;
  updated_at: string | null;
};

export type CreditTransactionView = {
  id: number;
  type: string;
  amount: number;
  signed_amount: number;
  balance_after: number;
  reference: string | null;
  note: string | null;
  created_by: string | null;
  created_at: string;
};

export type CreditChangeView = {
  id: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
  note: string | null;
  changed_by: string | null;
  created_at: string;
};

export type PartnerView = {
  id: number;
  name: string;
  company_name: string | null;
  email: string;
};

export type PartnerCreditRow = PartnerView & {
  credit_limit: number | null;
  current_balance: number;
  status: string | null;
  status_label: string;
};

export type PartnerCreditSummary = {
  partner: PartnerView;
  credit_account: CreditAccountView;
  pending_requests: number;
};

export type CreditTransactionsPage = Paged<CreditTransactionView>;

export type PartnerCreditData = {
  creditAccount: CreditAccountView;
  currentBalance: number;
};

export type PartnerCheckoutProps = {
  cartItems: {
    id: number;
    name: string;
    variant: string | null;
    quantity: number;
    price: number;
    subtotal: number;
  }[];
  subtotal: number;
  tax: number;
  grandTotal: number;
  creditAccount: { status: string; isActive: boolean; current_balance: number } | null;
  hasSufficientCredit: boolean;
  credit_message: string | null;
  payment_methods: readonly string[];
  partner_terms_url: string | null;
  currency_symbol: string;
};

export type PartnerCheckoutReply = {
  success: true;
  message: string;
  payment_method: string;
  order_code: string;
  remaining_balance: number | null;
  redirect_url: string;
};

export { CREDIT_TRANSACTIONS_PER_PAGE };

/** GET /partner/credit: the partner's credit page (spec 3 §2 "/partner/ … credit"). */
export type PartnerCreditPageProps = {
  credit: PartnerCreditData;
  /** False while the shop has opened no credit account for the partner. */
  has_account: boolean;
  transactions: Paged<CreditTransactionView>;
  currency_symbol: string;
  /** The partner's latest credit requests and how the shop answered them (docs/decisions/0070). */
  requests: CreditRequestView[];
  /** The shop's date (in its time zone): the statement's default period ends on it. */
  today: string;
};

// ---------- credit requests, the admin's answer (issue 17; docs/decisions/0070) ----------

export const CREDIT_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type CreditRequestStatus = (typeof CREDIT_REQUEST_STATUSES)[number];

export const CREDIT_REQUEST_STATUS_LABELS: Record<CreditRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

export const CREDIT_DECISION_MESSAGES = {
  approved: 'Credit request approved',
  declined: 'Credit request declined',
  reason: 'Please give the reason for declining.',
  answered: 'This credit request has already been answered.',
  notFound: 'This credit request does not exist.',
  notPartner: 'This user is no longer a partner.',
  status: 'Please choose pending, approved or declined.',
} as const;

/** How many requests a page of the admin's list shows, and how many the partner's page shows. */
export const CREDIT_REQUESTS_PER_PAGE = 20;
export const PARTNER_CREDIT_REQUESTS_SHOWN = 10;

/** GET /admin/api/credit-requests: pending first, then newest; optionally one status or partner. */
export const creditRequestsQuery = z.object({
  page: pageParam,
  status: z.enum(CREDIT_REQUEST_STATUSES, { error: CREDIT_DECISION_MESSAGES.status }).optional(),
  partner_id: z.preprocess((v) => (v === '' ? undefined : v), recordId.optional()),
});
export type CreditRequestsQuery = z.output<typeof creditRequestsQuery>;

/**
 * POST /admin/api/credit-requests/{id}/approve: the amount to add, the requested one when empty
 * (an admin may approve less, or more, within the limit), and a note for the ledger.
 */
export const approveCreditRequestBody = z.object({
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveAmount.optional()),
  note: optionalText(1000),
});
export type ApproveCreditRequestBody = z.output<typeof approveCreditRequestBody>;

/** POST /admin/api/credit-requests/{id}/decline: the reason is required and mailed to the partner. */
export const declineCreditRequestBody = z.object({
  reason: z
    .string({ error: CREDIT_DECISION_MESSAGES.reason })
    .trim()
    .min(1, CREDIT_DECISION_MESSAGES.reason)
    .max(1000, tooLongMessage(1000)),
});
export type DeclineCreditRequestBody = z.output<typeof declineCreditRequestBody>;

export type CreditRequestView = {
  id: number;
  partner: PartnerView;
  amount: number;
  approved_amount: number | null;
  business_justification: string;
  contact_phone: string;
  status: string;
  status_label: string;
  decline_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
};
