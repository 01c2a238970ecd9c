import { describe, expect, it } from 'vitest';
import { redactUrl } from './redaction';

describe('redactUrl', () => {
  it.each([
    ['/auth/magic-link/abc123', '/auth/magic-link/[redacted]'],
    ['/auth/magic-link/abc123?redirect=/x', '/auth/magic-link/[redacted]?redirect=/x'],
    ['/reset-password/tok?email=a%40b.test', '/reset-password/[redacted]?email=[redacted]'],
    ['/order-confirmation/EM-1/tok?x=1', '/order-confirmation/EM-1/[redacted]?x=1'],
    ['/login?otp_code=123456&session_id=s', '/login?otp_code=[redacted]&session_id=[redacted]'],
    ['/order-link/xyz', '/order-link/[redacted]'],
    ['/checkout/success/EM-1?token=secret&x=1', '/checkout/success/EM-1?token=[redacted]&x=1'],
    ['/payment-sandbox/pay?reference=r&signature=s', '/payment-sandbox/pay?reference=r&signature=[redacted]'],
    ['/products?page=2&search=token', '/products?page=2&search=token'],
    ['/api/user', '/api/user'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
