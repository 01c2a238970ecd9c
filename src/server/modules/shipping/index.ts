export { seedDemoShipping } from './seed-demo-shipping';
export { shippingRoutes } from './shipping.routes';
