import { EMAIL_SECRET_BINDINGS, type EmailSettingsView } from '../../../contracts/email-settings';
import { destinationMoved } from '../../../domain/settings/bound-secrets';

/** The e-mail settings form: what the server answers, with an SMTP password field that starts empty. */
export type EmailFormValues = Omit<EmailSettingsView, 'has_smtp_password'> & { smtp_password: string };

/**
 * The settings to send: those that changed; the password only when one was typed, and always last,
 * because a new host, port or user clears the stored password on the server (docs/decisions/0036).
 */
export function emailChanges(
  saved: EmailFormValues,
  current: EmailFormValues,
): [keyof EmailFormValues, string | number][] {
  const changes: [keyof EmailFormValues, string | number][] = [];
  for (const key of Object.keys(current) as (keyof EmailFormValues)[]) {
    if (key !== 'smtp_password' && current[key] !== saved[key]) changes.push([key, current[key]]);
  }
  if (current.smtp_password !== '') changes.push(['smtp_password', current.smtp_password]);
  return changes;
}

/** Whether the form moves the stored password to another server (host, port or user changed). */
export function passwordDestinationChanged(saved: EmailFormValues, current: EmailFormValues): boolean {
  return destinationMoved(saved, current, EMAIL_SECRET_BINDINGS[0]!);
}
