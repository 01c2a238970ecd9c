import { z } from 'zod';

/**
 * Rental documents (spec 3 §2 "Booking document views", §4 "Document availability (rental)", §7;
 * docs/decisions/0069): the booking's five document types, the period's two, the bodies and the
 * replies the server and the booking screen share. Money travels as decimal text ("12.50").
 */
export const RENTAL_DOCUMENT_TYPES = [
  'rental_agreement',
  'delivery_note',
  'return_receipt',
  'proforma',
  'final_invoice',
] as const;
export type RentalDocumentType = (typeof RENTAL_DOCUMENT_TYPES)[number];

/** A period's own documents: its proforma and its final invoice. */
export const PERIOD_DOCUMENT_TYPES = ['proforma', 'final_invoice'] as const;
export type PeriodDocumentType = (typeof PERIOD_DOCUMENT_TYPES)[number];

export const RENTAL_DOCUMENT_TITLES: Record<RentalDocumentType, string> = {
  rental_agreement: 'Rental agreement',
  delivery_note: 'Delivery note',
  return_receipt: 'Return receipt',
  proforma: 'Proforma invoice',
  final_invoice: 'Final invoice',
};

export const RENTAL_DOCUMENT_MESSAGES = {
  documentType: 'Please choose a valid document type.',
  periodDocumentType: 'Please choose a proforma or a final invoice.',
  bookingNotFound: 'Booking not found.',
  periodNotFound: 'Period not found.',
  documentNotFound: 'Document not found.',
  documentFileMissing: 'The file of this document is missing from the storage.',
  notGeneratedYet: 'This document has not been generated yet: generate it first.',
  generated: 'Document generated successfully',
  emailQueued: 'The document is on its way to the customer by e-mail.',
  customerEmailRequired: 'The booking has no customer e-mail address.',
  noAgreementTemplate:
    'No active default rental agreement template: set one under Rental templates to make the agreement.',
  /** spec 3 §4 "Document availability (rental)", said as why a document cannot be made now. */
  unavailable: {
    rental_agreement: 'The rental agreement is available only when the booking is active.',
    delivery_note:
      'The delivery note is available only when the booking is ready, in transit, active or returned.',
    return_receipt: 'The return receipt is available only when the booking is returned.',
    proforma: 'The proforma is always available.',
    final_invoice:
      'The final invoice is available only when the period is active and paid, paid, or fully paid.',
  } satisfies Record<RentalDocumentType, string>,
  finalInvoicePerPeriod: 'Final invoices are made per period: generate it from the period.',
  // Fallbacks the screen shows (spec 3 §8 "An error occurred while ...").
  loadFailed: 'Failed to load documents',
  generateFailed: 'An error occurred while generating the document',
  emailFailed: 'An error occurred while sending the document',
} as const;

export const rentalDocumentTypeSchema = z.enum(RENTAL_DOCUMENT_TYPES, {
  message: RENTAL_DOCUMENT_MESSAGES.documentType,
});
export const periodDocumentTypeSchema = z.enum(PERIOD_DOCUMENT_TYPES, {
  message: RENTAL_DOCUMENT_MESSAGES.periodDocumentType,
});

/** POST /admin/rental-bookings/{id}/documents: a new version of a booking document. */
export const generateRentalDocumentBody = z.object({ document_type: rentalDocumentTypeSchema });

/** POST /admin/rental-bookings/{id}/periods/{periodId}/documents and …/documents/generate. */
export const periodDocumentBody = z.object({ document_type: periodDocumentTypeSchema });

/** POST /admin/api/rental-periods/{id}/send-document-email. */
export const sendRentalDocumentEmailBody = z.object({ document_type: periodDocumentTypeSchema });

// ── Replies ───────────────────────────────────────────────────────────────────────────────

export type RentalDocumentReply = {
  id: number;
  period_id: number | null;
  document_type: RentalDocumentType;
  document_number: string | null;
  version: number;
  size: number;
  /** The newest version of its type (of the booking, or of its period). */
  is_current: boolean;
  created_at: string;
  created_by: string | null;
  view_url: string;
};

/** Per type: whether it may be made now, why not, and its current version. */
export type RentalDocumentStatus = {
  available: boolean;
  reason: string | null;
  current_id: number | null;
  count: number;
};

/** A period's money: total = its items and services, paid = its completed payments. */
export type PeriodInvoiceReply = {
  period_id: number;
  period_number: number;
  start_date: string;
  end_date: string;
  status: string;
  invoice_status: string;
  total: string;
  paid: string;
  outstanding: string;
  is_fully_paid: boolean;
  /** The invoice of the moment: the final invoice once available, else the proforma. */
  invoice_type: PeriodDocumentType;
  proforma: RentalDocumentReply | null;
  final_invoice: RentalDocumentReply | null;
};

export type FinancialSummaryReply = {
  billed: string;
  paid: string;
  outstanding: string;
  /** Billed is the periods' totals, or the booking's estimate while it has no periods. */
  billed_from: 'periods' | 'estimate';
  deposit: { amount: string; status: string; collected: string; refunded: string } | null;
};

/**
 * GET /admin/rental-bookings/{id}/documents: the keys spec 3 §7 names, beside success and message
 * (spec 3 §8).
 */
export type RentalDocumentsReply = {
  success: true;
  message: string;
  booking_id: number;
  booking_number: string;
  booking_status: string;
  documents: RentalDocumentReply[];
  document_status: Record<RentalDocumentType, RentalDocumentStatus>;
  rental_invoices: PeriodInvoiceReply[];
  financial_summary: FinancialSummaryReply;
};

/** GET …/documents/{type}/history: the versions of a type, newest first. */
export type RentalDocumentHistoryReply = { success: true; message: string; history: RentalDocumentReply[] };

/** GET /admin/rental-bookings/{id}/periods/{periodId}/documents. */
export type PeriodDocumentsReply = {
  success: true;
  message: string;
  invoice: PeriodInvoiceReply;
  documents: RentalDocumentReply[];
  document_status: Record<PeriodDocumentType, RentalDocumentStatus>;
};

/** Every POST that makes a document: spec 3 §7 download_url (the viewer's address) and the version. */
export type RentalDocumentGeneratedReply = {
  success: true;
  message: string;
  download_url: string;
  data: RentalDocumentReply;
};

export type RentalDocumentActionReply = { success: true; message: string; data: null };

/** spec 3 §9: the PDF viewer's loader shows at least 1 s. */
export const PDF_LOADER_MS = 1000;
