import { describe, expect, it } from 'vitest';
import { allowsCustomCode, policyWithNonce, withScriptNonce } from './custom-code';

describe('custom code on storefront pages (DECISIONS 24)', () => {
  it.each([
    ['home', true],
    ['login', false],
    ['register', false],
    ['forgot-password', false],
    ['reset-password', false],
    ['account', false],
    ['checkout', false],
    ['error', false],
  ])('%s carries custom code: %s', (page, allowed) => {
    expect(allowsCustomCode(page)).toBe(allowed);
  });

  it('puts the nonce on every script tag, whatever its case, and keeps one already there', () => {
    expect(withScriptNonce('<script>a()</script><SCRIPT src="/x.js"></SCRIPT><p>hi</p>', 'N1')).toBe(
      '<script nonce="N1">a()</script><script nonce="N1" src="/x.js"></SCRIPT><p>hi</p>',
    );
    expect(withScriptNonce('<script nonce="old">x</script>', 'N1')).toBe('<script nonce="old">x</script>');
    expect(withScriptNonce('<noscript>no</noscript><scripted>', 'N1')).toBe(
      '<noscript>no</noscript><scripted>',
    );
  });

  it('adds the nonce to script-src only', () => {
    expect(policyWithNonce("default-src 'self'; script-src 'self'; style-src 'self'", 'N1')).toBe(
      "default-src 'self'; script-src 'self' 'nonce-N1'; style-src 'self'",
    );
  });
});
