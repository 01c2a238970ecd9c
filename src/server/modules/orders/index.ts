export { cancelOrderForBuyer } from './cancel-order-for-buyer';
export { createOrder } from './create-order';
export { customerLinkRoutes } from './customer-link.routes';
export { orderDocumentRoutes } from './documents.routes';
export { documentForMail, documentMail } from './documents-email';
export { orderIdOfLinkToken } from './order-link';
export { orderLinkRoutes } from './order-link.routes';
export { orderRoutes } from './orders.routes';
export { ordersListRoutes, purchaseHistoryRoutes } from './orders-list.routes';
export { purgeExpiredOrderLinks } from './purge-expired-links';
export { seedDemoOrders } from './seed-demo-orders';
export { customerLinkMail } from './send-customer-link';
export {
  findOrderByCode,
  itemsOfOrder,
  lockOrder,
  type OrderItemRow,
  type OrderRow,
  placeWebOrder,
  recordCardPayment,
} from './web-orders';
