export { contactRoutes } from './contact.routes';
export { contactMessages } from './contact.tables';
export { seedDemoContactMessages } from './seed-demo-contact';
export { contactMessageMail } from './send-contact-message';
