// What an order save changed to its items, for the audit trail (docs/decisions/0030): the lines
// added, removed and changed. Its fields: changedFields (domain/changed-fields).

/** An item line as compared between two saves: product, variant, quantity, unit price (cents), discount. */
export type ItemLine = {
  productId: number | null;
  variantId: number | null;
  name: string;
  quantity: number;
  price: number;
  discount: number;
};

const lineKey = (line: ItemLine) => `${line.productId ?? '-'}:${line.variantId ?? '-'}`;
const describe = (line: ItemLine) => `${line.quantity} × ${line.name}`;

export type ItemChanges = { added: string[]; removed: string[]; changed: string[] };

/** Lines are matched by product and variant; a match whose quantity, price or discount differs is "changed". */
export function itemChanges(before: readonly ItemLine[], after: readonly ItemLine[]): ItemChanges {
  const remaining = [...before];
  const result: ItemChanges = { added: [], removed: [], changed: [] };
  for (const line of after) {
    const index = remaining.findIndex((old) => lineKey(old) === lineKey(line));
    if (index < 0) {
      result.added.push(describe(line));
      continue;
    }
    const [old] = remaining.splice(index, 1);
    if (old && (old.quantity !== line.quantity || old.price !== line.price || old.discount !== line.discount))
      result.changed.push(`${describe(old)} → ${describe(line)}`);
  }
  result.removed.push(...remaining.map(describe));
  return result;
}

export function hasItemChanges(changes: ItemChanges): boolean {
  return changes.added.length + changes.removed.length + changes.changed.length > 0;
}
