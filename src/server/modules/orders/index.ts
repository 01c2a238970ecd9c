export { ordersListRoutes, purchaseHistoryRoutes } from './orders-list.routes';
