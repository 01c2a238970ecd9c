import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { saveCity } from './save-city';
import { saveCountry } from './save-country';
import { saveShippingMethod } from './save-shipping-method';
import { saveShippingZone } from './save-shipping-zone';
import { saveState } from './save-state';
import { countries, shippingMethods, shippingZones } from './shipping.tables';

/** Mauritius's districts and a few towns; a cost is what reaching the town adds to a quote. */
const MAURITIUS: { state: string; cities: [name: string, cost: number][] }[] = [
  { state: 'Port Louis', cities: [['Port Louis', 0]] },
  {
    state: 'Plaines Wilhems',
    cities: [
      ['Curepipe', 0],
      ['Quatre Bornes', 0],
      ['Vacoas', 0],
    ],
  },
  {
    state: 'Pamplemousses',
    cities: [
      ['Grand Baie', 50],
      ['Triolet', 25],
    ],
  },
  { state: 'Grand Port', cities: [['Mahébourg', 75]] },
  { state: 'Rodrigues', cities: [['Port Mathurin', 150]] },
];

/**
 * Demo shipping for `npm start`: Mauritius with its districts and towns, Réunion and France (two regions), three
 * methods and an "Islands" zone. Runs only while there is no country, method or zone, through the
 * same use cases as the screens (audit rows included). Answers whether it seeded.
 */
export async function seedDemoShipping(ctx: AppContext, actor: Actor): Promise<boolean> {
  const [anyCountry] = await ctx.db.select({ id: countries.id }).from(countries).limit(1);
  const [anyMethod] = await ctx.db.select({ id: shippingMethods.id }).from(shippingMethods).limit(1);
  const [anyZone] = await ctx.db.select({ id: shippingZones.id }).from(shippingZones).limit(1);
  if (anyCountry || anyMethod || anyZone) return false;

  const mauritius = await saveCountry(ctx, actor, null, { name: 'Mauritius', code: 'MU', status: 1 });
  const reunion = await saveCountry(ctx, actor, null, { name: 'Réunion', code: 'RE', status: 1 });
  const france = await saveCountry(ctx, actor, null, { name: 'France', code: 'FR', status: 1 });
  let rodriguesId = 0;
  for (const district of MAURITIUS) {
    const state = await saveState(ctx, actor, null, {
      name: district.state,
      country_id: mauritius.id,
      status: 1,
    });
    if (district.state === 'Rodrigues') rodriguesId = state.id;
    for (const [name, cost] of district.cities) {
      await saveCity(ctx, actor, null, { name, state_id: state.id, cost, status: 1 });
    }
  }
  const saintDenis = await saveState(ctx, actor, null, {
    name: 'Saint-Denis',
    country_id: reunion.id,
    status: 1,
  });
  await saveCity(ctx, actor, null, { name: 'Saint-Denis', state_id: saintDenis.id, cost: 0, status: 1 });
  // Every demo country can be chosen at checkout, which asks for a state (spec 3 §3).
  for (const [region, city] of [
    ['Île-de-France', 'Paris'],
    ['Provence-Alpes-Côte d’Azur', 'Marseille'],
  ] as const) {
    const state = await saveState(ctx, actor, null, { name: region, country_id: france.id, status: 1 });
    await saveCity(ctx, actor, null, { name: city, state_id: state.id, cost: 0, status: 1 });
  }

  const method = (name: string, fields: Partial<Parameters<typeof saveShippingMethod>[3]>) =>
    saveShippingMethod(ctx, actor, null, {
      name,
      description: null,
      price: 0,
      enabled: true,
      min_order_amount: null,
      max_order_amount: null,
      estimated_days_min: 1,
      estimated_days_max: 3,
      price_per_kg: 0,
      ...fields,
    });
  const standard = await method('Standard delivery', {
    description: 'Delivered by our own van',
    price: 150,
    estimated_days_min: 2,
    estimated_days_max: 4,
  });
  const express = await method('Express', {
    description: 'Next working day',
    price: 350,
    min_order_amount: 500,
    estimated_days_min: 1,
    estimated_days_max: 1,
  });
  const courier = await method('Island courier', {
    description: 'By air to Rodrigues and Réunion, priced by weight',
    price: 500,
    price_per_kg: 40,
    estimated_days_min: 3,
    estimated_days_max: 7,
  });
  await saveShippingZone(ctx, actor, null, {
    name: 'Islands',
    description: 'Réunion and Rodrigues',
    enabled: true,
    countries: [reunion.id],
    states: [rodriguesId],
    shipping_rates: [
      { method_id: standard.id, rate: 600 },
      { method_id: express.id, rate: 1200 },
      { method_id: courier.id, rate: 450 },
    ],
  });
  return true;
}
