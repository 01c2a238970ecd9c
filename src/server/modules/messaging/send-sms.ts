import { eq } from 'drizzle-orm';
import type { SmsSettings } from '../../../contracts/messaging';
import { maskOtpCode, type SmsMessageType } from '../../../domain/messaging/sms';
import type { AppContext } from '../../platform/context';
import type { SmsLogRow } from './messaging.queries';
import { smsLogs } from './messaging.tables';
import { ProviderError } from './provider-url';
import { smsGateway } from './sms-gateway';
import { gatewayConfig } from './sms-settings';

/**
 * Sends one SMS through the gateway and logs it: the row is written `queued` before the call and
 * updated with the gateway's id and status, or `failed` with the reason. A one-time code given in
 * `code` is masked in the stored text (DECISIONS 27). Provider failures do not throw: the caller
 * reads the row's status.
 */
export async function sendSms(
  ctx: AppContext,
  settings: SmsSettings,
  sms: { to: string; message: string; type: SmsMessageType; code?: string },
): Promise<SmsLogRow> {
  const [row] = await ctx.db
    .insert(smsLogs)
    .values({
      phone: sms.to,
      message: sms.code ? maskOtpCode(sms.message, sms.code) : sms.message,
      messageType: sms.type,
      status: 'queued',
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning();
  let update: Partial<typeof smsLogs.$inferInsert>;
  try {
    const sent = await smsGateway(gatewayConfig(settings)).send(sms.to, sms.message);
    update = { providerMessageId: sent.providerMessageId, status: sent.status, error: null };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    update = { status: 'failed', error: error.message };
  }
  const [saved] = await ctx.db
    .update(smsLogs)
    .set({ ...update, updatedAt: ctx.now() })
    .where(eq(smsLogs.id, row!.id))
    .returning();
  return saved!;
}
