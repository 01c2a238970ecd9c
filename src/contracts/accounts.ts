import { z } from 'zod';
import { SIGN_IN_MESSAGES } from '../domain/accounts/sign-in-codes';
import {
  ACCOUNT_STATUSES,
  USER_MESSAGES,
  USER_TYPES,
  userProfileErrors,
} from '../domain/accounts/user-rules';
import { isSmsPhoneNumber } from '../domain/messaging/sms';
import { emailSchema, formBoolean, listQuery, optionalText } from './common';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  failed: 'These credentials do not match our records.',
  throttled: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  resetThrottled: (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`,
  suspended: 'Your account is suspended. Please contact support.',
  closed: 'Your account is closed. Please contact support.',
  resetLinkSent: 'If an account exists for that e-mail address, we have sent a password reset link.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  passwordMin: 'The password must be at least 8 characters.',
  passwordConfirmation: 'The password confirmation does not match.',
  emailTaken: 'The email has already been taken.',
  signedOut: 'You have been signed out.',
  registered: 'Your account has been created.',
} as const;

export const loginBody = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(255),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1024),
  remember: formBoolean.optional().default(false),
  redirect: z.string().max(2000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

const password = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(8, AUTH_MESSAGES.passwordMin)
  .max(1024);

/** password + password_confirmation, reporting a mismatch on password_confirmation. */
/**
 * Cross-field rules run even when another field already failed, so a form hears about every
 * field at once (zod skips refinements after a field issue unless told otherwise).
 */
const evenWithFieldIssues = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function withConfirmedPassword<T extends z.ZodObject>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const v = value as { password?: unknown; password_confirmation?: unknown };
    if (typeof v.password === 'string' && v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: AUTH_MESSAGES.passwordConfirmation,
      });
    }
  }, evenWithFieldIssues);
}

/** Adds the company/individual rules of spec 1 §5 / spec 2 §5 to a user schema. */
function withProfileRules<T extends z.ZodType<{ user_type: (typeof USER_TYPES)[number] }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    const errors = userProfileErrors({
      user_type: v.user_type === 'company' ? 'company' : 'individual',
      first_name: textOrNull(v.first_name),
      last_name: textOrNull(v.last_name),
      company_name: textOrNull(v.company_name),
      // A roles list that failed its own checks is reported there.
      roles: Array.isArray(v.roles) && v.roles.every((r) => typeof r === 'string') ? v.roles : undefined,
    });
    for (const [field, messages] of Object.entries(errors)) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  }, evenWithFieldIssues);
}

const profileFields = {
  user_type: z.enum(USER_TYPES, { error: 'Please choose individual or company' }).default('individual'),
  first_name: optionalText(100),
  last_name: optionalText(100),
  company_name: optionalText(200),
  company_registration_number: optionalText(100),
  vat_number: optionalText(100),
  email: emailSchema,
  phone: optionalText(50),
  mobile: optionalText(50),
};

export const registerBody = withProfileRules(
  withConfirmedPassword(
    z.object({ ...profileFields, password, password_confirmation: z.string().optional() }),
  ),
);
export type RegisterBody = z.infer<typeof registerBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = withConfirmedPassword(
  z.object({
    token: z.string().min(1, AUTH_MESSAGES.resetInvalid).max(200),
    email: emailSchema,
    password,
    password_confirmation: z.string().optional(),
  }),
);

/** POST /auth/magic-link (DECISIONS 4). */
export const magicLinkBody = z.object({
  email: z
    .string({ error: SIGN_IN_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, SIGN_IN_MESSAGES.emailRequired)
    .max(255),
});

/** The path of GET and POST /auth/magic-link/{token}. */
export const magicLinkParams = z.object({ token: z.string().min(1).max(200) });

/** POST /sms-otp/send (spec 3 §7): mobile, in international form. */
export const smsOtpSendBody = z.object({
  mobile: z
    .string({ error: SIGN_IN_MESSAGES.mobileRequired })
    .trim()
    .min(1, SIGN_IN_MESSAGES.mobileRequired)
    .pipe(
      z
        .string()
        .max(50, SIGN_IN_MESSAGES.mobileFormat)
        .refine(isSmsPhoneNumber, SIGN_IN_MESSAGES.mobileFormat),
    ),
});

/**
 * POST /sms-otp/verify (spec 3 §7): otp_code and session_id. The code's shape (digits of the
 * configured length, DECISIONS 27) is checked by the use case, which knows the length.
 */
export const smsOtpVerifyBody = z.object({
  otp_code: z
    .string({ error: SIGN_IN_MESSAGES.otpRequired })
    .trim()
    .min(1, SIGN_IN_MESSAGES.otpRequired)
    .max(20, SIGN_IN_MESSAGES.invalidOtp),
  session_id: z
    .string({ error: SIGN_IN_MESSAGES.invalidOtp })
    .min(1, SIGN_IN_MESSAGES.invalidOtp)
    .max(200, SIGN_IN_MESSAGES.invalidOtp),
  redirect: z.string().max(2000).optional(),
});

/** The reply of POST /sms-otp/send (spec 3 §7). */
export type SmsOtpSentReply = {
  success: true;
  message: string;
  data: { session_id: string; resend_cooldown: number; expires_at: string };
};

export const switchRoleBody = z.object({
  role: z.string({ error: 'Please choose a role' }).trim().min(1, 'Please choose a role').max(50),
});

// ——— Admin: users (spec 2 §3 User, §5, §7) ———

const addressFields = {
  // A user without an address replies null here; sending that back means the default type.
  address_type: z.preprocess((v) => v ?? undefined, z.enum(['billing', 'delivery']).default('billing')),
  address: optionalText(500),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: optionalText(100),
};

const roleList = z
  .array(z.string().trim().min(1).max(50), { error: USER_MESSAGES.roles })
  .min(1, USER_MESSAGES.roles);

export const createUserBody = withProfileRules(
  withConfirmedPassword(
    z.object({
      ...profileFields,
      ...addressFields,
      notes: optionalText(5000),
      roles: roleList,
      password,
      password_confirmation: z.string().optional(),
    }),
  ),
);
export type CreateUserBody = z.infer<typeof createUserBody>;

/** On update the password is optional: blank keeps the current one. */
export const updateUserBody = withProfileRules(
  withConfirmedPassword(
    z.object({
      ...profileFields,
      ...addressFields,
      notes: optionalText(5000),
      roles: roleList.optional(),
      password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
      password_confirmation: z.string().nullable().optional(),
    }),
  ),
);
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const updateUserRolesBody = z.object({ roles: roleList });

export const accountStatusBody = z
  .object({
    account_status: z.enum(ACCOUNT_STATUSES, { error: 'Please choose an account status' }),
    status_reason: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    if (value.account_status !== 'active' && !value.status_reason) {
      ctx.addIssue({ code: 'custom', path: ['status_reason'], message: USER_MESSAGES.statusReason });
    }
  });

export const USER_SORTS = [
  'created_at',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'account_status',
] as const;

export const usersListQuery = listQuery({
  sorts: USER_SORTS,
  defaultSort: 'created_at',
  defaultPerPage: 15,
  defaultDirection: 'desc',
}).extend({
  role: z.string().trim().max(50).optional(),
  account_status: z.enum(ACCOUNT_STATUSES).optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

/**
 * spec 3 §7: `?search&sort&direction` (and the status filter the list shows). `/admin/{role}s/export`
 * fixes the role by its URL; `/admin/users/export` takes `role` for a role an admin added.
 */
export const usersExportQuery = usersListQuery.pick({
  search: true,
  sort: true,
  direction: true,
  account_status: true,
  role: true,
});
export type UsersExportQuery = z.infer<typeof usersExportQuery>;

/** The words the users screens and replies use (spec 2 §8, spec 3 §8). */
export const USER_SCREEN_MESSAGES = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  rolesUpdated: 'User roles updated successfully',
  statusUpdated: 'Account status updated successfully',
  ownStatus: 'You cannot change the status of your own account.',
  loadUser: 'Error loading user',
  loadRoles: 'Error loading roles',
  roleUpdateNeedsId: 'User ID is required for role update',
} as const;

/** A role as the user form's role picker shows it. */
export type RoleOption = { id: number; name: string; description: string | null };

/** One user as every admin reply shows it. */
export type UserReply = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  mobile_verified_at: string | null;
  user_type: (typeof USER_TYPES)[number];
  company_name: string | null;
  company_registration_number: string | null;
  vat_number: string | null;
  notes: string | null;
  account_status: (typeof ACCOUNT_STATUSES)[number];
  status_reason: string | null;
  roles: string[];
  role: string | null;
  address_type: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  last_login_at: string | null;
  created_at: string;
};
