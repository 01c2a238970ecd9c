import {
  ACCESS_MESSAGES,
  attachPermissionBody,
  permissionBody,
  permissionsListQuery,
  roleBody,
  rolePermissionParams,
  rolesListQuery,
} from '../../../contracts/access';
import { idParam } from '../../../contracts/common';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { presentPermission, presentRole, presentRolePermissions } from './access.presenter';
import { findRole, listPermissions, listRoles, rolePermissionsOf } from './access.queries';
import { createPermission } from './create-permission';
import { createRole } from './create-role';
import { deletePermission } from './delete-permission';
import { deleteRole } from './delete-role';
import { grantPermission } from './grant-permission';
import { renamePermission } from './rename-permission';
import { renameRole } from './rename-role';
import { revokePermission } from './revoke-permission';

/** Every route of Roles & permissions needs roles.manage (DECISIONS 1). */
const auth = { permission: 'roles.manage' } as const;

/** Roles, permissions and the grants between them (spec 2 §2, §6, §7; docs/decisions/0005). */
export const rolesRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/roles',
    auth,
    query: rolesListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listRoles(ctx.db, query);
      return { ...page, data: page.data.map(presentRole) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/permissions',
    auth,
    query: permissionsListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listPermissions(ctx.db, query);
      return { ...page, data: page.data.map(presentPermission) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/roles/:id/permissions',
    auth,
    params: idParam,
    handler: async ({ ctx, params }) => {
      const role = await findRole(ctx.db, params.id);
      if (!role) throw notFound(ACCESS_MESSAGES.roleNotFound);
      const { held, all } = await rolePermissionsOf(ctx.db, role.id);
      return presentRolePermissions(role, held, all);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/roles',
    auth,
    body: roleBody,
    handler: async ({ ctx, req, session, body }) => {
      const role = await createRole(ctx, actorOf(session, req), body);
      return { success: true, message: ACCESS_MESSAGES.roleCreated, data: presentRole(role) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/roles/:id',
    auth,
    params: idParam,
    body: roleBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const role = await renameRole(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: ACCESS_MESSAGES.roleUpdated, data: presentRole(role) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/roles/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteRole(ctx, actorOf(session, req), params.id);
      return { success: true, message: ACCESS_MESSAGES.roleDeleted, data: deleted };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/permissions',
    auth,
    body: permissionBody,
    handler: async ({ ctx, req, session, body }) => {
      const permission = await createPermission(ctx, actorOf(session, req), body);
      return {
        success: true,
        message: ACCESS_MESSAGES.permissionCreated,
        data: presentPermission(permission),
      };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/permissions/:id',
    auth,
    params: idParam,
    body: permissionBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const permission = await renamePermission(ctx, actorOf(session, req), params.id, body);
      return {
        success: true,
        message: ACCESS_MESSAGES.permissionUpdated,
        data: presentPermission(permission),
      };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/permissions/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deletePermission(ctx, actorOf(session, req), params.id);
      return { success: true, message: ACCESS_MESSAGES.permissionDeleted, data: deleted };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/roles/:id/permissions',
    auth,
    params: idParam,
    body: attachPermissionBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const data = await grantPermission(ctx, actorOf(session, req), params.id, body.permission_id);
      return { success: true, message: ACCESS_MESSAGES.permissionGranted, data };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/roles/:id/permissions/:permissionId',
    auth,
    params: rolePermissionParams,
    handler: async ({ ctx, req, session, params }) => {
      const data = await revokePermission(ctx, actorOf(session, req), params.id, params.permissionId);
      return { success: true, message: ACCESS_MESSAGES.permissionRevoked, data };
    },
  }),
];
