import { describe, expect, it } from 'vitest';
import { type EmailFormValues, emailChanges, passwordDestinationChanged } from './email-settings-form-values';

const saved: EmailFormValues = {
  mail_from_address: 'shop@emporium.test',
  admin_email: 'admin@demo.test',
  smtp_host: '',
  smtp_port: 587,
  smtp_encryption: 'tls',
  smtp_username: '',
  smtp_password: '',
};

describe('emailChanges (one save call per changed setting)', () => {
  it('sends nothing when nothing changed', () => {
    expect(emailChanges(saved, { ...saved })).toEqual([]);
  });

  it('sends the changed settings in form order, and the password only when typed', () => {
    expect(
      emailChanges(saved, { ...saved, smtp_host: 'smtp.shop.test', smtp_port: 465, smtp_password: 's3cret' }),
    ).toEqual([
      ['smtp_host', 'smtp.shop.test'],
      ['smtp_port', 465],
      ['smtp_password', 's3cret'],
    ]);
  });

  it('sends the password after the host, port and user whatever the order of the form', () => {
    const { smtp_password: _, ...rest } = saved;
    const current: EmailFormValues = { smtp_password: 'typed', ...rest, smtp_username: 'new-user' };
    expect(emailChanges(saved, current).map(([key]) => key)).toEqual(['smtp_username', 'smtp_password']);
  });

  it.each<[Partial<EmailFormValues>, boolean]>([
    [{ smtp_host: 'mail.other.test' }, true],
    [{ smtp_port: 2525 }, true],
    [{ smtp_username: 'someone' }, true],
    [{ smtp_encryption: 'ssl' }, false],
    [{ admin_email: 'boss@demo.test' }, false],
    [{}, false],
  ])('%j moves the stored password: %s', (change, moved) => {
    expect(passwordDestinationChanged(saved, { ...saved, ...change })).toBe(moved);
  });
});
