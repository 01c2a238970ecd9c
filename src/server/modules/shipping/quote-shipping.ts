import {
  type CalculateShippingBody,
  SHIPPING_MESSAGES as M,
  type ShippingQuoteReply,
} from '../../../contracts/shipping';
import { addFieldError, type FieldErrors, fieldError, validationError } from '../../../domain/errors';
import { addMoney, cents, fromDecimal, toDecimal, ZERO } from '../../../domain/money/money';
import {
  type ItemsShippingFacts,
  itemsShippingFacts,
  shippingQuote,
} from '../../../domain/shipping/shipping-cost';
import type { Executor } from '../../platform/db/database';
import { inIdsPlaceholder, preparedStatement } from '../../platform/db/prepared';
import { products } from '../catalogue';
import { findCity, keptState, methodRule, quotedMethod, quotedZones } from './shipping.queries';

const itemsFactsStatement = preparedStatement((db) =>
  db
    .select({ id: products.id, weight: products.weight, isFreeShipping: products.isFreeShipping })
    .from(products)
    .where(inIdsPlaceholder(products.id))
    .prepare('shipping_items_facts'),
);

/** Weight and free-shipping of the items sent, read from the catalogue (never from the browser). */
async function itemsFacts(ctx: { db: Executor }, items: CalculateShippingBody['items']) {
  const ids = [...new Set(items.map((i) => i.product_id))];
  const rows = await itemsFactsStatement(ctx.db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: FieldErrors = {};
  const facts: { weightKg: number; quantity: number; isFreeShipping: boolean }[] = [];
  items.forEach((item, index) => {
    const product = byId.get(item.product_id);
    if (!product) addFieldError(errors, `items.${index}.product_id`, 'This product does not exist.');
    else
      facts.push({
        weightKg: Number(product.weight ?? 0),
        quantity: item.quantity,
        isFreeShipping: product.isFreeShipping,
      });
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return itemsShippingFacts(facts);
}

/**
 * POST /api/shipping-methods/calculate (spec 3 §3, DECISIONS 15): loads the method, the zones and
 * the city and asks the shipping rule (`shippingQuote`, docs/decisions/0019) for the cost. When items
 * are sent, their weight and free-shipping flags come from the catalogue; cart_weight counts only
 * without items (docs/decisions/0024). `knownFacts`: the items' weight and free-shipping flags when
 * the caller read them from the catalogue itself in the same transaction (the checkout, decision
 * 0111), so they are not read again.
 */
export async function quoteShipping(
  // Only the database: the checkout quotes inside its own transaction (docs/decisions/0051).
  ctx: { db: Executor },
  input: CalculateShippingBody,
  knownFacts?: ItemsShippingFacts,
): Promise<ShippingQuoteReply> {
  const method = await quotedMethod(ctx.db, input.shipping_method_id);
  if (!method) throw fieldError('shipping_method_id', M.methodUnknown);

  const errors: FieldErrors = {};
  let countryId = input.country_id;
  let stateId = input.state_id;
  let cityCost = ZERO;
  if (input.city_id !== null) {
    const city = await findCity(ctx.db, input.city_id);
    if (!city) addFieldError(errors, 'city_id', M.cityUnknown);
    else if (stateId !== null && city.stateId !== stateId) addFieldError(errors, 'city_id', M.cityNotInState);
    else {
      cityCost = fromDecimal(city.cost);
      stateId = city.stateId;
    }
  }
  if (stateId !== null && !errors.city_id) {
    const state = await keptState(ctx.db, stateId);
    if (!state) addFieldError(errors, 'state_id', M.stateUnknown);
    else if (countryId !== null && state.countryId !== countryId) {
      addFieldError(errors, 'state_id', M.stateNotInCountry);
    } else countryId = state.countryId;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const facts =
    knownFacts ??
    (input.items.length > 0
      ? await itemsFacts(ctx, input.items)
      : { weightKg: input.cart_weight, allFreeShipping: false });
  const subtotal = fromDecimal(input.cart_total);
  const zones = await quotedZones(ctx.db);
  const quote = shippingQuote(
    methodRule(method),
    zones,
    { countryId, stateId, cityCost },
    { subtotal, weightKg: facts.weightKg, allFreeShipping: facts.allFreeShipping },
  );
  if (!quote.available) throw fieldError('shipping_method_id', M.methodUnavailable);

  // Item VAT is inside cart_total already and shipping carries none here (docs/decisions/0024).
  const tax = cents(0);
  return {
    success: true,
    available: true,
    subtotal: toDecimal(subtotal),
    tax: toDecimal(tax),
    shipping_cost: toDecimal(quote.cost),
    total: toDecimal(addMoney(subtotal, tax, quote.cost)),
    breakdown: {
      base: toDecimal(quote.base),
      weight: toDecimal(quote.weight),
      city: toDecimal(quote.city),
      zone_id: quote.zoneId,
      free_shipping: facts.allFreeShipping,
    },
    shipping_method: {
      id: method.id,
      name: method.name,
      estimated_days_min: method.estimatedDaysMin,
      estimated_days_max: method.estimatedDaysMax,
    },
  };
}
