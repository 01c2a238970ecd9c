import { z } from 'zod';
import { RENTAL_TEMPLATE_TYPE_VALUES, type RentalTemplateType } from '../domain/templates/template-types';
import { formBoolean, pageParam, perPageParam, searchText } from './common';
import { TEMPLATE_STATUSES, type TemplateStatus } from './email-templates';

/** Rental document templates (spec 2 §2, §3 "Rental template", §4, §7; docs/decisions/0028). */

export const RENTAL_TEMPLATE_MESSAGES = {
  nameRequired: 'The name is required.',
  nameTooLong: 'The name may not be longer than 255 characters.',
  contentRequired: 'The content is required.',
  contentTooLong: 'The content may not be longer than 200,000 characters.',
  contentEmpty: 'The content has nothing left after removing unsafe HTML.',
  type: 'Choose one of the document types.',
  status: 'The status must be active or inactive.',
  defaultInactive: 'An inactive template cannot be the default.',
  notFound: 'Rental template not found.',
  created: 'Rental template created.',
  updated: 'Rental template updated.',
  deleted: 'Rental template deleted.',
  duplicated: 'Rental template duplicated.',
  copyName: (name: string) => `${name} (copy)`,
  loadFailed: 'Network error while loading the rental templates',
  saveFailed: 'Network error while saving the rental template',
  deleteFailed: 'Network error while deleting the rental template',
  duplicateFailed: 'Network error while duplicating the rental template',
  previewFailed: 'Network error while loading the preview',
} as const;
const M = RENTAL_TEMPLATE_MESSAGES;

export const RENTAL_TEMPLATES_PER_PAGE = 10;
export const RENTAL_TEMPLATE_SORTS = [
  'name',
  'type',
  'status',
  'is_default',
  'created_at',
  'updated_at',
] as const;

/** GET /api/rental-templates: the same list parameters as the e-mail templates (spec 2 §7). */
export const rentalTemplatesListQuery = z.object({
  page: pageParam,
  per_page: perPageParam(RENTAL_TEMPLATES_PER_PAGE),
  search: searchText,
  sort_by: z.enum(RENTAL_TEMPLATE_SORTS).default('name'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RENTAL_TEMPLATE_TYPE_VALUES).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TEMPLATE_STATUSES).optional()),
});
export type RentalTemplatesListQuery = z.output<typeof rentalTemplatesListQuery>;

/** POST /api/rental-templates and PUT /api/rental-templates/{id}. */
export const rentalTemplateBody = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(255, M.nameTooLong),
    content: z
      .string({ error: M.contentRequired })
      .trim()
      .min(1, M.contentRequired)
      .max(200_000, M.contentTooLong),
    type: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'rental_agreement' : v),
      z.enum(RENTAL_TEMPLATE_TYPE_VALUES, { error: M.type }),
    ),
    status: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'active' : v),
      z.enum(TEMPLATE_STATUSES, { error: M.status }),
    ),
    is_default: formBoolean.optional().default(false),
  })
  .refine((body) => !(body.is_default && body.status === 'inactive'), {
    path: ['is_default'],
    message: M.defaultInactive,
  });
export type RentalTemplateInput = z.input<typeof rentalTemplateBody>;
export type RentalTemplateBody = z.output<typeof rentalTemplateBody>;

export type RentalTemplateReply = {
  id: number;
  name: string;
  content: string;
  type: RentalTemplateType;
  variables: string[];
  status: TemplateStatus;
  is_default: boolean;
  created_at: string;
  updated_at: string;
};
export type RentalTemplateDetailReply = { success: true; data: RentalTemplateReply };
export type RentalTemplateSavedReply = { success: true; message: string; data: RentalTemplateReply };
