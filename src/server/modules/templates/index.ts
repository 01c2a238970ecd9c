export { renderEmailTemplate, renderRentalTemplate } from './render-templates';
export { seedDemoEmailTemplates } from './seed-demo-email-templates';
export { seedDemoRentalTemplates } from './seed-demo-rental-templates';
export {
  findActiveEmailTemplateBySlug,
  findDefaultRentalTemplate,
  type RentalTemplateRow,
} from './templates.queries';
export { templatesRoutes } from './templates.routes';
