import type { EmailTemplateReply, TemplateStatus } from '../../../contracts/email-templates';
import type { EmailTemplateType } from '../../../domain/templates/template-types';
import type { EmailTemplateRow } from './email-templates.queries';

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
