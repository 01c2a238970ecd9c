export { bookingsRoutes } from './bookings.routes';
