/**
 * The kinds of e-mail and rental document templates, the variables each may use, and the sample
 * values previews and test e-mails are rendered with (spec 2 §3, §7; docs/decisions/0028).
 */
export type TemplateVariable = { name: string; description: string; sample: string };
export type TemplateType = { value: string; label: string; variables: readonly TemplateVariable[] };

const v = (name: string, description: string, sample: string): TemplateVariable => ({
  name,
  description,
  sample,
});

/** Variables every template may use. The sample shop name holds an "&" on purpose. */
const SHOP = [
  v('shop_name', 'The shop name', 'Emporium Health & Home'),
  v('shop_email', "The shop's e-mail address", 'shop@emporium.test'),
  v('shop_phone', "The shop's phone number", '+230 5250 0000'),
  v('current_date', "Today's date", '22/11/2026'),
];
const CUSTOMER = [
  v('customer_name', "The customer's full name", 'Chloé Customer'),
  v('customer_email', "The customer's e-mail address", 'customer@demo.test'),
];

export const EMAIL_TEMPLATE_TYPES = [
  {
    value: 'order_confirmation',
    label: 'Order confirmation',
    variables: [
      ...CUSTOMER,
      v('order_code', 'The order code', 'ORD-2026-000042'),
      v('order_date', 'The order date', '22/11/2026'),
      v('grand_total', 'The grand total with currency', '$1,249.50'),
      v('payment_method', 'The payment method', 'Cash on delivery'),
      v('delivery_address', 'The delivery address', '4 Rue La Bourdonnais, Curepipe'),
      v('order_link', 'The link to the order', 'https://shop.example.test/order-link/abc123'),
      ...SHOP,
    ],
  },
  {
    value: 'order_status_update',
    label: 'Order status update',
    variables: [
      ...CUSTOMER,
      v('order_code', 'The order code', 'ORD-2026-000042'),
      v('order_status', 'The new status', 'Shipped'),
      v('tracking_number', 'The tracking number', 'TRK-778812'),
      ...SHOP,
    ],
  },
  {
    value: 'password_reset',
    label: 'Password reset',
    variables: [
      ...CUSTOMER,
      v('reset_link', 'The single-use reset link', 'https://shop.example.test/reset-password/token'),
      v('expires_in_minutes', 'Minutes the link stays valid', '60'),
      ...SHOP,
    ],
  },
  {
    value: 'welcome',
    label: 'Welcome',
    variables: [...CUSTOMER, v('login_link', 'The sign-in link', 'https://shop.example.test/login'), ...SHOP],
  },
  {
    value: 'rental_reminder',
    label: 'Rental payment reminder',
    variables: [
      ...CUSTOMER,
      v('booking_code', 'The rental booking code', 'RNT-2026-000007'),
      v('amount_due', 'The amount due with currency', '$85.00'),
      v('due_date', 'The due date', '01/12/2026'),
      v('payment_link', 'The payment link', 'https://shop.example.test/payment/RNT-2026-000007'),
      ...SHOP,
    ],
  },
  { value: 'custom', label: 'Custom', variables: [...CUSTOMER, ...SHOP] },
] as const satisfies readonly TemplateType[];

export const RENTAL_TEMPLATE_TYPES = [
  {
    value: 'rental_agreement',
    label: 'Rental agreement',
    variables: [
      ...CUSTOMER,
      v('customer_address', "The customer's address", '4 Rue La Bourdonnais, Curepipe'),
      v('company_name', "The customer's company", 'Lagoon Traders & Co'),
      v('booking_code', 'The rental booking code', 'RNT-2026-000007'),
      v('start_date', 'The rental start date', '01/12/2026'),
      v('end_date', 'The rental end date', '01/03/2027'),
      v('items_table', 'The rented items', 'Hospital bed × 1; Wheelchair × 1'),
      v('monthly_total', 'The monthly total with currency', '$85.00'),
      v('deposit_amount', 'The deposit with currency', '$150.00'),
      ...SHOP,
    ],
  },
  {
    value: 'delivery_note',
    label: 'Delivery note',
    variables: [
      ...CUSTOMER,
      v('booking_code', 'The rental booking code', 'RNT-2026-000007'),
      v('delivery_date', 'The delivery date', '01/12/2026'),
      v('delivery_address', 'The delivery address', '4 Rue La Bourdonnais, Curepipe'),
      v('items_table', 'The delivered items', 'Hospital bed × 1; Wheelchair × 1'),
      ...SHOP,
    ],
  },
  {
    value: 'return_note',
    label: 'Return note',
    variables: [
      ...CUSTOMER,
      v('booking_code', 'The rental booking code', 'RNT-2026-000007'),
      v('return_date', 'The return date', '01/03/2027'),
      v('items_table', 'The returned items', 'Hospital bed × 1; Wheelchair × 1'),
      ...SHOP,
    ],
  },
  {
    value: 'rental_invoice',
    label: 'Rental invoice',
    variables: [
      ...CUSTOMER,
      v('booking_code', 'The rental booking code', 'RNT-2026-000007'),
      v('invoice_number', 'The invoice number', 'INV-2026-000013'),
      v('period', 'The billed period', 'December 2026'),
      v('amount_due', 'The amount due with currency', '$85.00'),
      ...SHOP,
    ],
  },
] as const satisfies readonly TemplateType[];

export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number]['value'];
export type RentalTemplateType = (typeof RENTAL_TEMPLATE_TYPES)[number]['value'];

export const EMAIL_TEMPLATE_TYPE_VALUES = EMAIL_TEMPLATE_TYPES.map((t) => t.value) as [
  EmailTemplateType,
  ...EmailTemplateType[],
];
export const RENTAL_TEMPLATE_TYPE_VALUES = RENTAL_TEMPLATE_TYPES.map((t) => t.value) as [
  RentalTemplateType,
  ...RentalTemplateType[],
];

/** The sample value of each variable of a type, for previews and test e-mails. */
export function sampleValues(types: readonly TemplateType[], type: string): Record<string, string> {
  const found = types.find((t) => t.value === type);
  return Object.fromEntries((found?.variables ?? []).map((variable) => [variable.name, variable.sample]));
}
