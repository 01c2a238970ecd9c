import { eq } from 'drizzle-orm';
import { SMS_MESSAGES as M, type SmsLogSavedReply } from '../../../contracts/messaging';
import { AppError, fieldError } from '../../../domain/errors';
import type { AppContext } from '../../platform/context';
import { presentSmsLog } from './messaging.presenter';
import { findSmsLog } from './messaging.queries';
import { smsLogs } from './messaging.tables';
import { ProviderError } from './provider-url';
import { SANDBOX_ID_PREFIX } from './send-sms';
import { smsGateway } from './sms-gateway';
import { gatewayConfig, readSmsSettings } from './sms-settings';

/**
 * POST /api/sms-configuration/check-status (spec 2 §7): asks the gateway for the message's status
 * and stores it. An unknown log is 404; one the gateway never accepted, or a gateway that cannot
 * answer, is 422 with the reason (the row keeps its status).
 */
export async function checkSmsStatus(ctx: AppContext, smsId: number): Promise<SmsLogSavedReply> {
  const log = await findSmsLog(ctx.db, smsId);
  if (!log) throw new AppError('not_found', 'SMS log not found.');
  if (!log.providerMessageId) throw fieldError('sms_id', M.noProviderId);
  if (log.providerMessageId.startsWith(SANDBOX_ID_PREFIX)) throw fieldError('sms_id', M.sandboxStatus);
  const settings = await readSmsSettings(ctx.db);
  let status: typeof log.status;
  try {
    status = (await smsGateway(gatewayConfig(settings)).status(log.providerMessageId)).status;
  } catch (error) {
    if (error instanceof ProviderError) throw fieldError('sms_id', M.statusFailed(error.message));
    throw error;
  }
  const [saved] = await ctx.db
    .update(smsLogs)
    .set({ status, updatedAt: ctx.now() })
    .where(eq(smsLogs.id, log.id))
    .returning();
  return { success: true, message: M.statusChecked(status), data: presentSmsLog(saved!) };
}
