import { z } from 'zod';
import {
  PERMISSION_NAME_MAX,
  PERMISSION_NAME_PATTERN,
  ROLE_NAME_PATTERN,
  ROLES_MANAGE,
} from '../domain/access/access-rules';
import { listQuery, parseNumberText, recordId } from './common';

/** Roles and permissions (spec 2 §2, §6, §7; docs/decisions/0005). */
export const ACCESS_MESSAGES = {
  roleNameRequired: 'Please enter a role name.',
  roleNameFormat:
    'The role name must be 2 to 50 characters: lower-case letters, digits, dashes or underscores, starting with a letter.',
  permissionNameRequired: 'Please enter a permission name.',
  permissionNameFormat:
    'The permission name must look like area.action (for example orders.export), in lower-case letters, digits, dashes or underscores.',
  permissionNameTooLong: `The permission name may not be longer than ${PERMISSION_NAME_MAX} characters.`,
  nameTaken: 'The name has already been taken.',
  descriptionTooLong: 'The description may not be longer than 255 characters.',
  permissionRequired: 'Please choose a permission.',
  permissionUnknown: 'The selected permission does not exist.',
  roleNotFound: 'Role not found.',
  permissionNotFound: 'Permission not found.',
  builtInRoleRename: (name: string) =>
    `The ${name} role is built in and cannot be renamed, because the shop checks it by name. You can still change its description.`,
  builtInRoleDelete: (name: string) =>
    `The ${name} role is built in and cannot be deleted, because the shop checks it by name.`,
  builtInPermissionRename: (name: string) =>
    `The ${name} permission is built in and cannot be renamed, because the shop checks it by name. You can still change its description.`,
  builtInPermissionDelete: (name: string) =>
    `The ${name} permission is built in and cannot be deleted, because the shop checks it by name.`,
  roleHeld: (count: number) =>
    `This role is held by ${count} ${count === 1 ? 'user' : 'users'}. Remove it from them first.`,
  adminKeepsRolesManage: `The admin role must keep ${ROLES_MANAGE}, so that someone can always manage roles and permissions.`,
  roleCreated: 'Role created.',
  roleUpdated: 'Role updated.',
  roleDeleted: 'Role deleted.',
  permissionCreated: 'Permission created.',
  permissionUpdated: 'Permission updated.',
  permissionDeleted: 'Permission deleted.',
  permissionGranted: 'Permission granted.',
  permissionRevoked: 'Permission removed.',
} as const;

const description = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(255, ACCESS_MESSAGES.descriptionTooLong).nullable().optional(),
);

export const roleBody = z.object({
  name: z
    .string({ error: ACCESS_MESSAGES.roleNameRequired })
    .trim()
    .min(1, { error: ACCESS_MESSAGES.roleNameRequired, abort: true })
    .regex(ROLE_NAME_PATTERN, ACCESS_MESSAGES.roleNameFormat),
  description,
});
export type RoleBody = z.infer<typeof roleBody>;

export const permissionBody = z.object({
  name: z
    .string({ error: ACCESS_MESSAGES.permissionNameRequired })
    .trim()
    .min(1, { error: ACCESS_MESSAGES.permissionNameRequired, abort: true })
    .max(PERMISSION_NAME_MAX, { error: ACCESS_MESSAGES.permissionNameTooLong, abort: true })
    .regex(PERMISSION_NAME_PATTERN, ACCESS_MESSAGES.permissionNameFormat),
  description,
});
export type PermissionBody = z.infer<typeof permissionBody>;

/** POST /admin/roles/{id}/permissions (spec 2 §6: "attach sends permission_id"). */
export const attachPermissionBody = z.object({
  permission_id: z.preprocess(
    parseNumberText,
    z
      .number({ error: ACCESS_MESSAGES.permissionRequired })
      .int(ACCESS_MESSAGES.permissionRequired)
      .positive(ACCESS_MESSAGES.permissionRequired)
      .max(2_147_483_647, ACCESS_MESSAGES.permissionRequired),
  ),
});
export type AttachPermissionBody = z.infer<typeof attachPermissionBody>;

/** DELETE /admin/roles/{id}/permissions/{permissionId} ("detach identifies it by path"). */
export const rolePermissionParams = z.object({
  id: recordId,
  permissionId: recordId,
});

export const ACCESS_SORTS = ['name', 'created_at'] as const;

/** spec 2 §9: roles and permissions 10 per page. */
export const ACCESS_PER_PAGE = 10;

export const rolesListQuery = listQuery({
  sorts: ACCESS_SORTS,
  defaultSort: 'name',
  defaultPerPage: ACCESS_PER_PAGE,
});
export type RolesListQuery = z.infer<typeof rolesListQuery>;

export const permissionsListQuery = listQuery({
  sorts: ACCESS_SORTS,
  defaultSort: 'name',
  defaultPerPage: ACCESS_PER_PAGE,
});
export type PermissionsListQuery = z.infer<typeof permissionsListQuery>;

export type RoleReply = {
  id: number;
  name: string;
  description: string | null;
  is_built_in: boolean;
  permissions_count: number;
  users_count: number;
  created_at: string;
};

export type PermissionReply = {
  id: number;
  name: string;
  description: string | null;
  is_built_in: boolean;
  roles_count: number;
  created_at: string;
};

/** GET /api/roles/{id}/permissions: the role, what it holds, and every permission there is. */
export type RolePermissionsReply = {
  role: { id: number; name: string; description: string | null; is_built_in: boolean };
  permissions: { id: number; name: string }[];
  all_permissions: { id: number; name: string; description: string | null }[];
};

/** What a grant or revoke answers: the pair and whether the role now holds it. */
export type GrantReply = {
  role_id: number;
  permission_id: number;
  permission: string;
  held: boolean;
  /** False when nothing needed to change (already held, or already not held). */
  changed: boolean;
};

export type ChangeReply<T> = { success: true; message: string; data: T };
