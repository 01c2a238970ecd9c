import { z } from 'zod';
import { isCardNumber } from '../domain/payments/card-number';
import { EMAIL_MESSAGE, optionalText, parseNumberText } from './common';

/** spec 3 §5 Checkout: the form's labels, used in its "{label} is required" messages. */
export const CHECKOUT_LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  address: 'Street Address',
  country_id: 'Country',
  state_id: 'State/Province',
  city: 'City',
} as const;

export type CheckoutLabelledField = keyof typeof CHECKOUT_LABELS;

/** spec 3 §5 Checkout, §8 Storefront (word for word), and the shop's own for what the spec leaves open. */
export const CHECKOUT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  email: EMAIL_MESSAGE,
  shippingMethod: 'Please select a shipping method',
  pickupPoint: 'Please select a pickup point',
  paymentMethod: 'Please select a payment method',
  loadingPickupPoints: 'Loading pickup points...',
  noPickupPoints: 'No pickup points available',
  pickupPointsError: 'Error loading pickup points',
  calculating: 'Calculating...',
  cartEmpty: 'Your cart is empty',
  placed: 'Order placed successfully!',
  orderFailed: 'Order processing failed',
  // Not in the spec: docs/decisions/0051.
  shippingUnavailable: 'This shipping method is not available for this address.',
  pickupPointUnknown: 'The selected pickup point is not available.',
  countryUnknown: 'The selected country is not available.',
  stateUnknown: 'The selected state is not in this country.',
  outOfStock: (name: string, available: number) =>
    available <= 0
      ? `${name} is out of stock. Please remove it from your cart.`
      : `Only ${available} of ${name} left in stock. Please lower the quantity in your cart.`,
} as const;

const M = CHECKOUT_MESSAGES;
const L = CHECKOUT_LABELS;

const requiredText = (field: CheckoutLabelledField, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
    z
      .string({ error: M.required(L[field]) })
      .min(1, M.required(L[field]))
      .max(max, `${L[field]} may be at most ${max} characters.`),
  );

/** A chosen id: empty means not chosen ("{label} is required" or the choice's own message). */
const chosenId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : parseNumberText(v)),
    z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message),
  );

/** The shipping choice: a shipping method's id, or "pickup" (spec 3 §4 "choosing pickup"). */
export const PICKUP_CHOICE = 'pickup';

/**
 * POST /checkout (DECISIONS 18): the form of spec 3 §3 "Checkout form fields". Items and prices
 * are never part of it: the order is made from the server's cart and prices.
 */
export const checkoutBody = z
  .object({
    first_name: requiredText('first_name', 255),
    last_name: requiredText('last_name', 255),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
      z
        .string({ error: M.required(L.email) })
        .min(1, M.required(L.email))
        .max(255, M.email)
        .pipe(z.email({ error: M.email }))
        .transform((e) => e.toLowerCase()),
    ),
    phone: requiredText('phone', 50),
    address: requiredText('address', 1000),
    country_id: chosenId(M.required(L.country_id)),
    state_id: chosenId(M.required(L.state_id)),
    city: requiredText('city', 255),
    city_id: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : parseNumberText(v)),
      z.number({ error: 'This id is not valid.' }).int().min(1).max(2_147_483_647).nullable(),
    ),
    shipping_method: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : String(v)),
      z.string({ error: M.shippingMethod }).regex(/^(pickup|[1-9][0-9]{0,9})$/, M.shippingMethod),
    ),
    pickup_point_id: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : parseNumberText(v)),
      z
        .number({ error: M.pickupPoint })
        .int(M.pickupPoint)
        .min(1, M.pickupPoint)
        .max(2_147_483_647)
        .nullable(),
    ),
    payment_type: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : v),
      z.string({ error: M.paymentMethod }).max(50, M.paymentMethod),
    ),
    notes: optionalText(2000),
  })
  .superRefine((body, issue) => {
    if (body.shipping_method === PICKUP_CHOICE && body.pickup_point_id === null)
      issue.addIssue({ code: 'custom', path: ['pickup_point_id'], message: M.pickupPoint });
  });

export type CheckoutBody = z.output<typeof checkoutBody>;
export type CheckoutInput = z.input<typeof checkoutBody>;

/** GET /checkout/get-states?country_id= */
export const statesOfCountryQuery = z.object({
  country_id: chosenId(M.required(L.country_id)),
});

/** POST /checkout's answer: where the browser goes next (DECISIONS 18). */
export type CheckoutPlacedReply = {
  success: true;
  message: string;
  order_code: string;
  redirect_url: string;
};

export type CheckoutChoice = { id: number; name: string };

export type CheckoutShippingMethod = {
  id: number;
  name: string;
  description: string | null;
  estimated_days_min: number;
  estimated_days_max: number;
};

export type CheckoutPickupPoint = {
  id: number;
  name: string;
  address: string;
  service_fee: number;
  operating_hours: string | null;
};

export type CheckoutPaymentMethod = {
  code: string;
  name: string;
  description: string | null;
  instructions: string | null;
};

/** What the checkout page is rendered with (spec 3 §5 Checkout; prefilled for a signed-in user). */
export type CheckoutPageProps = {
  cart: {
    items: {
      id: number;
      name: string;
      variant: string | null;
      quantity: number;
      price: number;
      subtotal: number;
      product_id: number;
      product_stock_id: number | null;
    }[];
    subtotal: number;
    tax: number;
    total: number;
    count: number;
  };
  currency_symbol: string;
  countries: CheckoutChoice[];
  shipping_methods: CheckoutShippingMethod[];
  payment_methods: CheckoutPaymentMethod[];
  prefill: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
  };
};

/** The buyer's view of a placed order (confirmation and payment pages). */
export type PlacedOrderView = {
  order_code: string;
  created_at: string;
  customer_name: string;
  email: string | null;
  items: { name: string; variant: string | null; quantity: number; price: string; line_total: string }[];
  items_total: string;
  vat_total: string;
  shipping_cost: string;
  grand_total: string;
  amount_paid: string;
  currency_symbol: string;
  payment_status: string;
  payment_type: string | null;
  payment_method_name: string | null;
  payment_instructions: string | null;
  delivery_status: string;
  shipping: string;
  delivery_address: string | null;
  pickup_point: { name: string; address: string } | null;
  card: { brand: string | null; last4: string | null } | null;
  /** Where to pay it, while it can be paid by card; null otherwise. */
  pay_url: string | null;
};

/** Card payment (DECISIONS 19, docs/decisions/0052); 'Unable to process payment…' is spec 3 §8. */
export const CARD_MESSAGES = {
  cardNumber: 'Please enter a valid card number',
  expiry: 'Please enter a valid expiry date (MM/YY)',
  cvc: 'Please enter the security code',
  declined: 'Your card was declined. No payment was taken; you can try again.',
  cancelled: 'The payment was cancelled. No payment was taken; you can try again.',
  paid: 'Payment received. Thank you!',
  nothingDue: 'This order has nothing left to pay.',
  unverified: 'The payment result could not be verified.',
  amountMismatch: 'The paid amount does not match the order.',
  unknownPayment: 'This payment is not known to the shop.',
  unableToPay: 'Unable to process payment. Please try again.',
  sandboxRequest: 'This payment request is not valid.',
} as const;

const C = CARD_MESSAGES;

/** POST /payment/{orderCode}/card: the receipt token when the buyer has no account session. */
export const startCardPaymentBody = z.object({
  token: z.string().max(200).optional(),
});

const signedField = z.string().max(500).default('');

/** POST /payment-sandbox/pay: the hosted page's form (the shop's signed request and the test card). */
export const sandboxPayBody = z
  .object({
    reference: signedField,
    amount: signedField,
    currency: signedField,
    return_url: signedField,
    signature: signedField,
    action: z.enum(['pay', 'cancel']).default('pay'),
    card_number: z.string().max(40).default(''),
    expiry: z.string().max(10).default(''),
    cvc: z.string().max(10).default(''),
  })
  .superRefine((body, issue) => {
    if (body.action === 'cancel') return;
    if (!isCardNumber(body.card_number))
      issue.addIssue({ code: 'custom', path: ['card_number'], message: C.cardNumber });
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(body.expiry))
      issue.addIssue({ code: 'custom', path: ['expiry'], message: C.expiry });
    if (!/^\d{3,4}$/.test(body.cvc)) issue.addIssue({ code: 'custom', path: ['cvc'], message: C.cvc });
  });

/** POST /payment/callback: the gateway's signed result, relayed by the buyer's browser. */
export const paymentCallbackBody = z.object({
  reference: signedField,
  status: signedField,
  amount: signedField,
  currency: signedField,
  transaction_id: signedField,
  brand: signedField,
  last4: signedField,
  signature: signedField,
});

export type PaymentPageProps = {
  order: PlacedOrderView;
  token: string | null;
  /** The last card attempt's outcome, shown once back from the gateway. */
  last_attempt: 'paid' | 'declined' | 'cancelled' | null;
  payable: boolean;
};

export type CardSandboxProps = {
  request: { reference: string; amount: string; currency: string; return_url: string; signature: string };
  merchant: string;
  test_cards: { approved: string; declined: string };
};

export type SandboxPayReply = {
  success: true;
  status: 'paid' | 'declined' | 'cancelled';
  callback: { url: string; fields: Record<string, string> };
  return_url: string;
};
