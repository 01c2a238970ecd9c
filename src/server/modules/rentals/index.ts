export { depositsRoutes } from './deposits.routes';
export { periodPaymentLinkMail } from './period-payment-link';
export { periodsRoutes } from './periods.routes';
