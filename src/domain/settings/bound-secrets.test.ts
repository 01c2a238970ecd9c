import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearMovedSecrets, type SecretBinding, secretsToClear } from './bound-secrets';

const SMTP: SecretBinding[] = [{ secret: 'password', destination: ['host', 'port', 'user'] }];
const stored = { host: 'smtp.shop.example', port: 587, user: 'shop', password: 'secret' };

describe('a stored secret follows its destination', () => {
  it.each<[Record<string, unknown>, string[], string]>([
    [{ host: 'mail.evil.example' }, ['password'], 'a new host'],
    [{ port: 2525 }, ['password'], 'a new port'],
    [{ user: 'someone-else' }, ['password'], 'a new user name'],
    [{ host: '' }, ['password'], 'the host emptied'],
    [{ host: 'mail.evil.example', password: '' }, ['password'], 'a new host with the password left empty'],
    [{ host: 'mail.evil.example', password: 'new-secret' }, [], 'a new host with a new password'],
    [{ host: 'smtp.shop.example' }, [], 'the same host sent again'],
    [{ host: ' SMTP.Shop.Example ' }, [], 'the same host in other case and spacing'],
    [{ port: '587' }, [], 'the same port as text'],
    [{ from: 'shop@example.com' }, [], 'another setting'],
    [{}, [], 'nothing'],
  ])('%j clears %j (%s)', (changes, expected, _why) => {
    expect(secretsToClear(stored, changes, SMTP)).toEqual(expected);
  });

  it('clears nothing when no secret is stored', () => {
    expect(secretsToClear({ ...stored, password: '' }, { host: 'other.example' }, SMTP)).toEqual([]);
  });

  it('judges each binding on its own', () => {
    const bindings: SecretBinding[] = [...SMTP, { secret: 'key', destination: ['url'] }];
    const both = { ...stored, url: 'https://sms.example', key: 'k' };
    expect(secretsToClear(both, { url: 'https://evil.example' }, bindings)).toEqual(['key']);
    expect(clearMovedSecrets(both, { url: 'https://evil.example', host: 'x.example' }, bindings)).toEqual({
      url: 'https://evil.example',
      host: 'x.example',
      password: '',
      key: '',
    });
  });

  it('never lets a stored secret reach a moved destination unless a new one is given', () => {
    fc.assert(
      fc.property(
        fc.record({
          host: fc.option(fc.domain(), { nil: undefined }),
          password: fc.option(fc.string(), { nil: undefined }),
        }),
        (raw) => {
          const changes = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
          const saved = { ...stored, ...clearMovedSecrets(stored, changes, SMTP) };
          const moved = saved.host.trim().toLowerCase() !== stored.host;
          const newSecret = typeof changes.password === 'string' && changes.password !== '';
          if (moved && !newSecret) expect(saved.password).toBe('');
          if (!moved && !newSecret && changes.password === undefined) expect(saved.password).toBe('secret');
          if (newSecret) expect(saved.password).toBe(changes.password);
        },
      ),
    );
  });
});
