export { renderRentalTemplate } from './render-rental-template';
export { findDefaultRentalTemplate, type RentalTemplateRow } from './rental-templates.queries';
export { rentalTemplateRoutes } from './rental-templates.routes';
export { seedDemoRentalTemplates } from './seed-demo-rental-templates';
