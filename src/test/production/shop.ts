import { sql } from 'drizzle-orm';
import type { Database } from '../../server/platform/db/database';

/** Where a checkout sends its order in the demo shop: a country with a state, and a pickup point. */
export type PickupPlace = { countryId: number; stateId: number; pointId: number };

export async function pickupPlace(db: Database['db']): Promise<PickupPlace> {
  const result = (await db.execute(sql`
    select s.country_id, s.id as state_id,
      (select id from pickup_points where status = 1 order by id limit 1) as point_id
    from states s join countries c on c.id = s.country_id order by s.id limit 1`)) as unknown as {
    rows: { country_id: number; state_id: number; point_id: number }[];
  };
  const row = result.rows[0]!;
  return { countryId: row.country_id, stateId: row.state_id, pointId: row.point_id };
}

/** The checkout form of buyer `i`, collected at the pickup point and paid on delivery. */
export function checkoutForm(place: PickupPlace, i: number) {
  return {
    first_name: 'Race',
    last_name: `Buyer ${i}`,
    email: `race-${i}@example.test`,
    phone: '+230 5000 0000',
    address: '1 Royal Road',
    country_id: place.countryId,
    state_id: place.stateId,
    city: 'Port Louis',
    shipping_method: 'pickup',
    pickup_point_id: place.pointId,
    payment_type: 'cod',
  };
}
