import type { EmailSettingsView } from '../../../contracts/email-settings';

/** The e-mail settings form: what the server answers, with an SMTP password field that starts empty. */
export type EmailFormValues = Omit<EmailSettingsView, 'has_smtp_password'> & { smtp_password: string };

/** The settings to send: those that changed; the password only when one was typed. */
export function emailChanges(
  saved: EmailFormValues,
  current: EmailFormValues,
): [keyof EmailFormValues, string | number][] {
  const changes: [keyof EmailFormValues, string | number][] = [];
  for (const key of Object.keys(current) as (keyof EmailFormValues)[]) {
    if (key === 'smtp_password') {
      if (current.smtp_password !== '') changes.push([key, current.smtp_password]);
    } else if (current[key] !== saved[key]) changes.push([key, current[key]]);
  }
  return changes;
}
