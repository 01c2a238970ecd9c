import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type CategoryBody, REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import { type CategoryParentProblem, categoryParentProblem } from '../../../domain/catalogue/reference-rules';
import { changedFields } from '../../../domain/changed-fields';
import { addFieldError, type FieldErrors, fieldError, validationError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { categories } from './catalogue.tables';
import { findCategory } from './reference.queries';
import { isSlugTaken, isTaken, withUniqueFields } from './reference-change';

const PARENT_MESSAGES: Record<CategoryParentProblem, string> = {
  self: M.parentSelf,
  not_top: M.parentNotTop,
  has_children: M.parentHasChildren,
};

/**
 * Locks the category and its new parent together, lowest id first, so two saves that each move
 * one under the other queue instead of deadlocking, and neither can make a third level.
 */
async function lockCategoryAndParent(tx: Tx, id: number | null, parentId: number | null) {
  const ids = [id, parentId].filter((x): x is number => x !== null);
  const rows = ids.length
    ? await tx
        .select()
        .from(categories)
        .where(inArray(categories.id, ids))
        .orderBy(asc(categories.id))
        .for('update')
    : [];
  const category = id === null ? null : (rows.find((row) => row.id === id) ?? null);
  if (id !== null && !category) throw notFound(M.categoryNotFound);
  const parent = parentId === null ? null : (rows.find((row) => row.id === parentId) ?? null);
  if (parentId !== null && !parent) throw fieldError('parent_id', M.parentUnknown);
  return { category, parent };
}

/**
 * POST /admin/categories (id null) and PUT /admin/categories/{id}. Two levels (spec 2 §9): a
 * parent must be a top category and not the category itself, and a category with children stays at
 * the top. Names are unique among siblings, slugs everywhere (docs/decisions/0012).
 */
export async function saveCategory(ctx: AppContext, actor: Actor, id: number | null, input: CategoryBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const { category: before, parent } = await lockCategoryAndParent(tx, id, input.parent_id);
      const [children] =
        id === null
          ? [{ n: 0 }]
          : await tx
              .select({ n: sql<number>`cast(count(*) as integer)` })
              .from(categories)
              .where(eq(categories.parentId, id));
      const problem = categoryParentProblem(
        { id, childrenCount: children?.n ?? 0 },
        parent ? { id: parent.id, parentId: parent.parentId } : null,
      );
      if (problem) throw fieldError('parent_id', PARENT_MESSAGES[problem]);

      const errors: FieldErrors = {};
      const siblings =
        input.parent_id === null ? isNull(categories.parentId) : eq(categories.parentId, input.parent_id);
      if (
        await isTaken(tx, categories, { id: categories.id, text: categories.name }, input.name, id, siblings)
      ) {
        addFieldError(errors, 'name', M.nameTaken);
      }
      // A slug made from a taken name clashes for the same reason: the name's message says it all.
      const slugClash =
        !(input.slug_from_name && errors.name) &&
        (await isSlugTaken(tx, categories, { id: categories.id, slug: categories.slug }, input.slug, id));
      if (slugClash) {
        addFieldError(errors, 'slug', input.slug_from_name ? M.slugFromNameTaken(input.slug) : M.slugTaken);
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const fields = {
        name: input.name,
        slug: input.slug,
        parent_id: input.parent_id,
        description: input.description ?? null,
        is_active: input.is_active,
        sort_order: input.sort_order,
      };
      const values = {
        name: fields.name,
        slug: fields.slug,
        parentId: fields.parent_id,
        description: fields.description,
        isActive: fields.is_active,
        sortOrder: fields.sort_order,
        updatedAt: ctx.now(),
      };
      if (before === null) {
        const [created] = await tx.insert(categories).values(values).returning({ id: categories.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'category.created',
          subjectType: 'category',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(categories).set(values).where(eq(categories.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'category.updated',
        subjectType: 'category',
        subjectId: before.id,
        data: changedFields(
          {
            name: before.name,
            slug: before.slug,
            parent_id: before.parentId,
            description: before.description,
            is_active: before.isActive,
            sort_order: before.sortOrder,
          },
          fields,
        ),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findCategory(ctx.db, savedId))!;
}
