import { htmlToText, renderTemplate, unknownPlaceholders } from '../../../domain/templates/render-template';
import {
  EMAIL_TEMPLATE_TYPES,
  RENTAL_TEMPLATE_TYPES,
  sampleValues,
} from '../../../domain/templates/template-types';
import { renderTemplateHtml } from '../../platform/html/sanitize-html';
import type { EmailTemplateRow, RentalTemplateRow } from './templates.queries';

/**
 * A template filled with values: the subject as plain text, the body as HTML with every value
 * escaped and its addresses checked again, and the text alternative (docs/decisions/0028).
 */
export function renderEmailTemplate(
  template: Pick<EmailTemplateRow, 'subject' | 'body'>,
  values: Record<string, string>,
) {
  const html = renderTemplateHtml(template.body, values);
  return {
    subject: renderTemplate(template.subject, values, 'text').replace(/[\r\n]+/g, ' '),
    html,
    text: htmlToText(html),
    unknown_variables: unknownPlaceholders(values, template.subject, template.body),
  };
}

/** GET .../templates/{id}/preview and the test e-mail: rendered with the type's sample values. */
export function renderEmailTemplateSample(template: EmailTemplateRow) {
  const values = sampleValues(EMAIL_TEMPLATE_TYPES, template.type);
  return { ...renderEmailTemplate(template, values), sample_values: values };
}

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
