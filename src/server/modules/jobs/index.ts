export { jobRoutes } from './jobs.routes';
