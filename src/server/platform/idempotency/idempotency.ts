import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../../domain/errors';
import type { AppContext } from '../context';
import { idempotencyKeys } from './idempotency.tables';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  otherBody: 'This Idempotency-Key was already used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still being handled. Please try again in a moment.',
} as const;

/** DECISIONS 25: a key answers its first reply again for 24 hours. */
export const IDEMPOTENCY_HOURS = 24;

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The same JSON body, whatever the order of its keys. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  return value;
}

export function requestHash(path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(stable(body ?? null))}`)
    .digest('hex');
}

/**
 * Runs `act` once per `Idempotency-Key` (DECISIONS 25). Without the header it just runs. With it:
 * the first request claims the key (a row, unique per scope, user and key) and its reply is kept;
 * the same key and body within 24 h answer that reply again (header `Idempotent-Replayed: true`)
 * without acting; the same key with another body answers 422; a repeat while the first is still
 * running answers 409. A first request that fails frees its key, so a corrected retry may use it.
 */
export async function idempotent<T>(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { scope: string; userId: number | null; body: unknown },
  act: () => Promise<T>,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return act();
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY.test(key)) throw fieldError('idempotency_key', IDEMPOTENCY_MESSAGES.invalidKey);

  const userId = input.userId ?? 0;
  const hash = requestHash(req.url.split('?')[0]!, input.body);
  const where = and(
    eq(idempotencyKeys.scope, input.scope),
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
  );
  const expired = new Date(ctx.now().getTime() - IDEMPOTENCY_HOURS * 3_600_000);
  // Keys older than 24 h are forgotten (the created_at index keeps this cheap).
  await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expired));
  const [claimed] = await ctx.db
    .insert(idempotencyKeys)
    .values({ scope: input.scope, userId, key, requestHash: hash, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });

  if (!claimed) {
    const [first] = await ctx.db.select().from(idempotencyKeys).where(where).limit(1);
    if (!first) throw new AppError('conflict', IDEMPOTENCY_MESSAGES.inProgress);
    if (first.requestHash !== hash) throw fieldError('idempotency_key', IDEMPOTENCY_MESSAGES.otherBody);
    if (first.status === null) throw new AppError('conflict', IDEMPOTENCY_MESSAGES.inProgress);
    reply.code(first.status).header('Idempotent-Replayed', 'true');
    return first.reply as T;
  }

  try {
    const result = await act();
    await ctx.db
      .update(idempotencyKeys)
      .set({ status: reply.statusCode, reply: (result ?? null) as object | null })
      .where(eq(idempotencyKeys.id, claimed.id));
    return result;
  } catch (error) {
    await ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
    throw error;
  }
}
