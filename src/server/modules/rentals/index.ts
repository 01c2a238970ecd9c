export { bookingsRoutes } from './bookings.routes';
export { depositsRoutes } from './deposits.routes';
export { rentalDocumentRoutes } from './documents.routes';
export { periodPaymentLinkMail } from './period-payment-link';
export { periodsRoutes } from './periods.routes';
export { rentalDocumentForMail, rentalDocumentMail } from './rental-document-email';
export { rentalRequestRoutes } from './rental-request.routes';
export { rentalRequestAdminMail, rentalRequestCustomerMail } from './rental-request-mails';
export { seedDemoRentals } from './seed-demo-rentals';
