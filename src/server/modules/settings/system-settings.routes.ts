import { type FileStorageTestReply, fileStorageTestBody } from '../../../contracts/file-storage';
import {
  SYSTEM_SETTINGS_MESSAGES as M,
  type SystemSettingsReply,
  type SystemSettingsSavedReply,
  systemSettingsUpdateBody,
} from '../../../contracts/system-settings';
import type { SignedInSession } from '../../platform/auth/sessions';
import { defineRoute } from '../../platform/http/define-route';
import { resetSystemSettings } from './reset-system-settings';
import { presentSystemSettings } from './system-settings.presenter';
import { testFileStorage } from './test-file-storage';
import { readSystemSettings, updateSystemSettings } from './update-system-settings';

/** settings.manage: seeded for admin only, not for staff (DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

/** The custom code is the admin role's alone, even where another role was given settings.manage. */
const canEditCustomCode = (session: SignedInSession) => session.activeRole === 'admin';

/** System settings (spec 2 §3, §7, §9; docs/decisions/0021). */
export const systemSettingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/system-settings',
    auth,
    handler: async ({ ctx, session }): Promise<SystemSettingsReply> =>
      presentSystemSettings(await readSystemSettings(ctx.db), canEditCustomCode(session)),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/system-settings',
    auth,
    body: systemSettingsUpdateBody,
    handler: async ({ ctx, body, session, req }): Promise<SystemSettingsSavedReply> => {
      const actor = { userId: session.user.id, ip: req.ip, canEditCustomCode: canEditCustomCode(session) };
      const settings = await updateSystemSettings(ctx, actor, body);
      return { ...presentSystemSettings(settings, actor.canEditCustomCode), message: M.saved };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/system-settings/reset',
    auth,
    handler: async ({ ctx, session, req }): Promise<SystemSettingsSavedReply> => {
      const actor = { userId: session.user.id, ip: req.ip, canEditCustomCode: canEditCustomCode(session) };
      const settings = await resetSystemSettings(ctx, actor);
      return { ...presentSystemSettings(settings, actor.canEditCustomCode), message: M.reset };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/system-settings/file-storage/test',
    auth,
    body: fileStorageTestBody,
    handler: async ({ ctx, body }): Promise<FileStorageTestReply> => testFileStorage(ctx, body),
  }),
];
