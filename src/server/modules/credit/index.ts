export { creditRequestDecisionMail } from './answer-credit-request';
export { creditAccounts, creditRequests, creditTransactions } from './credit.tables';
export { creditAdminRoutes } from './credit-admin.routes';
export { latestCreditTransactions, partnerCreditOf } from './partner-credit';
export {
  fetchExternalContentRoute,
  fetchExternalContentRoutes,
  partnerCreditRoutes,
} from './partner-credit.routes';
export { isPublicAddress, type TermsNetwork } from './partner-terms';
export { seedDemoCredit } from './seed-demo-credit';
