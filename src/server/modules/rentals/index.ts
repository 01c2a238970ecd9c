export { rentalDocumentRoutes } from './documents.routes';
export { rentalDocumentMail } from './rental-document-email';
