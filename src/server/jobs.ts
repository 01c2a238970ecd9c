import { magicLinkMail, passwordResetMail, purgeExpiredSmsCodes, smsOtpSms } from './modules/accounts';
import { newOrderAdminMail, orderConfirmationMail, sandboxWebhook } from './modules/checkout';
import { contactMessageMail } from './modules/contact';
import { creditRequestDecisionMail } from './modules/credit';
import { customerLinkMail, documentForMail, documentMail, purgeExpiredOrderLinks } from './modules/orders';
import {
  periodPaymentLinkMail,
  rentalDocumentForMail,
  rentalDocumentMail,
  rentalRequestAdminMail,
  rentalRequestCustomerMail,
} from './modules/rentals';
import { stockAlertsMail } from './modules/stock';
import { platformHousekeeping } from './platform/jobs/housekeeping';
import type { AnyJob } from './platform/jobs/job-queue';

/**
 * Every job the worker knows, listed explicitly like the routes (docs/decisions/0046). Mail and SMS
 * go through these, never inside a request. Recurring jobs (`every`) are here too: each process's
 * worker offers their slots, and each slot runs once across processes (docs/decisions/0073).
 */
export const allJobs: readonly AnyJob[] = [
  passwordResetMail,
  magicLinkMail,
  smsOtpSms,
  customerLinkMail,
  documentForMail,
  documentMail,
  rentalDocumentForMail,
  rentalDocumentMail,
  stockAlertsMail,
  contactMessageMail,
  orderConfirmationMail,
  newOrderAdminMail,
  sandboxWebhook,
  rentalRequestCustomerMail,
  rentalRequestAdminMail,
  periodPaymentLinkMail,
  creditRequestDecisionMail,
  // Recurring
  platformHousekeeping,
  purgeExpiredSmsCodes,
  purgeExpiredOrderLinks,
];
