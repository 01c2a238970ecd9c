/** The contact form's rules (spec 3 §5 Contact form, §9 "Contact message 10 to 1000 characters"). */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 1000;
/** The shop's limits for the other fields (the spec gives none; docs/decisions/0055). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_PHONE_MAX = 30;

/** spec 3 §5: letters and spaces only — letters of any alphabet, so "Zoë" and "Renée" may write. */
export function isContactName(name: string): boolean {
  return /^[\p{L}\p{M}\s]+$/u.test(name);
}

/** spec 3 §5: a phone is optional; when given, only digits, plus, minus, spaces and brackets. */
export function isContactPhone(phone: string): boolean {
  return /^[\d+\-\s()]+$/.test(phone);
}

/** A message's length as the visitor counts it: characters, so an emoji is one (not two UTF-16 units). */
export function textLength(text: string): number {
  return [...text].length;
}

export type ContactField = 'name' | 'email' | 'phone' | 'message';
const FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/**
 * spec 3 §5: a server error on 422 goes to the field whose word (name, email, phone or message)
 * appears in its text; null means a general error. The first field named in the text wins.
 */
export function contactFieldOf(text: string): ContactField | null {
  const lower = text.toLowerCase();
  let found: { field: ContactField; at: number } | null = null;
  for (const field of FIELDS) {
    const at = lower.search(new RegExp(`\\b${field}\\b`));
    if (at >= 0 && (found === null || at < found.at)) found = { field, at };
  }
  return found?.field ?? null;
}

/**
 * The 422's texts spread onto the form's fields: each text to the field its words name, the rest
 * as general errors (shown in the 'Validation Error' dialog).
 */
export function spreadContactErrors(texts: readonly string[]): {
  fields: Partial<Record<ContactField, string>>;
  general: string[];
} {
  const fields: Partial<Record<ContactField, string>> = {};
  const general: string[] = [];
  for (const text of texts) {
    const field = contactFieldOf(text);
    if (field === null) general.push(text);
    else fields[field] ??= text;
  }
  return { fields, general };
}
