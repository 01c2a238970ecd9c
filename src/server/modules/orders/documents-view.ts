import { ORDER_DOCUMENT_MESSAGES } from '../../../contracts/orders';
import type { DocumentType } from '../../../domain/orders/documents-and-link';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { readStoredFile } from '../../platform/files/read-stored-file';
import { notFound } from '../../platform/http/errors';
import {
  type DocumentRow,
  findOrderOr404,
  latestDocument,
  type OrderRow,
  orderChangedAt,
} from './documents.queries';
import { generateDocumentIn } from './generate-document';

/**
 * The document the Generate button and an e-mail use (docs/decisions/0032): the latest version when
 * the order has not changed since it was made, otherwise (or when `fresh`, or none exists) a new one.
 */
export async function currentDocument(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  type: DocumentType,
  fresh: boolean,
): Promise<{ order: OrderRow; doc: DocumentRow; generated: boolean }> {
  return ctx.db.transaction((tx) => currentDocumentIn(ctx, tx, actor, orderId, type, fresh));
}

/** currentDocument in the caller's transaction (the document e-mail queues its job in it). */
export async function currentDocumentIn(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  orderId: number,
  type: DocumentType,
  fresh: boolean,
): Promise<{ order: OrderRow; doc: DocumentRow; generated: boolean }> {
  const order = await findOrderOr404(tx, orderId, true);
  const latest = fresh ? null : await latestDocument(tx, orderId, type);
  if (latest && latest.createdAt.getTime() >= (await orderChangedAt(tx, order)).getTime()) {
    return { order, doc: latest, generated: false };
  }
  return { order, doc: await generateDocumentIn(ctx, tx, actor, order, type), generated: true };
}

/** The latest stored version of a type, as GET …/documents/view/{type} shows it; 404 when none. */
export async function latestStoredDocument(
  ctx: AppContext,
  orderId: number,
  type: DocumentType,
): Promise<{ order: OrderRow; doc: DocumentRow }> {
  const order = await findOrderOr404(ctx.db, orderId);
  const doc = await latestDocument(ctx.db, orderId, type);
  if (!doc) throw notFound(ORDER_DOCUMENT_MESSAGES.notGeneratedYet);
  return { order, doc };
}

/** The stored PDF of a version; a file gone from the storage is 404. */
export async function readDocumentPdf(ctx: AppContext, doc: DocumentRow): Promise<Buffer> {
  const pdf = await readStoredFile(ctx.storage, doc.storagePath);
  if (!pdf) throw notFound(ORDER_DOCUMENT_MESSAGES.documentFileMissing);
  return pdf;
}
