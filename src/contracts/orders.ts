import { z } from 'zod';
import { hasAtMostDecimals } from '../domain/money/number-text';
import { DELIVERY_STATUSES, SHIPPING_TYPES } from '../domain/orders/delivery-rules';
import { DOCUMENT_TYPES } from '../domain/orders/documents-and-link';
import {
  normalizePaymentType,
  PAYMENT_INTENTS,
  PAYMENT_MESSAGES,
  PAYMENT_STATUSES,
} from '../domain/orders/payment-rules';
import {
  EMAIL_MESSAGE,
  listQuery,
  MONEY_DECIMALS_MESSAGE,
  moneyAmount,
  optionalText,
  parseNumberText,
  recordId,
  tooLongMessage,
} from './common';

/**
 * Admin orders (spec 1 §2–§9, DECISIONS 6–12, docs/decisions/0030): the bodies of every order
 * route, shared by the routes and the order form, and the replies the form reads.
 */

export const ORDER_MESSAGES = {
  // spec 1 §5 order items
  productRequired: 'Product is required',
  quantityPositive: 'Quantity must be greater than 0',
  selectVariant: 'Please select a variant',
  atLeastOneProduct: 'At least one product is required',
  deliveryAddressRequired: 'Delivery address is required',
  variantOutOfStock: 'Selected variant is out of stock',
  priceNotNegative: 'The price must be a number of 0 or more.',
  discountRange: 'The discount must be between 0 and 100.',
  productNotFound: 'The selected product does not exist.',
  variantNotFound: 'The selected variant does not belong to this product.',
  // spec 1 §5 dates
  invalidDate: (format: string) => `Please enter a valid date in ${format} format.`,
  isoDate: 'Please enter a valid date.',
  // spec 1 §5 delivery status
  reasonRequired: 'Reason is required for failed or cancelled status',
  quickReasonRequired: (status: string) => `Reason is required when marking order as ${status}`,
  // spec 1 §8 quick status
  selectStatus: 'Please select a status to update to.',
  sameStatus: 'Selected status is the same as current status.',
  // spec 1 §5 customers
  companyNameRequired: 'Company name is required for company users',
  firstNameRequired: 'First name is required for individual users',
  lastNameRequired: 'Last name is required for individual users',
  email: EMAIL_MESSAGE,
  // totals
  totalMismatch: (server: string) =>
    `The order total has changed: the correct grand total is ${server}. Please review the order.`,
  // spec 1 §6: paid orders are locked
  orderLocked: 'Order Locked',
  paidOrderRestriction: 'This order is paid: its items cannot be changed.',
  // spec 1 §8 stock
  onlyForCredit: 'This method is only for credit orders',
  stockAlreadyDeducted: 'Stock has already been deducted for this order.',
  stockNotDeducted: 'Stock has not been deducted for this order.',
  stockDisabled: 'Stock management is disabled.',
  // spec 1 §8 payments and link
  saveOrderFirst: 'Order must be saved before adding payments',
  saveOrderFirstLink: 'Please save the order first before sending customer link.',
  customerEmailRequiredForLink: 'The order has no customer e-mail address to send the link to.',
  // success (spec 1 §8: success messages come from the server)
  created: 'Order created successfully',
  updated: 'Order updated successfully',
  itemsSaved: 'Order items saved successfully',
  itemsSavedStockReversed:
    'Order items saved successfully. The stock deduction was reversed: deduct the stock again when ready.',
  fieldUpdated: 'Order updated successfully',
  statusUpdated: 'Order status updated successfully',
  deleted: 'Order deleted successfully',
  paymentAdded: 'Payment added successfully',
  paymentUpdated: 'Payment updated successfully',
  paymentRefunded: 'Payment refunded: a credit note can now be generated',
  refundFailed: 'Failed to refund the payment',
  refundReason: 'Please say why the payment is refunded.',
  refundNotCompleted: 'Only a completed payment can be refunded.',
  stockDeducted: 'Stock deducted successfully',
  stockReset: 'Stock deduction reset successfully',
  customerCreated: 'Customer created successfully',
  customerUpdated: 'Customer updated successfully',
  linkSent: 'Customer order link sent successfully',
  documentEmailSent: 'Document sent by e-mail successfully',
  documentDeleted: 'Document deleted successfully',
  notFound: 'Order not found.',
  // spec 1 §8 client-side fallbacks
  saveFailed: 'An error occurred while saving the order.',
  validationFailed: 'Please correct the validation errors.',
} as const;
const M = ORDER_MESSAGES;

/** spec 1 §9: order-area lists show 10 per page by default. */
export const ORDERS_PER_PAGE = 10;

/** A decimal amount from a form: number or "12.50"; at most 2 decimals. */
export const amountField = (message: string) => moneyAmount(message);

const percentField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : parseNumberText(v)),
  z
    .number({ error: M.discountRange })
    .finite(M.discountRange)
    .min(0, M.discountRange)
    .max(100, M.discountRange)
    // Stored as numeric(5,2): a third decimal would price one total and store another.
    .refine((n) => hasAtMostDecimals(n, 2), MONEY_DECIMALS_MESSAGE),
);

/** An ISO date (YYYY-MM-DD); the form converts from the system format before sending (spec 1 §5). */
export const isoDate = z
  .string({ error: M.isoDate })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.isoDate)
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    M.isoDate,
  );

const optionalIsoDate = z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate.nullable());

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === 'null' ? null : v),
  recordId.nullable(),
);

/** One entry of order_items_json (spec 1 §3 Order item, §5). VAT and names are the server's. */
export const orderItemInput = z.object({
  id: optionalId.optional(),
  product_id: z
    .preprocess((v) => (v === '' || v === undefined ? null : v), recordId.nullable())
    .refine((v) => v !== null, M.productRequired),
  product_stock_id: optionalId.optional(),
  quantity: z.preprocess(
    (v) => parseNumberText(v),
    z.number({ error: M.quantityPositive }).int(M.quantityPositive).min(1, M.quantityPositive).max(1_000_000),
  ),
  price: amountField(M.priceNotNegative),
  discount: percentField,
});
export type OrderItemInput = z.output<typeof orderItemInput>;

/** order_items_json: a JSON array as text (spec 1 §7), or already an array. */
export const orderItemsJson = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return null;
    }
  },
  z.array(orderItemInput, { error: M.atLeastOneProduct }).min(1, M.atLeastOneProduct).max(500),
);

const grandTotal = amountField('The grand total must be a number of 0 or more.');

const paymentTypeField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : (normalizePaymentType(v) ?? v)) : (v ?? null)),
  z
    .enum(['cod', 'card', 'bank_transfer', 'peach_payments', 'credit'], {
      error: 'The payment type is not valid.',
    })
    .nullable(),
);

const booleanField = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 'on' || value === 1) return true;
  if (
    value === 'false' ||
    value === '0' ||
    value === '' ||
    value === 0 ||
    value === undefined ||
    value === null
  )
    return false;
  return value;
}, z.boolean());

/**
 * POST /admin/orders and PUT /admin/orders/{id} (method override): every order field plus
 * order_items_json and grand_total. The server recomputes the total and refuses one that differs
 * by more than 0.01.
 */
export const orderFormBody = z.object({
  user_id: optionalId.optional(),
  seller_id: optionalId.optional(),
  carrier_id: optionalId.optional(),
  customer_email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(255)
      .pipe(z.email({ error: M.email }))
      .nullable()
      .optional(),
  ),
  customer_first_name: optionalText(255),
  customer_last_name: optionalText(255),
  customer_phone: optionalText(50),
  delivery_status: z
    .enum(DELIVERY_STATUSES, { error: 'The delivery status is not valid.' })
    .default('pending'),
  status_reason: optionalText(1000),
  payment_intent: z
    .enum(PAYMENT_INTENTS, { error: 'The payment intent is not valid.' })
    .default('payment_later'),
  payment_type: paymentTypeField.optional(),
  /**
   * When editing: the payment status the form asks for (spec 1 §4); the server checks it against
   * the completed payments and refuses "paid" without them. Absent: it follows the amount paid.
   */
  payment_status: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(PAYMENT_STATUSES, { error: 'The payment status is not valid.' }),
    )
    .optional(),
  /** For a new order with immediate payment: the first payment's amount. */
  amount_paid: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    amountField(PAYMENT_MESSAGES.amountRequired).optional(),
  ),
  payment_date: optionalIsoDate.optional(),
  transaction_id: optionalText(255),
  payment_details: optionalText(2000),
  delivery_required: booleanField.default(false),
  delivery_address: optionalText(1000),
  shipping_cost: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    amountField('The shipping cost must be a number of 0 or more.'),
  ),
  shipping_type: z.enum(SHIPPING_TYPES, { error: 'The shipping type is not valid.' }).default('standard'),
  pickup_point_id: optionalId.optional(),
  tracking_code: optionalText(255),
  address: optionalText(1000),
  global_discount: percentField,
  currency_id: optionalId.optional(),
  delivery_date: optionalIsoDate.optional(),
  additional_info: optionalText(5000),
  notified: booleanField.default(false),
  order_items_json: orderItemsJson,
  grand_total: grandTotal,
});
export type OrderFormBody = z.output<typeof orderFormBody>;
export type OrderFormInput = z.input<typeof orderFormBody>;

/** POST /admin/orders/{id}/update-items. */
export const updateItemsBody = z.object({
  order_items_json: orderItemsJson,
  grand_total: grandTotal,
});
export type UpdateItemsBody = z.output<typeof updateItemsBody>;

/** PATCH /admin/orders/{id}/update-field (spec 1 §7). */
export const updateFieldBody = z.discriminatedUnion('field', [
  z.object({ field: z.literal('user_id'), user_id: optionalId }),
  z.object({
    field: z.literal('delivery_status'),
    delivery_status: z.enum(DELIVERY_STATUSES, { error: 'The delivery status is not valid.' }),
    status_reason: optionalText(1000),
  }),
  z.object({ field: z.literal('carrier_id'), carrier_id: optionalId }),
  z.object({ field: z.literal('pickup_point_id'), pickup_point_id: optionalId }),
  z.object({
    field: z.literal('shipping_type'),
    shipping_type: z.enum(SHIPPING_TYPES, { error: 'The shipping type is not valid.' }),
    delivery_address: optionalText(1000),
    pickup_point_id: optionalId.optional(),
  }),
]);
export type UpdateFieldBody = z.output<typeof updateFieldBody>;

/** POST /api/orders/{id}/status (quick status update). */
export const quickStatusBody = z.object({
  delivery_status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DELIVERY_STATUSES, { error: M.selectStatus }),
  ),
  status_reason: optionalText(1000),
});
export type QuickStatusBody = z.output<typeof quickStatusBody>;

/** POST /admin/orders/payments/{paymentId}/refund (docs/decisions/0041): why the money went back. */
export const refundBody = z.object({
  reason: z
    .string({ error: ORDER_MESSAGES.refundReason })
    .trim()
    .min(1, ORDER_MESSAGES.refundReason)
    .max(1000, tooLongMessage(1000)),
});

/** POST /admin/orders/{id}/add-payment and PUT /admin/orders/payments/{paymentId}. */
export const paymentBody = z.object({
  payment_type: z.preprocess(
    (v) => (typeof v === 'string' ? (normalizePaymentType(v) ?? v) : v),
    z.enum(['cod', 'card', 'bank_transfer', 'peach_payments'], { error: 'Payment method is required' }),
  ),
  amount: z.preprocess(
    (v) => parseNumberText(v),
    z
      .number({ error: PAYMENT_MESSAGES.amountPositive })
      .finite(PAYMENT_MESSAGES.amountPositive)
      .gt(0, PAYMENT_MESSAGES.amountPositive)
      .max(9_999_999_999, PAYMENT_MESSAGES.amountOverGrandTotal)
      .refine((n) => hasAtMostDecimals(n, 2), MONEY_DECIMALS_MESSAGE),
  ),
  payment_date: isoDate,
  transaction_id: optionalText(255),
  payment_details: optionalText(2000),
});
export type PaymentBody = z.output<typeof paymentBody>;

/** GET /admin/orders (XHR): page, per_page, search, filters, sort (spec 1 §7 "Lists"). */
export const ordersListQuery = listQuery({
  sorts: [
    'created_at',
    'order_code',
    'customer',
    'grand_total',
    'delivery_status',
    'payment_status',
  ] as const,
  defaultSort: 'created_at',
  defaultPerPage: ORDERS_PER_PAGE,
  defaultDirection: 'desc',
}).extend({
  delivery_status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  payment_status: z.enum(['unpaid', 'credit', 'paid', 'partial', 'refunded']).optional().catch(undefined),
  order_from: z.enum(['backend', 'web']).optional().catch(undefined),
  date_from: isoDate.optional().catch(undefined),
  date_to: isoDate.optional().catch(undefined),
});
export type OrdersListQuery = z.output<typeof ordersListQuery>;

/** POST /api/customers and PUT /api/customers/{id}/profile (spec 1 §3 Customer, §5). */
export const customerBody = z
  .object({
    user_type: z.enum(['individual', 'company']).default('individual'),
    first_name: optionalText(255),
    last_name: optionalText(255),
    company_name: optionalText(255),
    company_registration_number: optionalText(100),
    vat_number: optionalText(100),
    email: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(255)
        .pipe(z.email({ error: M.email }))
        .nullable()
        .optional(),
    ),
    phone: optionalText(50),
    mobile: optionalText(50),
    address: optionalText(1000),
  })
  .superRefine((c, ctx) => {
    if (c.user_type === 'company' && !c.company_name)
      ctx.addIssue({ code: 'custom', path: ['company_name'], message: M.companyNameRequired });
    if (c.user_type === 'individual') {
      if (!c.first_name) ctx.addIssue({ code: 'custom', path: ['first_name'], message: M.firstNameRequired });
      if (!c.last_name) ctx.addIssue({ code: 'custom', path: ['last_name'], message: M.lastNameRequired });
    }
  })
  .transform((c) => (c.user_type === 'individual' ? { ...c, company_name: null } : c));
export type CustomerBody = z.output<typeof customerBody>;
export type CustomerInput = z.input<typeof customerBody>;

// Replies ----------------------------------------------------------------------------------------

export type OrderItemReply = {
  id: number;
  product_id: number | null;
  product_stock_id: number | null;
  product_name: string;
  sku: string | null;
  variant: string | null;
  unit_selling_label: string | null;
  quantity: number;
  price: string;
  discount: number;
  vat_id: number | null;
  vat_info: { vat_status: boolean; type: 'percentage' | 'fixed' | 'exempt' | 'zero'; rate: number } | null;
  tax_amount: string;
  line_total: string;
};

export type PaymentRecordReply = {
  id: number;
  status: string;
  amount: string;
  payment_type: string;
  payment_date: string;
  transaction_id: string | null;
  payment_details: string | null;
  created_at: string;
};

export type OrderAuditReply = {
  id: number;
  action: string;
  user: string | null;
  changes: Record<string, unknown>;
  created_at: string;
};

/** GET /api/orders/{id}: the whole order as the edit page reads it. */
export type OrderReply = {
  id: number;
  order_code: string;
  user_id: number | null;
  customer: {
    id: number;
    first_name: string | null;
    last_name: string | null;
    email: string;
    phone: string | null;
    user_type: string;
    company_name: string | null;
  } | null;
  seller_id: number | null;
  carrier_id: number | null;
  order_from: 'backend' | 'web';
  customer_email: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_phone: string | null;
  delivery_status: string;
  status_reason: string | null;
  delivered_date: string | null;
  payment_status: string;
  payment_intent: string;
  payment_type: string | null;
  amount_paid: string;
  delivery_required: boolean;
  delivery_address: string | null;
  shipping_cost: string;
  shipping_type: string;
  pickup_point_id: number | null;
  tracking_code: string | null;
  address: string | null;
  global_discount: number;
  currency_id: number | null;
  currency_code: string;
  currency_symbol: string;
  payment_date: string | null;
  transaction_id: string | null;
  payment_details: string | null;
  notified: boolean;
  delivery_date: string | null;
  additional_info: string | null;
  stock_deducted_at: string | null;
  vat_enabled: boolean;
  vat_method: 'inclusive' | 'exclusive';
  items_total: string;
  vat_total: string;
  discount_total: string;
  grand_total: string;
  items_locked: boolean;
  order_items: OrderItemReply[];
  payments: PaymentRecordReply[];
  audit: OrderAuditReply[];
  created_at: string;
  updated_at: string;
};

/** A row of GET /admin/orders. */
export type OrderListRow = {
  id: number;
  order_code: string;
  customer_name: string;
  customer_email: string | null;
  order_from: 'backend' | 'web';
  delivery_status: string;
  payment_status: string;
  grand_total: string;
  amount_paid: string;
  currency_symbol: string;
  items_count: number;
  created_at: string;
};

/** Reply of create, update and update-items. */
export type OrderSavedReply = {
  message: string;
  order: { id: number; order_code: string; grand_total: string };
  stock_reversed: boolean;
};

/** GET /api/orders/form/reference-data → { data }. users: the 50 newest customers (search for more). */
export type OrderReferenceDataReply = {
  data: {
    users: { id: number; name: string; email: string }[];
    sellers: { id: number; name: string }[];
    carriers: { id: number; name: string; price: string }[];
    pickup_points: { id: number; name: string; address: string; service_fee: string }[];
  };
};

/** GET /api/orders/{id}/stock-status → { success, data }. */
export type OrderStockStatusReply = {
  success: true;
  data: {
    stock_management_enabled: boolean;
    deduction_timing: string;
    stock_deducted_at: string | null;
    is_credit_order: boolean;
    items: {
      order_item_id: number;
      product_name: string;
      variant: string | null;
      quantity: number;
      available: number;
      deducted: boolean;
    }[];
  };
};

/** POST /api/orders/{id}/deduct-stock | deduct-stock-credit | reset-stock-deduction. */
export type OrderStockActionReply = {
  success: boolean;
  message: string;
  order: { stock_deducted_at: string | null };
  deducted_items: { product_name: string; variant: string | null; quantity: number }[];
};

/** GET /admin/orders/{id}/documents → { documents, document_status }. */
export type OrderDocumentsReply = {
  documents: {
    id: number;
    document_type: string;
    document_number: string | null;
    version: number;
    size: number;
    created_at: string;
    created_by: string | null;
  }[];
  /** Per document type: whether it may be generated now (spec 1 §4 "Document availability"). */
  document_status: Record<string, { available: boolean; latest_id: number | null; count: number }>;
};

/** GET /admin/orders/{id}/customer-link-status. */
export type CustomerLinkStatusReply = {
  success: true;
  data: {
    status: 'never_sent' | 'active' | 'expired' | 'used_up' | 'error';
    sent_at: string | null;
    expires_at: string | null;
    uses_remaining: number | null;
    button_label: string;
  };
};

/** GET /api/customers?search= → { data }. */
export type CustomerReply = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  mobile: string | null;
  user_type: 'individual' | 'company';
  company_name: string | null;
  company_registration_number: string | null;
  vat_number: string | null;
  roles: string[];
  address: string | null;
};

/** Order documents and the customer link (spec 1 §7, §8; DECISIONS 11, 12; docs/decisions/0032). */
export const ORDER_DOCUMENT_MESSAGES = {
  // spec 1 §8 Documents (shown by the screen when a call fails)
  loadFailed: 'Failed to load documents',
  viewFailed: 'Failed to view document',
  emailFailed: 'Failed to send document email',
  historyFailed: 'Failed to load document history',
  deleteFailed: 'Failed to delete document',
  // spec 1 §8 Customer link
  saveOrderFirstLink: ORDER_MESSAGES.saveOrderFirstLink,
  orderIdRequiredForLink: 'Order ID is required to send customer link.',
  linkSendFailed: 'Failed to send customer order link. Please try again.',
  // server
  documentType: 'Please choose a document type.',
  documentNotFound: 'Document not found.',
  notGeneratedYet: 'This document has not been generated yet. Generate it first.',
  generated: 'Document generated',
  upToDate: 'The latest version is up to date',
  documentFileMissing: 'The document file was not found.',
  customerEmailRequired: 'The order has no customer e-mail address to send the document to.',
  emailSent: ORDER_MESSAGES.documentEmailSent,
  deleted: ORDER_MESSAGES.documentDeleted,
  linkSent: ORDER_MESSAGES.linkSent,
  customerEmailRequiredForLink: ORDER_MESSAGES.customerEmailRequiredForLink,
  // public page (DECISIONS 11)
  linkUnknown: 'This order link is not valid. Please ask the shop for a new link.',
  linkExpired: 'This order link has expired. Please ask the shop for a new link.',
  linkUsedUp:
    'This order link has been used the maximum number of times. Please ask the shop for a new link.',
} as const;

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { message: ORDER_DOCUMENT_MESSAGES.documentType });

/** POST /admin/orders/{id}/send-document-email. */
export const sendDocumentEmailBody = z.object({ document_type: documentTypeSchema });

/**
 * POST /admin/orders/{id}/documents/{type}/generate (docs/decisions/0032): makes the document
 * current — reuses the latest version while the order is unchanged, else (or when `fresh`) makes a
 * new one. GET …/documents/view/{type} then only shows the latest stored version.
 */
export const generateDocumentBody = z
  .object({ fresh: z.boolean({ error: 'Must be true or false.' }).optional() })
  .optional()
  .transform((body) => ({ fresh: body?.fresh ?? false }));

/** POST …/documents/{type}/generate → the version the viewer opens. */
export type OrderDocumentGeneratedReply = {
  success: true;
  message: string;
  document_id: number;
  version: number;
  generated: boolean;
};

/** GET /admin/orders/{id}/documents/{type}/history → { history }. */
export type OrderDocumentHistoryReply = { history: OrderDocumentsReply['documents'] };

/** POST /admin/orders/{id}/send-document-email, DELETE …/documents/{docId}. */
export type OrderDocumentActionReply = { success: boolean; message: string };

/** POST /admin/orders/{id}/send-customer-link. */
export type SendCustomerLinkReply = {
  success: boolean;
  message: string;
  data: CustomerLinkStatusReply['data'];
};

/** The public order-link page (DECISIONS 11): what the customer sees of the order. */
/** GET /order-link/{token}: the page before the order is opened (no order data). */
export type OrderLinkGateProps = { token: string; uses_remaining: number; expires_at: string };

export type OrderLinkView = {
  order_code: string;
  created_at: string;
  customer_name: string;
  currency_symbol: string;
  items: {
    id: number;
    name: string;
    variant: string | null;
    quantity: number;
    unit_price: number;
    line_total: number;
  }[];
  items_total: number;
  vat_total: number;
  shipping_cost: number;
  discount_total: number;
  grand_total: number;
  amount_paid: number;
  amount_due: number;
  payment_status: string;
  delivery_status: string;
  /** The payment page for this order while something is due and it can be paid, else null. */
  pay_url: string | null;
  uses_remaining: number;
  expires_at: string;
};
