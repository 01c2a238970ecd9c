import { countries, shippingMethods, states } from '../../server/modules/shipping/shipping.tables';
import { paymentMethods } from '../../server/modules/shop-setup/shop-setup.tables';
import { setSettings } from '../../server/platform/settings/settings-store';
import type { TestApp } from '../test-app';

export type CheckoutPlace = { countryId: number; stateId: number; methodId: number };

/** What a storefront checkout needs: a country, a state, a carrier, cash and card payment, stock kept. */
export async function checkoutPlace(t: TestApp): Promise<CheckoutPlace> {
  const db = t.ctx.db;
  const [country] = await db.insert(countries).values({ name: 'Mauritius', code: 'MU' }).returning();
  const [state] = await db.insert(states).values({ name: 'Port Louis', countryId: country!.id }).returning();
  const [method] = await db.insert(shippingMethods).values({ name: 'Courier', price: '20.00' }).returning();
  await db.insert(paymentMethods).values([
    { name: 'Cash on delivery', code: 'cod', status: 'enabled', displayOrder: 1 },
    { name: 'Card', code: 'card', status: 'shop_only', displayOrder: 2 },
  ]);
  await setSettings(db, { stock_management_enabled: true, stock_deduction_timing: 'on_order' });
  return { countryId: country!.id, stateId: state!.id, methodId: method!.id };
}

/** The checkout form of a buyer at `place`. */
export const checkoutForm = (place: CheckoutPlace, email: string, paymentType = 'cod') => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  phone: '+230 5000 0000',
  address: '1 Royal Road',
  country_id: place.countryId,
  state_id: place.stateId,
  city: 'Port Louis',
  shipping_method: String(place.methodId),
  pickup_point_id: '',
  payment_type: paymentType,
});
