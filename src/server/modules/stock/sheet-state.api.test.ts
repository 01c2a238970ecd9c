import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stockStatus } from '../../../domain/catalogue/product-rules';
import { freshDatabase } from '../../../test/test-database';
import type { Database } from '../../platform/db/database';

/**
 * The stock sheet's kept state of each location row (migration 0036, docs/decisions/0084), and its
 * products counted per location and state (migration 0039, decision 0105), against
 * the rule it stands for (stockStatus in src/domain, decision 0022's listed items): whatever happens
 * to the rows and their products (quantities set, thresholds changed, products made variable or
 * simple, deleted and restored, rows added), every row's kept state is the rule's answer.
 */
let database: Database;

beforeAll(async () => {
  database = await freshDatabase(inject('templatePath'));
});
afterAll(() => database?.close());

type Row = {
  store_location_id: number;
  product_id: number;
  quantity: number;
  variant_id: number | null;
  is_variable_product: boolean;
  low_stock_threshold: number;
  deleted: boolean;
  sheet_state: string | null;
};

const STATE = { out_of_stock: 'out', low_stock: 'low', in_stock: 'in' } as const;

/** What the sheet lists a row as, by the domain's rule: null for a row it does not list. */
function expectedState(row: Row): string | null {
  if (row.deleted || (row.variant_id !== null) !== row.is_variable_product) return null;
  return STATE[stockStatus(row.quantity, row.low_stock_threshold)];
}

async function rows(): Promise<Row[]> {
  const result = (await database.db.execute(sql`
    select ls.store_location_id, ls.product_id, ls.quantity, ls.variant_id, p.is_variable_product, p.low_stock_threshold,
           p.deleted_at is not null as deleted, ls.sheet_state
      from location_stocks ls join products p on p.id = ls.product_id
     where p.slug like 'kept-state-%'`)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Every row's kept state is the rule's, and the counted products (migration 0039, decision 0105)
 * hold, per location and product, the number of rows the rule puts in each state.
 */
async function expectKeptStatesRight() {
  const all = await rows();
  expect(all.length).toBeGreaterThan(0);
  for (const row of all) expect(row.sheet_state, JSON.stringify(row)).toBe(expectedState(row));
  const expected = new Map<string, { out: number; low: number; in: number }>();
  for (const row of all) {
    const state = expectedState(row) as 'out' | 'low' | 'in' | null;
    if (state === null) continue;
    const key = `${row.store_location_id}/${row.product_id}`;
    const counts = expected.get(key) ?? { out: 0, low: 0, in: 0 };
    counts[state] += 1;
    expected.set(key, counts);
  }
  const counted = (await database.db.execute(sql`
    select c.store_location_id, c.product_id, c.out_rows, c.low_rows, c.in_rows
      from location_sheet_products c join products p on p.id = c.product_id
     where p.slug like 'kept-state-%' and c.out_rows + c.low_rows + c.in_rows > 0`)) as unknown as {
    rows: {
      store_location_id: number;
      product_id: number;
      out_rows: number;
      low_rows: number;
      in_rows: number;
    }[];
  };
  expect(
    new Map(
      counted.rows.map((c) => [
        `${c.store_location_id}/${c.product_id}`,
        { out: c.out_rows, low: c.low_rows, in: c.in_rows },
      ]),
    ),
  ).toEqual(expected);
}

/** Two products with two variants each, every item placed at two locations. */
async function shop(run: number) {
  const db = database.db;
  await db.execute(sql`
    insert into products (name, slug, low_stock_threshold, is_variable_product)
    select 'Kept ' || ${run} || '-' || g, 'kept-state-' || ${run} || '-' || g, 3, g = 2
      from generate_series(1, 2) g`);
  await db.execute(sql`
    insert into product_stocks (product_id, variant, qty)
    select p.id, 'V' || g, 0 from products p, generate_series(1, 2) g
     where p.slug like ${`kept-state-${run}-%`}`);
  await db.execute(sql`
    insert into store_locations (name) values (${`Kept A ${run}`}), (${`Kept B ${run}`})`);
  // Each product's own row and its variants' rows: the sheet lists one kind or the other.
  await db.execute(sql`
    insert into location_stocks (product_id, variant_id, store_location_id, quantity)
    select p.id, null, l.id, 2 from products p, store_locations l
     where p.slug like ${`kept-state-${run}-%`} and l.name like ${`Kept _ ${run}`}
    union all
    select s.product_id, s.id, l.id, 5 from product_stocks s join products p on p.id = s.product_id,
           store_locations l
     where p.slug like ${`kept-state-${run}-%`} and l.name like ${`Kept _ ${run}`}`);
}

const productOf = (run: number, n: number) => `kept-state-${run}-${n}`;
const change = fc.oneof(
  fc.record({
    kind: fc.constant('quantity' as const),
    product: fc.integer({ min: 1, max: 2 }),
    quantity: fc.integer({ min: 0, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('threshold' as const),
    product: fc.integer({ min: 1, max: 2 }),
    threshold: fc.integer({ min: 0, max: 8 }),
  }),
  fc.record({ kind: fc.constant('kind' as const), product: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('delete' as const), product: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('restore' as const), product: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('unplace' as const), product: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('replace' as const), product: fc.integer({ min: 1, max: 2 }) }),
);

let runs = 0;

describe('the stock sheet state kept on location rows', () => {
  it('is set on insert, and follows quantities, thresholds, kinds and deletion', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        const run = ++runs;
        await shop(run);
        await expectKeptStatesRight();
        const db = database.db;
        for (const c of changes) {
          const slug = productOf(run, c.product);
          if (c.kind === 'quantity') {
            // One row of the product: the first at its first location, whichever kind it is.
            await db.execute(sql`
              update location_stocks set quantity = ${c.quantity}
               where id = (select ls.id from location_stocks ls join products p on p.id = ls.product_id
                            where p.slug = ${slug} order by ls.id limit 1)`);
          } else if (c.kind === 'threshold') {
            await db.execute(
              sql`update products set low_stock_threshold = ${c.threshold} where slug = ${slug}`,
            );
          } else if (c.kind === 'kind') {
            await db.execute(
              sql`update products set is_variable_product = not is_variable_product where slug = ${slug}`,
            );
          } else if (c.kind === 'unplace') {
            // The product's last location row goes (a variant or an item taken off a location).
            await db.execute(sql`
              delete from location_stocks
               where id = (select ls.id from location_stocks ls join products p on p.id = ls.product_id
                            where p.slug = ${slug} order by ls.id desc limit 1)`);
          } else if (c.kind === 'replace') {
            // Every item of the product placed again where it is missing, with 1 unit.
            await db.execute(sql`
              insert into location_stocks (product_id, variant_id, store_location_id, quantity)
              select p.id, s.id, l.id, 1 from products p
                left join product_stocks s on s.product_id = p.id, store_locations l
               where p.slug = ${slug} and l.name like ${`Kept _ ${run}`}
              on conflict do nothing`);
          } else if (c.kind === 'delete') {
            await db.execute(sql`update products set deleted_at = now() where slug = ${slug}`);
          } else {
            await db.execute(sql`update products set deleted_at = null where slug = ${slug}`);
          }
        }
        await expectKeptStatesRight();
      }),
      { numRuns: 25 },
    );
  });

  it("cannot be written wrong: a row written with a state gets the rule's", async () => {
    const run = ++runs;
    await shop(run);
    await database.db.execute(sql`
      update location_stocks ls set sheet_state = 'out' from products p
       where p.id = ls.product_id and p.slug like ${`kept-state-${run}-%`}`);
    await expectKeptStatesRight();
  });
});
