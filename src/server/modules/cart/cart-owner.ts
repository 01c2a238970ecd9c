import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoadedSession } from '../../platform/auth/sessions';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { Executor, Tx } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { cartItems, carts } from './cart.tables';

/** The guest cart's cookie: a random token whose hash names the cart (issue 14). */
export const CART_COOKIE = 'emporium_cart';
const CART_COOKIE_DAYS = 30;

/** Whose cart a request works on: the signed-in user's, else the guest's behind the cookie. */
export type CartOwner = { userId: number } | { guestToken: string | null };

export function cartOwnerOf(req: FastifyRequest, session: LoadedSession | null): CartOwner {
  if (session?.user) return { userId: session.user.id };
  const token = req.cookies[CART_COOKIE];
  // Only a token the shop could have made names a cart; anything else is no cart at all.
  return { guestToken: token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null };
}

function ownerCondition(owner: CartOwner) {
  if ('userId' in owner) return eq(carts.userId, owner.userId);
  return owner.guestToken === null ? sql`false` : eq(carts.guestTokenHash, hashToken(owner.guestToken));
}

/** The owner's cart id, if they have one. */
export async function findCartId(db: Executor, owner: CartOwner): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).limit(1);
  return row?.id ?? null;
}

/**
 * The owner's cart, locked for this transaction (two tabs adding at once queue), made when they
 * have none yet. A guest without a cookie gets a new token, set on the reply.
 */
export async function lockOrCreateCart(
  tx: Tx,
  owner: CartOwner,
  req: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<number> {
  const [found] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(ownerCondition(owner))
    .for('update')
    .limit(1);
  if (found) {
    await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, found.id));
    return found.id;
  }
  let made: CartOwner = owner;
  let values: typeof carts.$inferInsert;
  if ('userId' in owner) values = { userId: owner.userId, updatedAt: now };
  else {
    const token = owner.guestToken ?? randomToken();
    made = { guestToken: token };
    values = { guestTokenHash: hashToken(token), updatedAt: now };
    setCartCookie(req, reply, token);
  }
  // Another request may have made it meanwhile: then this one waits for it and locks it.
  await tx.insert(carts).values(values).onConflictDoNothing();
  const [row] = await tx.select({ id: carts.id }).from(carts).where(ownerCondition(made)).for('update');
  return row!.id;
}

function setCartCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secureTransport,
    maxAge: CART_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearCartCookie(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' });
}

/**
 * Locks the owner's cart (FOR UPDATE: adds from another tab and a second checkout wait) and then
 * reads its lines. Two statements, not one: a statement reads with the snapshot it took before
 * waiting for the lock, so the lines read with the lock would be the ones a checkout that held it
 * has just sold (decision 0111). Null and no lines when the owner has no cart.
 */
export async function lockCartLines(
  tx: Tx,
  owner: CartOwner,
): Promise<{ cartId: number | null; lines: CartLineRow[] }> {
  if (!('userId' in owner) && owner.guestToken === null) return { cartId: null, lines: [] };
  const [row] =
    'userId' in owner
      ? await lockUserCart(tx).execute({ userId: owner.userId })
      : await lockGuestCart(tx).execute({ tokenHash: hashToken(owner.guestToken!) });
  if (!row) return { cartId: null, lines: [] };
  return { cartId: row.id, lines: await cartLinesStatement(tx).execute({ cartId: row.id }) };
}

export type CartLineRow = typeof cartItems.$inferSelect;

// The checkout's first statements (docs/decisions/0091): built once per process.
const lockUserCart = preparedStatement((db) =>
  db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, sql.placeholder('userId')))
    .for('update')
    .limit(1)
    .prepare('cart_lock_by_user'),
);
const lockGuestCart = preparedStatement((db) =>
  db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.guestTokenHash, sql.placeholder('tokenHash')))
    .for('update')
    .limit(1)
    .prepare('cart_lock_by_guest'),
);
/** A cart's lines in the order they were added (the cart page and both checkouts). */
export const cartLinesStatement = preparedStatement((db) =>
  db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.id))
    .prepare('cart_lines'),
);

const deleteCartItems = preparedStatement((db) =>
  db
    .delete(cartItems)
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .prepare('cart_items_delete_all'),
);

/** Empties the cart (a placed order spends all its lines; the buyer's "clear"). */
export async function emptyCart(tx: Tx, cartId: number): Promise<void> {
  await deleteCartItems(tx).execute({ cartId });
}

/** The same, as a write to send with others (writeTogether): the checkout's closing writes. */
export const cartEmptying = (tx: Tx, cartId: number) =>
  tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
