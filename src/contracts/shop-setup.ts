import { z } from 'zod';
import { codeFromName } from '../domain/payments/configuration-secrets';
import {
  EMAIL_MESSAGE,
  formBoolean,
  listQuery,
  moneyAmount,
  optionalText,
  parseNumberText,
  recordId,
} from './common';

/**
 * Shop setup: pickup points and payment methods (spec 2 §2, §3, §4, §7, §8, §9;
 * docs/decisions/0023).
 */

// Pickup points ----------------------------------------------------------------------------------

export const PICKUP_POINT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'The name may not be longer than 255 characters.',
  addressRequired: 'Address is required',
  addressTooLong: 'The address may not be longer than 500 characters.',
  email: EMAIL_MESSAGE,
  serviceFee: 'The service fee must be a number of 0 or more.',
  status: 'The status must be 1 (active) or 0 (inactive).',
  notFound: 'Pickup point not found.',
  created: 'Pickup point created.',
  updated: 'Pickup point updated.',
  deleted: 'Pickup point deleted.',
  /** spec 2 §8: the screen's fallbacks when the server gives no message. */
  saveFailed: 'Failed to save',
  deleteFailed: 'Failed to delete',
  loadFailed: 'Error loading pickup points',
} as const;

/** spec 2 §9: lists 10 per page. */
export const PICKUP_POINTS_PER_PAGE = 10;

const P = PICKUP_POINT_MESSAGES;

/** Amounts arrive as numbers or decimal text ("12.50"). */
const serviceFee = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 0 : v),
  moneyAmount(P.serviceFee, { decimals: 'The service fee may have at most 2 decimals.' }),
);

/** spec 2 §3: numeric status, 1 active (the default), 0 inactive. */
const pickupStatus = z.preprocess(
  (v) =>
    v === undefined || v === null || v === '' ? 1 : v === true ? 1 : v === false ? 0 : parseNumberText(v),
  z.union([z.literal(0), z.literal(1)], { error: P.status }),
);

/** POST /api/pickup-points and PUT /api/pickup-points/{id}. */
export const pickupPointBody = z.object({
  name: z.string({ error: P.nameRequired }).trim().min(1, P.nameRequired).max(255, P.nameTooLong),
  address: z.string({ error: P.addressRequired }).trim().min(1, P.addressRequired).max(500, P.addressTooLong),
  phone: optionalText(50),
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(255)
      .pipe(z.email({ error: P.email }))
      .nullable()
      .optional(),
  ),
  operating_hours: optionalText(1000),
  service_fee: serviceFee,
  status: pickupStatus,
});
export type PickupPointBody = z.output<typeof pickupPointBody>;
export type PickupPointInput = z.input<typeof pickupPointBody>;

export const pickupPointsListQuery = listQuery({
  sorts: ['name', 'service_fee', 'status', 'created_at'],
  defaultSort: 'name',
  defaultPerPage: PICKUP_POINTS_PER_PAGE,
}).extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1']).optional()),
});
export type PickupPointsListQuery = z.output<typeof pickupPointsListQuery>;

export type PickupPointReply = {
  id: number;
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  operating_hours: string | null;
  service_fee: number;
  status: 0 | 1;
  created_at: string;
  updated_at: string;
};

export type PickupPointSavedReply = { success: true; message: string; data: PickupPointReply };
export type PickupPointDeletedReply = { success: true; message: string };
export type ActivePickupPointsReply = { pickup_points: PickupPointReply[] };

// Payment methods --------------------------------------------------------------------------------

/** spec 2 §4. */
export const PAYMENT_METHOD_STATUSES = ['enabled', 'backend_only', 'shop_only', 'disabled'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];
export const PAYMENT_METHOD_STATUS_LABELS: Record<PaymentMethodStatus, string> = {
  enabled: 'Enabled',
  backend_only: 'Backend Only',
  shop_only: 'Shop Only',
  disabled: 'Disabled',
};

/** Icons: images only, judged by their content, under 2 MB (as spec 2 §5 says for the logo). */
export const ICON_MAX_BYTES = 2 * 1024 * 1024;
export const ICON_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const ICON_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export const PAYMENT_METHOD_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'The name may not be longer than 255 characters.',
  codeFormat: 'The code may contain only lower-case letters, digits and underscores (at most 50).',
  codeEmpty: 'Please enter a code: the name has no letters or digits to make one from.',
  codeTaken: 'The code has already been taken.',
  descriptionTooLong: 'The description may not be longer than 1000 characters.',
  instructionsTooLong: 'The instructions may not be longer than 5000 characters.',
  status: 'Please choose a status: Enabled, Backend Only, Shop Only or Disabled.',
  displayOrder: 'The display order must be a whole number of 0 or more.',
  configuration: 'The configuration must be a JSON object of names and values.',
  configurationKey: 'Configuration names may contain letters, digits, dashes and underscores (at most 100).',
  iconType: 'The icon must be an image of type JPEG, PNG, GIF or WebP.',
  iconSize: 'The icon must be smaller than 2MB.',
  iconUnreadable: 'The icon could not be read as an image.',
  orders: 'Please send the order of the payment methods.',
  ordersUnknown: 'One of the payment methods no longer exists. Please reload the page.',
  ordersDuplicate: 'Each payment method may appear only once.',
  notFound: 'Payment method not found.',
  created: 'Payment method created.',
  updated: 'Payment method updated.',
  deleted: 'Payment method deleted.',
  statusUpdated: 'Payment method status updated.',
  orderUpdated: 'Payment method order updated.',
  /** spec 2 §8. */
  loadFailed: 'Failed to load payment methods. Please try again.',
  loadOneFailed: 'Error loading payment method',
  statusFailed: 'Failed to update payment method status. Please try again.',
  orderFailed: 'Failed to update payment method order. Please try again.',
  correctErrors: 'Please correct the errors below.',
  saveFailed: 'Failed to save payment method. Please try again.',
  deleteFailed: 'Failed to delete payment method. Please try again.',
} as const;

const M = PAYMENT_METHOD_MESSAGES;

const configurationValue = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]);

/** The configuration arrives as JSON text in the multipart form (spec 2 §7), or as an object. */
export const configurationField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return Symbol('invalid');
    }
  },
  z
    .record(z.string(), configurationValue, { error: M.configuration })
    .refine((c) => Object.keys(c).every((k) => /^[A-Za-z0-9_-]{1,100}$/.test(k)), M.configurationKey)
    .refine((c) => Object.keys(c).length <= 50, M.configuration),
);

/**
 * POST /api/payment-methods and POST /api/payment-methods/{id} with _method=PUT: multipart form
 * fields (the icon file travels beside them). The code is made from the name when blank.
 */
export const paymentMethodBody = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(255, M.nameTooLong),
    code: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null ? '' : v),
      z.union([z.literal(''), z.string().regex(/^[a-z0-9_]{1,50}$/, M.codeFormat)]).default(''),
    ),
    description: optionalText(1000),
    instructions: optionalText(5000),
    status: z.enum(PAYMENT_METHOD_STATUSES, { error: M.status }).default('enabled'),
    display_order: z.preprocess(
      (v) => (v === '' || v === null ? undefined : parseNumberText(v)),
      z
        .number({ error: M.displayOrder })
        .int(M.displayOrder)
        .min(0, M.displayOrder)
        .max(1_000_000, M.displayOrder)
        .optional(),
    ),
    configuration: configurationField,
    remove_icon: formBoolean.default(false),
  })
  .transform((body, ctx) => {
    const code = body.code || codeFromName(body.name);
    if (!code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: M.codeEmpty });
      return z.NEVER;
    }
    return { ...body, code, code_from_name: body.code === '' };
  });
export type PaymentMethodBody = z.output<typeof paymentMethodBody>;
export type PaymentMethodInput = z.input<typeof paymentMethodBody>;

/** POST /api/payment-methods/{id}/status. */
export const paymentMethodStatusBody = z.object({
  status: z.enum(PAYMENT_METHOD_STATUSES, { error: M.status }),
});

/** POST /api/payment-methods/order: every method's place, saved as a whole (spec 2 §4). */
export const paymentMethodOrderBody = z.object({
  orders: z
    .array(
      z.object({
        id: recordId,
        display_order: z.preprocess(
          parseNumberText,
          z
            .number({ error: M.displayOrder })
            .int(M.displayOrder)
            .min(0, M.displayOrder)
            .max(1_000_000, M.displayOrder),
        ),
      }),
      { error: M.orders },
    )
    .min(1, M.orders)
    .max(500, M.orders)
    .refine((orders) => new Set(orders.map((o) => o.id)).size === orders.length, M.ordersDuplicate),
});
export type PaymentMethodOrderBody = z.output<typeof paymentMethodOrderBody>;

export type PaymentMethodReply = {
  id: number;
  name: string;
  code: string;
  description: string | null;
  instructions: string | null;
  status: PaymentMethodStatus;
  status_label: string;
  display_order: number;
  icon: string | null;
  icon_file_id: number | null;
  /** Secrets masked (docs/decisions/0023). */
  configuration: Record<string, string | number | boolean | null>;
  created_at: string;
  updated_at: string;
};

export type PaymentMethodsReply = { payment_methods: PaymentMethodReply[] };
export type PaymentMethodDetailReply = { payment_method: PaymentMethodReply };
export type PaymentMethodSavedReply = { success: true; message: string; payment_method: PaymentMethodReply };
export type PaymentMethodsMessageReply = { success: true; message: string };
