import type { TemplateStatus } from '../../../contracts/email-templates';
import type { RentalTemplateReply } from '../../../contracts/rental-templates';
import type { RentalTemplateType } from '../../../domain/templates/template-types';
import type { RentalTemplateRow } from './rental-templates.queries';

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
