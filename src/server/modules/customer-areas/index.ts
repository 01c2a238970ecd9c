export { customerAreaPageRoutes } from './customer-area-pages.routes';
export { customerAreaRoutes } from './customer-areas.routes';
