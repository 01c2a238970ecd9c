export { presentShopViewer, presentViewer } from './accounts.presenter';
export { authRoutes } from './auth.routes';
export { ensureAccessData } from './ensure-access-data';
export { rolesRoutes } from './roles.routes';
export { usersRoutes } from './users.routes';
