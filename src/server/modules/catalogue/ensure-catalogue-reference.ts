import { VAT_RATE_DECIMALS } from '../../../domain/catalogue/reference-rules';
import type { Executor } from '../../platform/db/database';
import { vats } from './catalogue.tables';

/** One example of each VAT kind (spec 2 §3 VAT info), so product forms have rates to offer at once. */
export const SEEDED_VATS = [
  { name: 'Standard 15%', type: 'percentage', rate: 15, isDefault: true },
  { name: 'Reduced 5%', type: 'percentage', rate: 5, isDefault: false },
  { name: 'Eco fee', type: 'fixed', rate: 0.5, isDefault: false },
  { name: 'Exempt', type: 'exempt', rate: 0, isDefault: false },
  { name: 'Zero rated', type: 'zero', rate: 0, isDefault: false },
] as const;

/**
 * Reference data of the catalogue: the example VAT rates, only while the table is empty, so a
 * shop that changed or deleted them is left as it is. Brands, categories, colours and attributes
 * are the shop's own and are not seeded.
 */
export async function ensureCatalogueReference(db: Executor): Promise<void> {
  const existing = await db.select({ id: vats.id }).from(vats).limit(1);
  if (existing.length > 0) return;
  await db
    .insert(vats)
    .values(
      SEEDED_VATS.map((vat) => ({
        name: vat.name,
        type: vat.type,
        rate: vat.rate.toFixed(VAT_RATE_DECIMALS),
        isActive: true,
        isDefault: vat.isDefault,
      })),
    )
    .onConflictDoNothing();
}
