import type { EmailTemplateReply, TemplateStatus } from '../../../contracts/email-templates';
import type { RentalTemplateReply } from '../../../contracts/rental-templates';
import type { EmailTemplateType, RentalTemplateType } from '../../../domain/templates/template-types';
import type { EmailTemplateRow, RentalTemplateRow } from './templates.queries';

export function presentEmailTemplate(row: EmailTemplateRow): EmailTemplateReply {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    type: row.type as EmailTemplateType,
    variables: row.variables,
    status: row.status as TemplateStatus,
    slug: row.slug,
    context: row.context,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentRentalTemplate(row: RentalTemplateRow): RentalTemplateReply {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    type: row.type as RentalTemplateType,
    variables: row.variables,
    status: row.status as TemplateStatus,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
