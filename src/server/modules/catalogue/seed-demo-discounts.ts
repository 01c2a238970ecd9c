import { asc, inArray, isNull } from 'drizzle-orm';
import { addDays } from '../../../domain/dates/date-format';
import type { Db } from '../../platform/db/database';
import { shopToday } from '../../platform/settings/settings-store';
import {
  categories,
  discountRuleCategories,
  discountRuleProducts,
  discountRules,
  products,
} from './catalogue.tables';

export const DEMO_DISCOUNT_NAMES = {
  storeWide: 'Store-wide 5 %',
  partner: 'Partner price 12 %',
} as const;

/**
 * Demo discount rules for `npm start`: a global 5 % (priority 1), 12 % for partners (priority 5),
 * and, when the catalogue has a category or a product, a 15 % rule on it that starts tomorrow in
 * the shop's time zone (so today's prices show it does not apply yet). Adds only the rules whose
 * names are not there yet, so it can run on every start. Returns the names it added.
 */
export async function seedDemoDiscounts(db: Db, now: Date = new Date()): Promise<string[]> {
  const today = await shopToday(db, now);
  const [category] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
    .limit(1);
  const [product] = category
    ? []
    : await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(isNull(products.deletedAt))
        .orderBy(asc(products.id))
        .limit(1);
  const target = category ?? product;
  const upcomingName = target ? `${target.name}: 15 % from tomorrow` : null;

  return db.transaction(async (tx) => {
    const wanted = [DEMO_DISCOUNT_NAMES.storeWide, DEMO_DISCOUNT_NAMES.partner, upcomingName].filter(
      (name): name is string => name !== null,
    );
    const existing = new Set(
      (
        await tx
          .select({ name: discountRules.name })
          .from(discountRules)
          .where(inArray(discountRules.name, wanted))
      ).map((r) => r.name),
    );
    const added: string[] = [];
    const stamp = { createdAt: now, updatedAt: now };
    if (!existing.has(DEMO_DISCOUNT_NAMES.storeWide)) {
      await tx.insert(discountRules).values({
        name: DEMO_DISCOUNT_NAMES.storeWide,
        description: 'Everything in the shop, for everyone.',
        type: 'global',
        discountType: 'percent',
        discountValue: '5.00',
        priority: 1,
        isActive: true,
        ...stamp,
      });
      added.push(DEMO_DISCOUNT_NAMES.storeWide);
    }
    if (!existing.has(DEMO_DISCOUNT_NAMES.partner)) {
      await tx.insert(discountRules).values({
        name: DEMO_DISCOUNT_NAMES.partner,
        description: 'Business partners pay less; outranks the store-wide discount.',
        type: 'role_based',
        discountType: 'percent',
        discountValue: '12.00',
        applicableRoles: ['partner'],
        priority: 5,
        isActive: true,
        ...stamp,
      });
      added.push(DEMO_DISCOUNT_NAMES.partner);
    }
    if (upcomingName && target && !existing.has(upcomingName)) {
      const [rule] = await tx
        .insert(discountRules)
        .values({
          name: upcomingName,
          description: 'Starts tomorrow: not in today’s prices yet.',
          type: category ? 'category' : 'product',
          discountType: 'percent',
          discountValue: '15.00',
          startDate: addDays(today, 1),
          endDate: addDays(today, 14),
          priority: 10,
          isActive: true,
          ...stamp,
        })
        .returning({ id: discountRules.id });
      if (category) {
        await tx.insert(discountRuleCategories).values({ discountRuleId: rule!.id, categoryId: category.id });
      } else {
        await tx.insert(discountRuleProducts).values({ discountRuleId: rule!.id, productId: target.id });
      }
      added.push(upcomingName);
    }
    return added;
  });
}
