/**
 * What a save changed, for the audit trail (docs/decisions/0030): each changed field as {from, to}.
 * A missing value and null are the same; dates, arrays and objects compare by their JSON. Orders,
 * the catalogue's reference data and shipping record their saves with it.
 */
export type FieldChange = { from: unknown; to: unknown };

export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
