export { findActiveEmailTemplateBySlug } from './email-templates.queries';
export { emailTemplateRoutes } from './email-templates.routes';
export { renderEmailTemplate } from './render-email-template';
export { seedDemoEmailTemplates } from './seed-demo-email-templates';
