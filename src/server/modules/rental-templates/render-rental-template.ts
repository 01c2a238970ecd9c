import { unknownPlaceholders } from '../../../domain/templates/render-template';
import { RENTAL_TEMPLATE_TYPES, sampleValues } from '../../../domain/templates/template-types';
import { renderTemplateHtml } from '../../platform/html/sanitize-html';
import type { RentalTemplateRow } from './rental-templates.queries';

/** A rental document's HTML with its values, each escaped, its addresses checked again (docs/decisions/0028). */
export function renderRentalTemplate(
  template: Pick<RentalTemplateRow, 'content'>,
  values: Record<string, string>,
) {
  return {
    html: renderTemplateHtml(template.content, values),
    unknown_variables: unknownPlaceholders(values, template.content),
  };
}

/** GET /api/rental-templates/{id}/preview: rendered with the type's sample values. */
export function renderRentalTemplateSample(template: RentalTemplateRow) {
  const values = sampleValues(RENTAL_TEMPLATE_TYPES, template.type);
  const rendered = renderRentalTemplate(template, values);
  return { ...rendered, text: '', sample_values: values };
}
