export { createOrder } from './create-order';
export { orderRoutes } from './orders.routes';
export { ordersListRoutes, purchaseHistoryRoutes } from './orders-list.routes';
