import { eq } from 'drizzle-orm';
import { type BrandBody, REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import { changedFields } from '../../../domain/changed-fields';
import { addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { brands } from './catalogue.tables';
import { findBrand } from './reference.queries';
import { isSlugTaken, isTaken, withUniqueFields } from './reference-change';

/** POST /admin/brands (id null) and PUT /admin/brands/{id}: name and slug unique, slug from the name when blank. */
export async function saveBrand(ctx: AppContext, actor: Actor, id: number | null, input: BrandBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, brands, id, M.brandNotFound);
      const errors: FieldErrors = {};
      if (await isTaken(tx, brands, { id: brands.id, text: brands.name }, input.name, id)) {
        addFieldError(errors, 'name', M.nameTaken);
      }
      // A slug made from a taken name clashes for the same reason: the name's message says it all.
      const slugClash =
        !(input.slug_from_name && errors.name) &&
        (await isSlugTaken(tx, brands, { id: brands.id, slug: brands.slug }, input.slug, id));
      if (slugClash) {
        addFieldError(errors, 'slug', input.slug_from_name ? M.slugFromNameTaken(input.slug) : M.slugTaken);
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const fields = { name: input.name, slug: input.slug, is_active: input.is_active };
      const values = { name: input.name, slug: input.slug, isActive: input.is_active, updatedAt: ctx.now() };
      if (before === null) {
        const [created] = await tx.insert(brands).values(values).returning({ id: brands.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'brand.created',
          subjectType: 'brand',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(brands).set(values).where(eq(brands.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'brand.updated',
        subjectType: 'brand',
        subjectId: before.id,
        data: changedFields({ name: before.name, slug: before.slug, is_active: before.isActive }, fields),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findBrand(ctx.db, savedId))!;
}
