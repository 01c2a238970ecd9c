export { createOrder } from './create-order';
export { orderRoutes } from './orders.routes';
