import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PickupPointsListQuery } from '../../../contracts/shop-setup';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { cachedReference } from '../../platform/db/reference-cache';
import { likePattern, paged } from '../../platform/http/paging';
import { files } from '../files/files.tables';
import { paymentMethods, pickupPoints } from './shop-setup.tables';

export type PickupPointRow = typeof pickupPoints.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect & { iconPath: string | null };

const countAll = sql<number>`cast(count(*) as integer)`;

// Pickup points ----------------------------------------------------------------------------------

/** GET /api/pickup-points: one page in SQL; the search looks at name, address, phone and e-mail. */
export async function listPickupPoints(db: Executor, query: PickupPointsListQuery) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where: SQL | undefined = and(
    pattern
      ? or(
          sql`${pickupPoints.name} ilike ${pattern}`,
          sql`${pickupPoints.address} ilike ${pattern}`,
          sql`${pickupPoints.phone} ilike ${pattern}`,
          sql`${pickupPoints.email} ilike ${pattern}`,
        )
      : undefined,
    query.status === undefined ? undefined : eq(pickupPoints.status, Number(query.status)),
  );
  const column = {
    name: pickupPoints.name,
    service_fee: pickupPoints.serviceFee,
    status: pickupPoints.status,
    created_at: pickupPoints.createdAt,
  }[query.sort];
  const order = query.direction === 'asc' ? asc : desc;
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(pickupPoints)
        .where(where)
        .orderBy(order(column), asc(pickupPoints.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(pickupPoints).where(where))[0]?.n ?? 0,
  );
}

/** GET /api/pickup-points/active: the points a customer may choose, by name. */
export async function activePickupPoints(db: Executor) {
  return db
    .select()
    .from(pickupPoints)
    .where(eq(pickupPoints.status, 1))
    .orderBy(asc(pickupPoints.name), asc(pickupPoints.id));
}

export async function findPickupPoint(db: Executor, id: number): Promise<PickupPointRow | null> {
  const [row] = await db.select().from(pickupPoints).where(eq(pickupPoints.id, id)).limit(1);
  return row ?? null;
}

// Payment methods --------------------------------------------------------------------------------

const paymentMethodColumns = {
  id: paymentMethods.id,
  name: paymentMethods.name,
  code: paymentMethods.code,
  description: paymentMethods.description,
  instructions: paymentMethods.instructions,
  status: paymentMethods.status,
  displayOrder: paymentMethods.displayOrder,
  iconFileId: paymentMethods.iconFileId,
  configuration: paymentMethods.configuration,
  createdAt: paymentMethods.createdAt,
  updatedAt: paymentMethods.updatedAt,
  iconPath: files.path,
};

/** Every payment method in display order; `statuses` narrows to what a screen may offer. */
export async function listPaymentMethods(
  db: Executor,
  statuses?: readonly string[],
): Promise<PaymentMethodRow[]> {
  // Kept per reference version (decision 0111: migration 0043 bumps it on every write of the
  // methods; their icons are files, which bump it too). Shared between requests: not to be changed.
  return cachedReference(db, `payment-methods:${statuses?.join(',') ?? '*'}`, () =>
    methodsStatement(db).execute({ statuses: statuses ? [...statuses] : null }),
  );
}

/** Prepared (docs/decisions/0091): every checkout and checkout page reads the methods offered. */
const methodsStatement = preparedStatement((db) => {
  const statuses = sql`${sql.placeholder('statuses')}::text[]`;
  return db
    .select(paymentMethodColumns)
    .from(paymentMethods)
    .leftJoin(files, eq(files.id, paymentMethods.iconFileId))
    .where(sql`(${statuses} is null or ${paymentMethods.status} = any(${statuses}))`)
    .orderBy(asc(paymentMethods.displayOrder), asc(paymentMethods.id))
    .prepare('payment_methods');
});

export async function findPaymentMethod(db: Executor, id: number): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select(paymentMethodColumns)
    .from(paymentMethods)
    .leftJoin(files, eq(files.id, paymentMethods.iconFileId))
    .where(eq(paymentMethods.id, id))
    .limit(1);
  return row ?? null;
}
