export { quoteShipping } from './quote-shipping';
export { seedDemoShipping } from './seed-demo-shipping';
export {
  findCountry,
  findShippingMethod,
  findState,
  keptCountry,
  keptState,
  listShippingMethods,
  quotedMethod,
} from './shipping.queries';
export { shippingRoutes } from './shipping.routes';
