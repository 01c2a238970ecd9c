export { bookingsRoutes } from './bookings.routes';
export { rentalDocumentRoutes } from './documents.routes';
export { rentalDocumentMail } from './rental-document-email';
export { rentalRequestRoutes } from './rental-request.routes';
export { rentalRequestAdminMail, rentalRequestCustomerMail } from './rental-request-mails';
export { seedDemoRentals } from './seed-demo-rentals';
