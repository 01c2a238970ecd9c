export { bookingsRoutes } from './bookings.routes';
export { rentalRequestRoutes } from './rental-request.routes';
export { rentalRequestAdminMail, rentalRequestCustomerMail } from './rental-request-mails';
export { seedDemoRentals } from './seed-demo-rentals';
