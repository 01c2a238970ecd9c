export { buyerOrder, isPayable, latestCardPayment, ORDER_NOT_FOUND, presentBuyerOrder } from './buyer-order';
export { sandboxWebhook } from './card-payment';
export { activeCountries } from './checkout.queries';
export { cardPaymentRoutes, checkoutRoutes, orderCodeParam } from './checkout.routes';
export { newOrderAdminMail, orderConfirmationMail } from './checkout-mails';
export { checkoutPageRoutes } from './checkout-pages.routes';
export { shopPaymentMethods } from './place-checkout-order';
export { SANDBOX_PREFIX, verifySandboxRequest } from './sandbox-gateway';
