import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { signIn } from './support';

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server in the test process, keeping the recipients and text of what it receives. */
export async function startTestSmtp(): Promise<{
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: undoQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

function undoQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/**
 * Points the shop's mail at a test SMTP server for the length of `run`, set and reset by an admin
 * through the e-mail settings API in a context of its own; the journeys after it read mail from
 * files again.
 */
export async function withShopSmtp<T>(
  browser: Browser,
  run: (received: ReceivedMail[]) => Promise<T>,
): Promise<T> {
  const server = await startTestSmtp();
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin@demo.test');
  const token = await admin.locator('meta[name="csrf-token"]').getAttribute('content');
  const set = async (setting_key: string, setting_value: unknown) => {
    const reply = await admin.request.post('/api/email-management/settings', {
      data: { setting_key, setting_value },
      headers: { 'X-CSRF-TOKEN': token ?? '' },
    });
    if (!reply.ok()) throw new Error(`setting ${setting_key}: ${reply.status()} ${await reply.text()}`);
  };
  try {
    await set('smtp_encryption', 'none');
    await set('smtp_port', server.port);
    await set('smtp_host', '127.0.0.1');
    return await run(server.received);
  } finally {
    await set('smtp_host', '');
    await context.close();
    await server.close();
  }
}
