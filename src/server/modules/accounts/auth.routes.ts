import {
  AUTH_MESSAGES,
  forgotPasswordBody,
  loginBody,
  magicLinkBody,
  magicLinkParams,
  registerBody,
  resetPasswordBody,
  smsOtpSendBody,
  smsOtpVerifyBody,
  switchRoleBody,
} from '../../../contracts/accounts';
import { SIGN_IN_MESSAGES } from '../../../domain/accounts/sign-in-codes';
import { clearSessionCookie } from '../../platform/auth/request-session';
import { destroySession } from '../../platform/auth/sessions';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { wantsJson } from '../../platform/http/negotiation';
import { presentRoleChoices, presentUser, presentViewer } from './accounts.presenter';
import { findUser } from './accounts.queries';
import { registerUser } from './register-user';
import { requestMagicLink } from './request-magic-link';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { sendSmsOtp } from './send-sms-otp';
import { signIn } from './sign-in';
import { signInWithMagicLink } from './sign-in-with-magic-link';
import { switchRole } from './switch-role';
import { verifySmsOtp } from './verify-sms-otp';

/**
 * Sign-in (password, magic link, SMS code), sign-out, registration, password reset, current user
 * and role switching (DECISIONS 3, 4, spec 3 §7 Auth; docs/decisions/0056).
 */
export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/login',
    auth: 'public',
    body: loginBody,
    handler: async ({ ctx, req, reply, body }) => {
      const result = await signIn(ctx, req, reply, body);
      if (!wantsJson(req)) return reply.redirect(result.redirectUrl, 303);
      return {
        message: 'Signed in',
        redirect_url: result.redirectUrl,
        active_role: result.activeRole,
        csrf_token: result.csrfToken,
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/logout',
    auth: 'public',
    handler: async ({ ctx, req, reply }) => {
      if (req.sessionState.status !== 'none') await destroySession(ctx.db, req.sessionState.session.idHash);
      clearSessionCookie(reply);
      if (!wantsJson(req)) return reply.redirect('/login', 303);
      return { message: AUTH_MESSAGES.signedOut, redirect_url: '/login' };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/register',
    auth: 'public',
    body: registerBody,
    handler: async ({ ctx, req, reply, body }) => {
      const result = await registerUser(ctx, req, reply, body);
      if (!wantsJson(req)) return reply.redirect(result.redirectUrl, 303);
      return { message: AUTH_MESSAGES.registered, redirect_url: result.redirectUrl };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/forgot-password',
    auth: 'public',
    body: forgotPasswordBody,
    handler: async ({ ctx, req, body }) => {
      await requestPasswordReset(ctx, req, body.email);
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/reset-password',
    auth: 'public',
    body: resetPasswordBody,
    handler: async ({ ctx, req, body }) => {
      await resetPassword(ctx, req, body);
      return { message: AUTH_MESSAGES.passwordReset, redirect_url: '/login?status=password-reset' };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/auth/magic-link',
    auth: 'public',
    body: magicLinkBody,
    handler: async ({ ctx, req, body }) => {
      await requestMagicLink(ctx, req, body.email);
      return { success: true, message: SIGN_IN_MESSAGES.magicLinkSent };
    },
  }),

  // The link's page is GET /auth/magic-link/{token} (storefront): it only shows; this spends the link.
  defineRoute({
    method: 'POST',
    url: '/auth/magic-link/:token',
    auth: 'public',
    params: magicLinkParams,
    handler: async ({ ctx, req, reply, params }) => {
      try {
        const result = await signInWithMagicLink(ctx, req, reply, params.token);
        if (!wantsJson(req)) return reply.redirect(result.redirectUrl, 303);
        return {
          success: true,
          message: SIGN_IN_MESSAGES.signedIn,
          redirect_url: result.redirectUrl,
          active_role: result.activeRole,
          csrf_token: result.csrfToken,
        };
      } catch (error) {
        // A classic form post goes back to the link's page, which now says why.
        if (!wantsJson(req))
          return reply.redirect(`/auth/magic-link/${encodeURIComponent(params.token)}`, 303);
        throw error;
      }
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/sms-otp/send',
    auth: 'public',
    body: smsOtpSendBody,
    handler: async ({ ctx, req, body }) => sendSmsOtp(ctx, req, body.mobile),
  }),

  defineRoute({
    method: 'POST',
    url: '/sms-otp/verify',
    auth: 'public',
    body: smsOtpVerifyBody,
    handler: async ({ ctx, req, reply, body }) => {
      const result = await verifySmsOtp(ctx, req, reply, body);
      return {
        success: true,
        message: SIGN_IN_MESSAGES.signedIn,
        redirect_url: result.redirectUrl,
        active_role: result.activeRole,
        csrf_token: result.csrfToken,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/auth/status',
    auth: 'public',
    handler: async ({ session }) => ({
      data: {
        authenticated: Boolean(session?.user),
        user: session?.user ? presentViewer(session) : null,
        token: session?.csrfToken ?? null,
      },
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user',
    auth: 'signed-in',
    handler: async ({ ctx, session }) => {
      const user = await findUser(ctx.db, session.user.id);
      if (!user) throw notFound();
      return {
        data: {
          ...presentUser(user),
          active_role: session.activeRole,
          permissions: [...session.permissions].sort(),
        },
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/roles',
    auth: 'signed-in',
    handler: async ({ session }) => ({
      roles: session.roles,
      active_role: session.activeRole,
      available_roles: presentRoleChoices(session.roles),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/user/roles/switch',
    auth: 'signed-in',
    body: switchRoleBody,
    handler: async ({ ctx, req, reply, session, body }) => {
      const result = await switchRole(ctx, req, reply, session, body.role);
      return {
        success: true,
        message: `You are now using the ${result.activeRole} role`,
        data: {
          active_role: result.activeRole,
          available_roles: presentRoleChoices(session.roles),
          dashboard_url: result.dashboardUrl,
          csrf_token: result.csrfToken,
        },
      };
    },
  }),
];
