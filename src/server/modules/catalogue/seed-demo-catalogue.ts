import { eq, sql } from 'drizzle-orm';
import { type ProductInput, productBody } from '../../../contracts/catalogue';
import {
  attributeBody,
  attributeValueBody,
  brandBody,
  categoryBody,
  colorBody,
} from '../../../contracts/catalogue-reference';
import { addDays } from '../../../domain/dates/date-format';
import type { Actor } from '../../platform/audit/audit';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { shopToday } from '../../platform/settings/settings-store';
import { storeDemoImage } from '../files';
import { categories, products, vats } from './catalogue.tables';
import {
  DEMO_ATTRIBUTES,
  DEMO_BRANDS,
  DEMO_CATEGORIES,
  DEMO_COLORS,
  DEMO_PRODUCTS,
  type DemoProduct,
} from './demo-catalogue-data';
import { saveAttribute } from './save-attribute';
import { saveAttributeValue } from './save-attribute-value';
import { saveBrand } from './save-brand';
import { saveCategory } from './save-category';
import { saveColor } from './save-color';
import { saveProduct } from './save-product';

type Ids = Map<string, number>;

/** Variant stock that shows every state: plenty, low, and now and then sold out. */
function variantQty(index: number): number {
  return [12, 7, 3, 0, 20, 9, 1, 15][index % 8]!;
}

function productInput(
  demo: DemoProduct,
  refs: {
    categories: Ids;
    brands: Ids;
    colors: Ids;
    values: Ids;
    vats: Ids;
    supplierId: number | null;
    today: string;
    imageId: number;
    sku: string;
  },
): ProductInput {
  const input: ProductInput = {
    name: demo.name,
    sku: refs.sku,
    brand_id: refs.brands.get(demo.brand) ?? null,
    category_ids: [refs.categories.get(demo.category)!],
    vat_id: refs.vats.get(demo.vat) ?? null,
    supplier_id: demo.supplier ? refs.supplierId : null,
    description: `${demo.name} from ${demo.brand}.`,
    price: demo.price,
    buy_price: Math.round(demo.price * 60) / 100,
    unit_selling_label: demo.unit ?? null,
    is_featured: demo.featured ?? false,
    stock_quantity: demo.stock ?? 0,
    shop_visibility: demo.visibility ?? ['guest', 'customer', 'partner', 'doctor', 'patient'],
    thumbnail_id: refs.imageId,
  };
  if (demo.rental) {
    input.is_rental_product = true;
    input.rental_price = demo.rental.price;
    input.unit_rental_label = demo.rental.unit;
  }
  if (demo.discount) {
    const { kind, value, fromDays, toDays } = demo.discount;
    input.has_discount = true;
    input.discount_type = kind;
    input.discount = value;
    input.discount_start_date = fromDays === null ? null : addDays(refs.today, fromDays);
    input.discount_end_date = toDays === null ? null : addDays(refs.today, toDays);
  }
  if (demo.variants) {
    const { colors, values, step } = demo.variants;
    input.is_variable_product = true;
    input.variations = colors.flatMap((color, c) =>
      values.map((value, v) => ({
        variant: `${color} / ${value}`,
        sku: `${refs.sku}-${color.slice(0, 2).toUpperCase()}${value.slice(0, 2).toUpperCase()}`,
        price: demo.price + step * v,
        qty: variantQty(c * values.length + v),
        attribute_values: [refs.values.get(value)!],
        color_ids: [refs.colors.get(color)!],
      })),
    );
  }
  return input;
}

/**
 * The demo catalogue for `npm start` (issue 3): two levels of categories, brands, colours, the
 * Size and Material attributes and 40+ products with pictures, saved through the same use cases
 * as the back office so they obey the same rules. Runs once: only while the shop has no category
 * and no product, so a shop that has started its own catalogue is left alone.
 */
export async function seedDemoCatalogue(ctx: AppContext, actor: Actor): Promise<boolean> {
  const [counts] = await ctx.db
    .select({
      categories: sql<number>`(select count(*) from ${categories})::int`,
      products: sql<number>`(select count(*) from ${products})::int`,
    })
    .from(sql`(select 1) as one`);
  if ((counts?.categories ?? 0) > 0 || (counts?.products ?? 0) > 0) return false;

  const categoryIds: Ids = new Map();
  for (const [i, top] of DEMO_CATEGORIES.entries()) {
    const parent = await saveCategory(
      ctx,
      actor,
      null,
      categoryBody.parse({ name: top.name, sort_order: i }),
    );
    categoryIds.set(top.name, parent.id);
    for (const [j, child] of top.children.entries()) {
      const saved = await saveCategory(
        ctx,
        actor,
        null,
        categoryBody.parse({ name: child, parent_id: parent.id, sort_order: j }),
      );
      categoryIds.set(child, saved.id);
    }
  }
  const brandIds: Ids = new Map();
  for (const name of DEMO_BRANDS)
    brandIds.set(name, (await saveBrand(ctx, actor, null, brandBody.parse({ name }))).id);
  const colorIds: Ids = new Map();
  for (const color of DEMO_COLORS) {
    colorIds.set(color.name, (await saveColor(ctx, actor, null, colorBody.parse(color))).id);
  }
  const valueIds: Ids = new Map();
  for (const attribute of DEMO_ATTRIBUTES) {
    const saved = await saveAttribute(ctx, actor, null, attributeBody.parse({ name: attribute.name }));
    for (const [i, value] of attribute.values.entries()) {
      const savedValue = await saveAttributeValue(
        ctx,
        actor,
        saved.id,
        null,
        attributeValueBody.parse({ value, sort_order: i }),
      );
      valueIds.set(value, savedValue.id);
    }
  }
  const vatIds: Ids = new Map(
    (await ctx.db.select({ id: vats.id, name: vats.name }).from(vats)).map((v) => [v.name, v.id]),
  );
  const [supplier] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'supplier@demo.test'))
    .limit(1);
  const today = await shopToday(ctx.db, ctx.now());

  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const imageId = await storeDemoImage(
      ctx.db,
      ctx.storage,
      { name: `${demo.name}.jpg`, label: demo.name, background: demo.colour, format: 'jpeg' },
      'products',
    );
    const input = productInput(demo, {
      categories: categoryIds,
      brands: brandIds,
      colors: colorIds,
      values: valueIds,
      vats: vatIds,
      supplierId: supplier?.id ?? null,
      today,
      imageId,
      sku: `${demo.category
        .replace(/[^a-z]/gi, '')
        .slice(0, 3)
        .toUpperCase()}-${String(index + 101)}`,
    });
    await saveProduct(ctx, actor, null, productBody.parse(input));
  }
  return true;
}
