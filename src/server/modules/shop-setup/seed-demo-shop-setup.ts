import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { paymentMethods, pickupPoints } from './shop-setup.tables';

/** Codes follow DECISIONS 9's payment types. */
export const DEMO_PAYMENT_METHODS: (typeof paymentMethods.$inferInsert)[] = [
  {
    name: 'Cash on delivery',
    code: 'cod',
    description: 'Pay in cash when the order is delivered or collected.',
    instructions: 'Please have the exact amount ready.',
    status: 'enabled',
    displayOrder: 1,
    configuration: {},
  },
  {
    name: 'Bank transfer',
    code: 'bank_transfer',
    description: 'Pay by bank transfer before the order ships.',
    instructions: 'Use the order code as the transfer reference.',
    status: 'enabled',
    displayOrder: 2,
    configuration: { bank_name: 'Lagoon Bank', account_number: '000 123 456 789', swift: 'LAGBMUMU' },
  },
  {
    name: 'Card',
    code: 'card',
    description: 'Visa and Mastercard through the card gateway.',
    status: 'shop_only',
    displayOrder: 3,
    configuration: { merchant_id: 'DEMO-MERCHANT', mode: 'test', secret_key: 'sk_test_demo_not_real' },
  },
];

export const DEMO_PICKUP_POINTS: (typeof pickupPoints.$inferInsert)[] = [
  {
    name: 'Port Louis shop',
    address: '12 Royal Road, Port Louis',
    phone: '+230 5250 1001',
    email: 'portlouis@demo.test',
    operatingHours: 'Mon–Fri 9:00–17:00, Sat 9:00–12:00',
    serviceFee: '0',
    status: 1,
  },
  {
    name: 'Curepipe warehouse',
    address: '4 Rue La Bourdonnais, Curepipe',
    phone: '+230 5250 1002',
    operatingHours: 'Mon–Sat 8:00–16:00',
    serviceFee: '50.00',
    status: 1,
  },
  {
    name: 'Grand Baie kiosk',
    address: 'Sunset Boulevard, Grand Baie',
    operatingHours: 'Closed for renovation',
    serviceFee: '75.00',
    status: 0,
  },
];

/** Demo payment methods and pickup points, each only while its table is empty. */
export async function seedDemoShopSetup(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [methods] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(paymentMethods);
    if ((methods?.n ?? 0) === 0) {
      await tx.insert(paymentMethods).values(DEMO_PAYMENT_METHODS);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'payment_method.seeded',
        subjectType: 'payment_method',
        data: { codes: DEMO_PAYMENT_METHODS.map((m) => m.code) },
        ip: actor.ip,
      });
    }
    const [points] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(pickupPoints);
    if ((points?.n ?? 0) === 0) {
      await tx.insert(pickupPoints).values(DEMO_PICKUP_POINTS);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'pickup_point.seeded',
        subjectType: 'pickup_point',
        data: { names: DEMO_PICKUP_POINTS.map((p) => p.name) },
        ip: actor.ip,
      });
    }
  });
}
