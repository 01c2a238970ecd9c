export { seedDemoShopSetup } from './seed-demo-shop-setup';
export {
  activePickupPoints,
  findPickupPoint,
  listPaymentMethods,
  type PaymentMethodRow,
  type PickupPointRow,
} from './shop-setup.queries';
export { paymentMethodRoutes, pickupPointRoutes } from './shop-setup.routes';
