export {
  checkAccountScope,
  checkCustomerAccount,
  customerAccountCondition,
  type ScopedChange,
} from './account-scope';
export { presentShopViewer, presentViewer } from './accounts.presenter';
export { defaultAddressJoin, findUser, roleNames, USER_SEARCH_TEXT, type UserRow } from './accounts.queries';
export { authRoutes } from './auth.routes';
export { ensureAccessData } from './ensure-access-data';
export { passwordResetMail } from './request-password-reset';
export { rolesRoutes } from './roles.routes';
export { assertEmailFree, emailTaken, saveDefaultAddress } from './user-profile';
export { usersRoutes } from './users.routes';
