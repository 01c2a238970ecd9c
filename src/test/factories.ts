import { inArray } from 'drizzle-orm';
import { userAddresses } from '../server/modules/accounts/accounts.tables';
import { productCategories, productStocks, products } from '../server/modules/catalogue/catalogue.tables';
import { permissions, rolePermissions, roles, users } from '../server/platform/auth/auth.tables';
import { hashPassword } from '../server/platform/auth/passwords';
import { setUserRoles } from '../server/platform/auth/user-roles';
import type { Executor } from '../server/platform/db/database';

export const TEST_PASSWORD = 'password123';
let passwordHash: Promise<string> | null = null;

let counter = 0;

export type UserOverrides = Partial<typeof users.$inferInsert> & {
  roles?: string[];
  password?: string;
  address?: { address: string; city?: string; country?: string };
};

/** A user with roles (customer by default) and the password TEST_PASSWORD. */
export async function createUser(db: Executor, overrides: UserOverrides = {}) {
  counter += 1;
  const { roles = ['customer'], password, address, ...fields } = overrides;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Date.now()}@example.test`,
      firstName: 'Test',
      lastName: `User ${counter}`,
      passwordHash: password ? await hashPassword(password) : await passwordHash,
      ...fields,
    })
    .returning();
  await setUserRoles(db, user!.id, roles);
  if (address) await db.insert(userAddresses).values({ userId: user!.id, isDefault: true, ...address });
  return user!;
}

/** A role the shop added, holding these (existing) permissions. */
export async function createRole(db: Executor, name: string, permissionNames: readonly string[] = []) {
  const [role] = await db
    .insert(roles)
    .values({ name, description: `${name} (test)` })
    .returning();
  if (permissionNames.length > 0) {
    const held = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...permissionNames]));
    await db.insert(rolePermissions).values(held.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  }
  return role!;
}

export type ProductOverrides = Partial<typeof products.$inferInsert> & {
  /** Variants (product_stocks); giving any makes the product variable unless said otherwise. */
  variants?: Partial<Omit<typeof productStocks.$inferInsert, 'productId'>>[];
  categoryIds?: number[];
};

/**
 * A product (active, price 10.00, shown to guests unless overridden), with its variants and
 * categories. Names and slugs are unique per call.
 */
export async function createProduct(db: Executor, overrides: ProductOverrides = {}) {
  counter += 1;
  const { variants = [], categoryIds = [], ...fields } = overrides;
  const name = fields.name ?? `Product ${counter}`;
  const [product] = await db
    .insert(products)
    .values({
      name,
      slug: `product-${counter}-${Date.now().toString(36)}`,
      price: '10.00',
      isVariableProduct: variants.length > 0,
      ...fields,
    })
    .returning();
  const stocks =
    variants.length === 0
      ? []
      : await db
          .insert(productStocks)
          .values(
            variants.map((variant, index) => ({
              variant: `Variant ${index + 1}`,
              price: '10.00',
              sortOrder: index,
              ...variant,
              productId: product!.id,
            })),
          )
          .returning();
  if (categoryIds.length > 0) {
    await db
      .insert(productCategories)
      .values(categoryIds.map((categoryId) => ({ productId: product!.id, categoryId })));
  }
  return { ...product!, variants: stocks };
}
