import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('the redirect after sign-in', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/admin/orders?page=2&search=a%20b', '/admin/orders?page=2&search=a%20b'],
    ['/admin/products/12/edit#images', '/admin/products/12/edit#images'],
    ['/customer/dashboard', '/customer/dashboard'],
    ['/login-help', '/login-help'],
  ])('keeps the path %j', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    ['/\t/evil.example/', 'a tab between the slashes (browsers drop it)'],
    ['/\n/evil.example/', 'a newline between the slashes'],
    ['/\r\n/evil.example/', 'CR LF'],
    ['/dashboard\r\nSet-Cookie: x=1', 'a header injection'],
    ['//evil.example', 'a protocol-relative URL'],
    ['/\\evil.example', 'a backslash read as a slash'],
    ['\\/evil.example', 'a leading backslash'],
    ['/%2Fevil.example', 'an encoded second slash'],
    ['/%5Cevil.example', 'an encoded backslash'],
    ['/%09/evil.example', 'an encoded tab'],
    ['/%0d%0aSet-Cookie:x', 'an encoded CR LF'],
    ['/%E0%A4%A', 'a broken escape'],
    ['/\u0000', 'a NUL'],
    ['/\u0085/evil.example', 'a C1 control (NEL)'],
    ['https://evil.example/', 'an absolute URL'],
    ['javascript:alert(1)', 'a scheme'],
    ['evil.example', 'no leading slash'],
    [' /dashboard', 'a leading space'],
    ['', 'nothing'],
    ['/login', 'the sign-in page itself'],
    ['/login?redirect=/x', 'the sign-in page with its own redirect'],
    ['/LOGOUT', 'the sign-out route'],
    ['/register', 'registration'],
    [`/${'a'.repeat(2000)}`, 'an over-long path'],
  ])('refuses %j (%s)', (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });

  it.each([[undefined], [null], [42], [['/dashboard']]])('refuses a non-string %j', (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });

  it('never lets through anything a browser would read as another host', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (rest) => {
        const kept = safeRedirectPath(`/${rest}`);
        if (kept === null) return;
        // What a browser does: drop tabs and newlines, read "\" as "/", then resolve.
        const url = new URL(kept.replace(/[\t\n\r]/g, ''), 'https://shop.example');
        expect(url.host).toBe('shop.example');
      }),
    );
  });
});
