import { z } from 'zod';
import { slugify } from '../domain/catalogue/slug';
import {
  EMAIL_TEMPLATE_TYPE_VALUES,
  type EmailTemplateType,
  type TemplateVariable,
} from '../domain/templates/template-types';
import { EMAIL_MESSAGE, optionalText, pageParam, perPageParam, searchText } from './common';

/** E-mail templates (spec 2 §2 "E-mail management", §3 "Template", §4, §7; docs/decisions/0028). */

export const EMAIL_TEMPLATE_MESSAGES = {
  nameRequired: 'The name is required.',
  nameTooLong: 'The name may not be longer than 255 characters.',
  subjectRequired: 'The subject is required.',
  subjectTooLong: 'The subject may not be longer than 255 characters.',
  bodyRequired: 'The body is required.',
  bodyTooLong: 'The body may not be longer than 200,000 characters.',
  bodyEmpty: 'The body has no content left after removing unsafe HTML.',
  type: 'Choose one of the template types.',
  status: 'The status must be active or inactive.',
  slug: 'The slug may only contain lowercase letters, digits, hyphens and underscores.',
  slugTaken: 'The slug has already been taken.',
  recipientRequired: 'The recipient e-mail is required.',
  email: EMAIL_MESSAGE,
  notFound: 'E-mail template not found.',
  themeNotFound: 'Theme not found.',
  created: 'E-mail template created.',
  updated: 'E-mail template updated.',
  deleted: 'E-mail template deleted.',
  testSent: (to: string) => `A test e-mail was sent to ${to}.`,
  testWritten: (to: string) =>
    `No SMTP server is set up: the test e-mail to ${to} was written to the mail folder.`,
  testFailed: (reason: string) => `The test e-mail could not be sent: ${reason}`,
  /** spec 2 §8: network error messages for template actions. */
  loadFailed: 'Network error while loading the e-mail templates',
  saveFailed: 'Network error while saving the e-mail template',
  deleteFailed: 'Network error while deleting the e-mail template',
  previewFailed: 'Network error while loading the preview',
  sendFailed: 'Network error while sending the test e-mail',
} as const;
const M = EMAIL_TEMPLATE_MESSAGES;

/** spec 2 §9: most admin lists 10 per page. */
export const EMAIL_TEMPLATES_PER_PAGE = 10;
export const TEMPLATE_STATUSES = ['active', 'inactive'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const EMAIL_TEMPLATE_SORTS = [
  'name',
  'subject',
  'type',
  'status',
  'created_at',
  'updated_at',
] as const;

/** GET /api/email-management/templates: the spec's names (sort_by, sort_order). */
export const emailTemplatesListQuery = z.object({
  page: pageParam,
  per_page: perPageParam(EMAIL_TEMPLATES_PER_PAGE),
  search: searchText,
  sort_by: z.enum(EMAIL_TEMPLATE_SORTS).default('name'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EMAIL_TEMPLATE_TYPE_VALUES).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TEMPLATE_STATUSES).optional()),
});
export type EmailTemplatesListQuery = z.output<typeof emailTemplatesListQuery>;

const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A slug: empty means "from the name"; otherwise lowercase words joined by - or _. */
export const templateSlug = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v),
  z
    .string({ error: M.slug })
    .max(255, M.slug)
    .regex(/^$|^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, M.slug)
    .optional(),
);

/** POST /api/email-management/templates and PUT .../templates/{id}. */
export const emailTemplateBody = z
  .object({
    name: requiredText(M.nameRequired, M.nameTooLong, 255),
    subject: requiredText(M.subjectRequired, M.subjectTooLong, 255),
    body: z.string({ error: M.bodyRequired }).trim().min(1, M.bodyRequired).max(200_000, M.bodyTooLong),
    type: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'custom' : v),
      z.enum(EMAIL_TEMPLATE_TYPE_VALUES, { error: M.type }),
    ),
    status: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'active' : v),
      z.enum(TEMPLATE_STATUSES, { error: M.status }),
    ),
    slug: templateSlug,
    context: optionalText(1000),
  })
  .transform((body) => ({ ...body, slug: body.slug || slugify(body.name) || 'template' }));
export type EmailTemplateInput = z.input<typeof emailTemplateBody>;
export type EmailTemplateBody = z.output<typeof emailTemplateBody>;

/** POST .../templates/{id}/send-test. */
export const sendTestTemplateBody = z.object({
  recipient_email: z
    .string({ error: M.recipientRequired })
    .trim()
    .min(1, M.recipientRequired)
    .pipe(z.email({ error: M.email })),
});

export const THEME_NAMES = ['default', 'clinic'] as const;

// Replies ----------------------------------------------------------------------------------------

export type EmailTemplateReply = {
  id: number;
  name: string;
  subject: string;
  body: string;
  type: EmailTemplateType;
  variables: string[];
  status: TemplateStatus;
  slug: string;
  context: string | null;
  created_at: string;
  updated_at: string;
};
export type TemplateTypeReply = { value: string; label: string; variables: TemplateVariable[] };
export type TemplateTypesReply = { success: true; types: TemplateTypeReply[] };
export type EmailTemplateDetailReply = { success: true; data: EmailTemplateReply };
export type EmailTemplateSavedReply = { success: true; message: string; data: EmailTemplateReply };
export type TemplatePreviewReply = {
  success: true;
  data: {
    subject?: string;
    html: string;
    text: string;
    sample_values: Record<string, string>;
    unknown_variables: string[];
  };
};
export type SendTestTemplateReply = { success: true; message: string; delivered: 'smtp' | 'file' };
