import type { OrderDocumentsReply } from '../../../contracts/orders';
import { DOCUMENT_TYPES, isDocumentAvailable } from '../../../domain/orders/documents-and-link';
import type { ListedDocument, OrderRow } from './documents.queries';
import { availabilityOf } from './generate-document';

export type DocumentReply = OrderDocumentsReply['documents'][number];

export function presentDocument(row: ListedDocument): DocumentReply {
  const name = [row.creatorFirst, row.creatorLast].filter(Boolean).join(' ') || row.creatorEmail || null;
  return {
    id: row.doc.id,
    document_type: row.doc.documentType,
    document_number: row.doc.documentNumber,
    version: row.doc.version,
    size: row.doc.size,
    created_at: row.doc.createdAt.toISOString(),
    created_by: name,
  };
}

/** GET /admin/orders/{id}/documents: every version, and per type its availability and latest. */
export function presentOrderDocuments(order: OrderRow, rows: ListedDocument[]): OrderDocumentsReply {
  const documents = rows.map(presentDocument);
  const availability = availabilityOf(order);
  const document_status: OrderDocumentsReply['document_status'] = {};
  for (const type of DOCUMENT_TYPES) {
    const ofType = documents.filter((d) => d.document_type === type);
    document_status[type] = {
      available: isDocumentAvailable(type, availability),
      latest_id: ofType[0]?.id ?? null,
      count: ofType.length,
    };
  }
  return { documents, document_status };
}

/** "INV-2026-000001.pdf", else "proforma_invoice-ORD-261123-ABCD-v2.pdf". */
export function documentFileName(
  order: OrderRow,
  doc: { documentType: string; documentNumber: string | null; version: number },
) {
  const base = doc.documentNumber ?? `${doc.documentType}-${order.orderCode}`;
  return `${base}${doc.version > 1 ? `-v${doc.version}` : ''}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
}
