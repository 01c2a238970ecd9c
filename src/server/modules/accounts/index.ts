export {
  checkAccountScope,
  checkCustomerAccount,
  customerAccountCondition,
  type ScopedChange,
} from './account-scope';
export { presentShopViewer, presentViewer } from './accounts.presenter';
export {
  defaultAddressJoin,
  findUser,
  magicLinkHolder,
  roleNames,
  USER_SEARCH_TEXT,
  type UserRow,
} from './accounts.queries';
export { authRoutes } from './auth.routes';
export { ensureAccessData } from './ensure-access-data';
export { purgeExpiredSmsCodes } from './purge-expired-sms-codes';
export { magicLinkMail } from './request-magic-link';
export { passwordResetMail } from './request-password-reset';
export { rolesRoutes } from './roles.routes';
export { smsOtpSms, smsSignInEnabled } from './send-sms-otp';
export { assertEmailFree, emailTaken, saveDefaultAddress } from './user-profile';
export { usersRoutes } from './users.routes';
