import { z } from 'zod';
import {
  type ALL_ADDRESS_TYPES,
  addressRequiredMessage,
  addressTypesOf,
  invalidAddressTypeMessage,
  REQUIRED_ADDRESS_PARTS,
} from '../domain/customer-areas/party-addresses';
import type { Paged } from '../domain/paging/paging';
import { AUTH_MESSAGES } from './accounts';
import { emailSchema, formBoolean, optionalText, pageParam } from './common';
import type { CreditTransactionView, PartnerCreditData } from './credit';

/** Words of the customer areas: spec 3 §8 "Dashboards", "Profile and address"; the shop's own otherwise. */
export const AREA_MESSAGES = {
  // spec 3 §8 Dashboards
  dashboardFailed: 'Failed to load dashboard data',
  payFailed: 'Unable to process payment. Please try again.',
  modifyFailed: 'Unable to modify order. Please try again.',
  // spec 3 §8 Profile and address
  loadingError: 'Error loading',
  updatingError: 'Error updating',
  savingError: 'Error saving',
  deletingError: 'Error deleting',
  defaultError: 'Error setting default address',
  // the shop's
  orderNotFound: 'This order was not found.',
  addressNotFound: 'This address was not found.',
  notModifiable: 'Only an unpaid order that is still pending can be modified.',
  nothingDue: 'This order has nothing left to pay.',
  modified: 'The order’s items are back in your cart and the order has been cancelled.',
  modifyReason: 'Modified by the customer: items returned to the cart',
  profileUpdated: 'Your profile has been updated.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is incorrect.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  defaultSet: 'Default address updated.',
} as const;
const M = AREA_MESSAGES;

export const areaOrdersQuery = z.object({ page: pageParam });
export type AreaOrdersQuery = z.infer<typeof areaOrdersQuery>;

/** spec 3 §3 Customer area "Profile" (PUT /api/{role}/profile): the signed-in user's own details. */
export const areaProfileBody = z.object({
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: emailSchema,
  phone: optionalText(50),
  mobile: optionalText(50),
  company_name: optionalText(200),
});
export type AreaProfileBody = z.infer<typeof areaProfileBody>;

/** spec 3 §3 "Password form": current_password, password, password_confirmation. */
export const areaPasswordBody = z
  .object({
    current_password: z
      .string({ error: M.currentPasswordRequired })
      .min(1, M.currentPasswordRequired)
      .max(1024),
    password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(8, AUTH_MESSAGES.passwordMin).max(1024),
    password_confirmation: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation)
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: AUTH_MESSAGES.passwordConfirmation,
      });
  });
export type AreaPasswordBody = z.infer<typeof areaPasswordBody>;

/**
 * An address of the area's party role (spec 3 §3 Address, §5 Addresses, §6): the type is one of the
 * role's; address, city, state and country are required with '{type} {field} is required'.
 */
export function areaAddressBody(role: string) {
  const types = addressTypesOf(role);
  return z
    .object({
      type: z.string({ error: invalidAddressTypeMessage(role) }).max(30),
      address: optionalText(500),
      city: optionalText(100),
      state: optionalText(100),
      postal_code: optionalText(20),
      country: optionalText(100),
      phone: optionalText(50),
      is_default: formBoolean.optional().default(false),
    })
    .superRefine((value, ctx) => {
      if (!types.includes(value.type))
        ctx.addIssue({ code: 'custom', path: ['type'], message: invalidAddressTypeMessage(role) });
      const label = types.includes(value.type) ? value.type : (types[0] ?? 'address');
      for (const part of REQUIRED_ADDRESS_PARTS) {
        if (!value[part])
          ctx.addIssue({ code: 'custom', path: [part], message: addressRequiredMessage(label, part) });
      }
    });
}
export type AreaAddressBody = z.infer<ReturnType<typeof areaAddressBody>>;
export type AreaAddressType = (typeof ALL_ADDRESS_TYPES)[number];

// Replies

export type AreaOrderSummary = {
  id: number;
  order_code: string;
  created_at: string;
  items_count: number;
  grand_total: string;
  amount_paid: string;
  currency_symbol: string;
  payment_status: string;
  delivery_status: string;
  can_pay: boolean;
  can_modify: boolean;
};

export type AreaOrderDetail = AreaOrderSummary & {
  items: { name: string; variant: string | null; quantity: number; price: string; line_total: string }[];
  items_total: string;
  vat_total: string;
  discount_total: string;
  shipping_cost: string;
  shipping_type: string;
  delivery_address: string | null;
  payment_type: string | null;
  tracking_code: string | null;
  status_reason: string | null;
};

export type AreaOrdersPage = Paged<AreaOrderSummary>;

export type AreaUser = {
  first_name: string | null;
  last_name: string | null;
  email: string;
  full_name: string;
};

export type AreaOrderStats = {
  total_orders: number;
  unpaid_orders: number;
  total_spent: string;
  currency_symbol: string;
};

/** spec 3 §3 Customer area "Dashboard"; the partner's credit parts arrive with the credit issue. */
export type AreaDashboardData = {
  user: AreaUser;
  greeting: string;
  role: string;
  stats: AreaOrderStats | null;
  recent_orders: AreaOrderSummary[] | null;
  address_count: number;
};

export type AreaProfile = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  mobile: string | null;
  mobile_verified_at: string | null;
  company_name: string | null;
  roles: string[];
};

export type AreaAddress = {
  id: number;
  type: string;
  address: string;
  city: { name: string } | null;
  state: { name: string } | null;
  country: { name: string } | null;
  postal_code: string | null;
  phone: string | null;
  is_default: boolean;
};

/** The props of the area pages (server-rendered, then hydrated). */
export type AreaPageBase = { role: string };
export type AreaDashboardProps = AreaPageBase & {
  dashboard: AreaDashboardData;
  /** The partner's credit account and its 5 latest transactions (spec 3 §3); null for other roles. */
  credit?: { account: PartnerCreditData; transactions: CreditTransactionView[] } | null;
};
export type AreaOrdersProps = AreaPageBase & { orders: AreaOrdersPage };
export type AreaOrderProps = AreaPageBase & { order: AreaOrderDetail };
export type AreaProfileProps = AreaPageBase & { profile: AreaProfile; show_company: boolean };
export type AreaAddressesProps = AreaPageBase & { addresses: AreaAddress[]; types: string[] };
