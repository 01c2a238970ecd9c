import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EMAIL_TEMPLATE_MESSAGES,
  type EmailTemplateReply,
  emailTemplateBody,
  emailTemplatesListQuery,
  type TemplatePreviewReply,
} from '../../../contracts/email-templates';
import {
  RENTAL_TEMPLATE_MESSAGES,
  type RentalTemplateReply,
  rentalTemplateBody,
  rentalTemplatesListQuery,
} from '../../../contracts/rental-templates';
import {
  EMAIL_TEMPLATE_TYPES,
  RENTAL_TEMPLATE_TYPES,
  type TemplateType,
} from '../../../domain/templates/template-types';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/database';
import { renderEmailTemplateSample, renderRentalTemplateSample } from './render-templates';
import { saveEmailTemplate } from './save-email-template';
import { saveRentalTemplate } from './save-rental-template';
import { presentEmailTemplate, presentRentalTemplate } from './templates.presenter';
import {
  type EmailTemplateRow,
  findEmailTemplate,
  findRentalTemplate,
  listEmailTemplates,
  listRentalTemplates,
  type RentalTemplateRow,
} from './templates.queries';
import { emailTemplates, rentalTemplates } from './templates.tables';

/**
 * One kind of admin-authored template (spec 2 §3, §7): e-mail templates and rental document
 * templates are managed the same way (list, types, create, read, update, delete, preview), each
 * with its own table, fields and save rules. The routes and the delete use case are written once,
 * over this description (docs/decisions/0028).
 */
export type TemplateKind<
  Row extends { id: number; name: string; type: string },
  Body extends z.ZodType,
  Reply,
> = {
  /** The audit trail's subject type and the start of its actions ("email_template.deleted"). */
  subject: 'email_template' | 'rental_template';
  base: string;
  messages: { notFound: string; created: string; updated: string; deleted: string };
  types: readonly TemplateType[];
  body: Body;
  listQuery: z.ZodType;
  list(db: Executor, query: never): Promise<{ data: Row[] } & Record<string, unknown>>;
  find(db: Executor, id: number): Promise<Row | null>;
  save(ctx: AppContext, actor: Actor, id: number | null, body: z.output<Body>): Promise<Row>;
  /** Deletes the row, answering it (undefined when there was none). */
  remove(tx: Tx, id: number): Promise<Row | undefined>;
  /** What the audit row of a deletion keeps of the template. */
  deletedData(row: Row): Record<string, unknown>;
  present(row: Row): Reply;
  preview(row: Row): TemplatePreviewReply['data'];
};

export const emailTemplateKind: TemplateKind<EmailTemplateRow, typeof emailTemplateBody, EmailTemplateReply> =
  {
    subject: 'email_template',
    base: '/api/email-management/templates',
    messages: EMAIL_TEMPLATE_MESSAGES,
    types: EMAIL_TEMPLATE_TYPES,
    body: emailTemplateBody,
    listQuery: emailTemplatesListQuery,
    list: listEmailTemplates,
    find: findEmailTemplate,
    save: saveEmailTemplate,
    remove: async (tx, id) =>
      (await tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning())[0],
    deletedData: (row) => ({ name: row.name, slug: row.slug, type: row.type }),
    present: presentEmailTemplate,
    preview: renderEmailTemplateSample,
  };

export const rentalTemplateKind: TemplateKind<
  RentalTemplateRow,
  typeof rentalTemplateBody,
  RentalTemplateReply
> = {
  subject: 'rental_template',
  base: '/api/rental-templates',
  messages: RENTAL_TEMPLATE_MESSAGES,
  types: RENTAL_TEMPLATE_TYPES,
  body: rentalTemplateBody,
  listQuery: rentalTemplatesListQuery,
  list: listRentalTemplates,
  find: findRentalTemplate,
  save: saveRentalTemplate,
  remove: async (tx, id) =>
    (await tx.delete(rentalTemplates).where(eq(rentalTemplates.id, id)).returning())[0],
  // Documents already made from it are stored PDFs (DECISIONS 12) and stay.
  deletedData: (row) => ({ name: row.name, type: row.type, is_default: row.isDefault }),
  present: presentRentalTemplate,
  preview: renderRentalTemplateSample,
};
