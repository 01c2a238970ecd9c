import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseErrorOf, isUniqueViolation } from '../db/database-errors';
import { handleError, MESSAGES, zodFieldErrors } from './errors';

/** A database error as drizzle throws it: its own error, the driver's (with the SQLSTATE) as cause. */
const failedQuery = (code: string, words: string) =>
  new Error('Failed query: update "products" set …', { cause: Object.assign(new Error(words), { code }) });

describe('database errors of a lost race', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['55P03', 'could not obtain lock on row in relation "products"'],
  ])('%s (%s) answers 503 with Retry-After, in words the buyer can act on', async (code, words) => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    app.post('/race', async () => {
      throw failedQuery(code, words);
    });
    const reply = await app.inject({ method: 'POST', url: '/race' });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('1');
    expect(reply.json()).toEqual({ message: MESSAGES.busy, request_id: expect.any(String) });
    await app.close();
  });

  it('any other database error stays a 500 that says nothing of the database', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    app.post('/broken', async () => {
      throw failedQuery('23505', 'duplicate key value violates unique constraint');
    });
    const reply = await app.inject({ method: 'POST', url: '/broken' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ message: MESSAGES.server, request_id: expect.any(String) });
    await app.close();
  });

  it.each([
    [failedQuery('40P01', 'deadlock detected'), { code: '40P01' }],
    [
      Object.assign(new Error('x'), { code: '23505', constraint: 'users_email_unique' }),
      { code: '23505', constraint: 'users_email_unique' },
    ],
    [Object.assign(new Error('socket'), { code: 'ECONNRESET' }), null],
    [Object.assign(new Error('fastify'), { code: 'FST_ERR_BAD_URL' }), null],
    ['a string', null],
    [null, null],
  ])('databaseErrorOf(%s) → %o', (error, found) => {
    expect(databaseErrorOf(error)).toEqual(found);
  });

  it('isUniqueViolation names the constraint when asked', () => {
    const taken = failedQuery('23505', 'duplicate key');
    (taken.cause as { constraint?: string }).constraint = 'users_email_unique';
    expect(isUniqueViolation(taken)).toBe(true);
    expect(isUniqueViolation(taken, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(taken, 'other_unique')).toBe(false);
    expect(isUniqueViolation(failedQuery('40P01', 'deadlock detected'))).toBe(false);
  });
});

describe('zodFieldErrors', () => {
  it.each(['valueOf', 'constructor', 'toString', 'hasOwnProperty'])(
    'reports a field named %s under its own name',
    (name) => {
      const schema = z.record(z.string(), z.number({ error: 'A number.' }));
      const result = schema.safeParse(JSON.parse(`{"${name}": "x", "other": "y"}`));
      expect(result.success).toBe(false);
      const errors = zodFieldErrors(result.error!);
      expect(JSON.parse(JSON.stringify(errors))).toEqual({ [name]: ['A number.'], other: ['A number.'] });
      expect(Object.keys(errors).sort()).toEqual([name, 'other'].sort());
    },
  );

  it('keeps each message once per field, and the path joined by dots', () => {
    const schema = z.object({ items: z.array(z.object({ qty: z.number({ error: 'A number.' }) })) });
    const result = schema.safeParse({ items: [{ qty: 'a' }, { qty: 'b' }] });
    expect(JSON.parse(JSON.stringify(zodFieldErrors(result.error!)))).toEqual({
      'items.0.qty': ['A number.'],
      'items.1.qty': ['A number.'],
    });
  });
});
