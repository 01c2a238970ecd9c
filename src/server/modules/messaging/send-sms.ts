import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { SmsSettings } from '../../../contracts/messaging';
import { maskOtpCode, type SmsMessageType } from '../../../domain/messaging/sms';
import type { AppContext } from '../../platform/context';
import type { SmsLogRow } from './messaging.queries';
import { smsLogs } from './messaging.tables';
import { ProviderError } from './provider-url';
import { smsGateway } from './sms-gateway';
import { gatewayConfig } from './sms-settings';

/** The provider id of a message the sandbox took (docs/decisions/0057). */
export const SANDBOX_ID_PREFIX = 'sandbox-';

/**
 * Sends one SMS through the gateway and logs it: the row is written `queued` before the call and
 * updated with the gateway's id and status, or `failed` with the reason. A one-time code given in
 * `code` is masked in the stored text (DECISIONS 27). Provider failures do not throw: the caller
 * reads the row's status.
 *
 * `via: 'sandbox'` (docs/decisions/0057) sends nothing: the message is logged (masked too), `sent`,
 * and written in clear to `EMPORIUM_DATA_DIR/sms/` like mail without SMTP, so a demo or a test can
 * read a code that reached no phone. The database never holds a code in clear (docs/decisions/0075).
 */
export async function sendSms(
  ctx: AppContext,
  settings: SmsSettings,
  sms: { to: string; message: string; type: SmsMessageType; code?: string },
  via: 'gateway' | 'sandbox' = 'gateway',
): Promise<SmsLogRow> {
  const sandbox = via === 'sandbox';
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
  if (sandbox) {
    await writeSandboxFile(ctx, sms.to, sms.message);
    update = { providerMessageId: `${SANDBOX_ID_PREFIX}${row!.id}`, status: 'sent', error: null };
  } else {
    try {
      const sent = await smsGateway(gatewayConfig(settings)).send(sms.to, sms.message);
      update = { providerMessageId: sent.providerMessageId, status: sent.status, error: null };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      update = { status: 'failed', error: error.message };
    }
  }
  const [saved] = await ctx.db
    .update(smsLogs)
    .set({ ...update, updatedAt: ctx.now() })
    .where(eq(smsLogs.id, row!.id))
    .returning();
  return saved!;
}

async function writeSandboxFile(ctx: AppContext, to: string, message: string): Promise<void> {
  const dir = path.join(ctx.config.dataDir, 'sms');
  await fsp.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^0-9+]/g, '_');
  await fsp.writeFile(path.join(dir, `${stamp}-${safeTo}.txt`), `To: ${to}\n\n${message}\n`);
}
