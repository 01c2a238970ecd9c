import { and, eq, isNull, sql } from 'drizzle-orm';
import { MENU_MESSAGES as M, type MenuItemInput } from '../../../contracts/menus';
import { addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { hasCycle } from '../../../domain/menus/menu-tree';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { categories, products } from '../catalogue';
import { lockMenu } from './lock-menu';
import { menuItems } from './menus.tables';

async function targetErrors(tx: Tx, input: MenuItemInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (input.categoryId !== null) {
    const [found] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!found) addFieldError(errors, 'category_id', M.categoryUnknown);
  }
  if (input.productId !== null) {
    const [found] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.deletedAt)));
    if (!found) addFieldError(errors, 'product_id', M.productUnknown);
  }
  return errors;
}

/**
 * POST /api/menu-items (id null) and PUT /api/menu-items/{id}: one item, checked inside the
 * transaction with the menu locked — the target exists, the parent exists, and a new parent never
 * makes the item its own ancestor at any depth (422 "Cannot create circular menu structure"). A
 * new item goes last among its siblings; an item moved to another parent goes last there.
 */
export async function saveMenuItem(ctx: AppContext, actor: Actor, id: number | null, input: MenuItemInput) {
  return ctx.db.transaction(async (tx) => {
    const menu = await lockMenu(tx);
    const current = id === null ? null : menu.find((item) => item.id === id);
    if (id !== null && !current) throw notFound(M.notFound);
    const errors = await targetErrors(tx, input);
    if (input.parentId !== null && !menu.some((item) => item.id === input.parentId))
      addFieldError(errors, 'parent_id', M.parentUnknown);
    else if (id !== null && hasCycle(menu, new Map([[id, input.parentId]])))
      addFieldError(errors, 'parent_id', M.circular);
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const moved = current === null || current === undefined || current.parentId !== input.parentId;
    const order = moved
      ? Math.max(
          -1,
          ...menu
            .filter((item) => item.parentId === input.parentId && item.id !== id)
            .map((item) => item.order),
        ) + 1
      : current.order;
    const values = {
      label: input.label,
      targetType: input.targetType,
      url: input.url,
      page: input.page,
      categoryId: input.categoryId,
      productId: input.productId,
      parentId: input.parentId,
      isActive: input.isActive,
      order,
      updatedAt: sql`now()`,
    };
    const [saved] =
      id === null
        ? await tx.insert(menuItems).values(values).returning({ id: menuItems.id })
        : await tx.update(menuItems).set(values).where(eq(menuItems.id, id)).returning({ id: menuItems.id });
    await audit(tx, {
      actorUserId: actor.userId,
      action: id === null ? 'menu_item.created' : 'menu_item.updated',
      subjectType: 'menu_item',
      subjectId: saved!.id,
      data: {
        label: input.label,
        target_type: input.targetType,
        parent_id: input.parentId,
        is_active: input.isActive,
      },
      ip: actor.ip,
    });
    return saved!.id;
  });
}
