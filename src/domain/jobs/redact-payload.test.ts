import { describe, expect, it } from 'vitest';
import { REDACTED, redactPayload } from './redact-payload';

describe('redactPayload', () => {
  it.each([
    [
      { to: 'a@shop.test', token: 'abc' },
      { to: 'a@shop.test', token: REDACTED },
    ],
    [
      { phone: '+230', code: '123456' },
      { phone: '+230', code: REDACTED },
    ],
    [
      { resetToken: 'x', otp_code: '1' },
      { resetToken: REDACTED, otp_code: REDACTED },
    ],
    [{ smtp: { password: 'p', host: 'h' } }, { smtp: { password: REDACTED, host: 'h' } }],
    [{ headers: [{ authorization: 'Bearer x' }] }, { headers: [{ authorization: REDACTED }] }],
    [
      { apiKey: 'k', api_key: 'k', secret: 's' },
      { apiKey: REDACTED, api_key: REDACTED, secret: REDACTED },
    ],
    [
      { orderId: 7, documentId: 9, ip: null },
      { orderId: 7, documentId: 9, ip: null },
    ],
    [{}, {}],
  ])('shows %j as %j', (payload, shown) => {
    expect(redactPayload(payload)).toEqual(shown);
  });
});
