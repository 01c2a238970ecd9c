import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  accountStatusBody,
  createUserBody,
  USER_SCREEN_MESSAGES,
  type UsersExportQuery,
  updateUserBody,
  updateUserRolesBody,
  usersExportQuery,
  usersListQuery,
} from '../../../contracts/accounts';
import { idParam } from '../../../contracts/common';
import { ROLES } from '../../../domain/access/roles';
import { actorOf } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { sendXlsxDownload } from '../../platform/xlsx/xlsx-stream';
import { presentUser } from './accounts.presenter';
import { findUser, listRoleOptions, listUsers } from './accounts.queries';
import { createUser } from './create-user';
import { exportUsers } from './export-users';
import { setAccountStatus } from './set-account-status';
import { updateUser } from './update-user';
import { updateUserRoles } from './update-user-roles';

const auth = { permission: 'users.manage' } as const;

async function sendExport(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  query: UsersExportQuery,
) {
  const download = await exportUsers(ctx, query, (error) =>
    req.log.error({ err: error, request_id: req.id }, 'user export failed'),
  );
  return sendXlsxDownload(reply, download);
}

const roleExportQuery = usersExportQuery.omit({ role: true });

/** The user listing export of one built-in role: /admin/partners/export, /admin/customers/export… (spec 3 §7). */
const roleExportRoutes = ROLES.map((role) =>
  defineRoute({
    method: 'GET',
    url: `/admin/${role}s/export`,
    auth,
    query: roleExportQuery,
    handler: async ({ ctx, req, reply, query }) => sendExport(ctx, req, reply, { ...query, role }),
  }),
);

/** Users: list, detail, roles, create, update, role and status changes, exports (spec 2 §7, spec 3 §7). */
export const usersRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/users',
    auth,
    query: usersListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listUsers(ctx.db, query);
      return { ...page, data: page.data.map(presentUser) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/users/roles',
    auth,
    handler: async ({ ctx }) => ({ data: await listRoleOptions(ctx.db) }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/users/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, params }) => {
      const user = await findUser(ctx.db, params.id);
      if (!user) throw notFound();
      return { data: presentUser(user) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/users',
    auth,
    body: createUserBody,
    handler: async ({ ctx, req, session, body }) => {
      const user = await createUser(ctx, actorOf(session, req), body);
      return { success: true, message: USER_SCREEN_MESSAGES.created, data: presentUser(user) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/users/:id',
    auth,
    params: idParam,
    body: updateUserBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const user = await updateUser(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: USER_SCREEN_MESSAGES.updated, data: presentUser(user) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/users/:id/role',
    auth,
    params: idParam,
    body: updateUserRolesBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const user = await updateUserRoles(ctx, actorOf(session, req), params.id, body.roles);
      return { success: true, message: USER_SCREEN_MESSAGES.rolesUpdated, data: presentUser(user) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/users/:id/account-status',
    auth,
    params: idParam,
    body: accountStatusBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const user = await setAccountStatus(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: USER_SCREEN_MESSAGES.statusUpdated, data: presentUser(user) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/users/export',
    auth,
    query: usersExportQuery,
    handler: async ({ ctx, req, reply, query }) => sendExport(ctx, req, reply, query),
  }),

  ...roleExportRoutes,
];
