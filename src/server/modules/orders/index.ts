export { customerLinkRoutes } from './customer-link.routes';
export { orderDocumentRoutes } from './documents.routes';
export { orderLinkRoutes } from './order-link.routes';
