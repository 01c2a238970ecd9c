import { describe, expect, it } from 'vitest';
import { type EmailFormValues, emailChanges } from './email-settings-form-values';

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
});
