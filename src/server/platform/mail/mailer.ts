import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { getSettings } from '../settings/settings-store';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes when it is not the sender (a contact message's visitor). */
  replyTo?: string;
  /** Files sent with the message (an order document's PDF). */
  attachments?: MailAttachment[];
};

export type Mailer = {
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
};

const MAIL_SETTING_KEYS = [
  'mail_from_address',
  'smtp_host',
  'smtp_port',
  'smtp_encryption',
  'smtp_username',
  'smtp_password',
] as const;

type Log = { info(obj: object, msg: string): void };

/**
 * Sends through SMTP when the e-mail settings name a host; otherwise writes each message as an
 * .eml file under <data dir>/mail/ and logs it, so development and demos need no mail server.
 */
export function createMailer(db: Db, mailDir: string, log: Log): Mailer {
  // The file transport only formats the message: one serves every message of the process.
  const toFile = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folder: Promise<unknown> | null = null;
  const write = async (file: string, message: Buffer) => {
    folder ??= fsp.mkdir(mailDir, { recursive: true });
    await folder;
    try {
      await fsp.writeFile(file, message);
    } catch (error) {
      // The folder was removed since: made again once.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      folder = fsp.mkdir(mailDir, { recursive: true });
      await folder;
      await fsp.writeFile(file, message);
    }
  };
  return {
    async send(message) {
      const settings = await getSettings(db, MAIL_SETTING_KEYS);
      const envelope = { from: settings.mail_from_address, ...message };
      if (settings.smtp_host) {
        const transport = nodemailer.createTransport({
          host: settings.smtp_host,
          port: settings.smtp_port,
          secure: settings.smtp_encryption === 'ssl',
          requireTLS: settings.smtp_encryption === 'tls',
          ignoreTLS: settings.smtp_encryption === 'none',
          // A mail server that does not answer must not hold a request (or a job) for minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
          auth: settings.smtp_username
            ? { user: settings.smtp_username, pass: settings.smtp_password }
            : undefined,
        });
        const info = await transport.sendMail(envelope);
        log.info({ to: message.to, subject: message.subject, message_id: info.messageId }, 'mail sent');
        return { id: info.messageId };
      }
      const info = await toFile.sendMail(envelope);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(mailDir, `${stamp}-${safeTo}.eml`);
      await write(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to file (no SMTP configured)',
      );
      return { id: info.messageId, file };
    },
  };
}
