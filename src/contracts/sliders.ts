import { z } from 'zod';
import { isSlideLink } from '../domain/sliders/slide-link';
import { recordId, wholeNumber } from './common';

/** Words of the slider screens (spec 2 §8 "Failed to load slider data"; the rest are the shop's). */
export const SLIDER_MESSAGES = {
  load: 'Failed to load slider data',
  loadList: 'Failed to load sliders',
  save: 'Failed to save the slider',
  deleteFailed: 'Failed to delete the slider',
  created: 'Slider created successfully',
  updated: 'Slider updated successfully',
  deleted: 'Slider deleted successfully',
  slideDeleted: 'Slide deleted successfully',
  notFound: 'Slider not found',
  slideNotFound: 'Slide not found',
  name: 'Enter the slider name.',
  nameLong: 'The name may not be longer than 120 characters.',
  title: 'The title may not be longer than 200 characters.',
  description: 'The description may not be longer than 1000 characters.',
  link: 'Enter a link starting with /, http:// or https://.',
  image: 'Choose an image from the file library.',
  slides: 'Slides could not be read.',
  tooMany: 'A slider holds at most 20 slides.',
} as const;
const M = SLIDER_MESSAGES;

export const slideInput = z.object({
  id: recordId.optional().nullable(),
  title: z.string().trim().max(200, M.title).default(''),
  description: z.string().trim().max(1000, M.description).default(''),
  link: z.string().trim().max(2000, M.link).refine(isSlideLink, M.link).default(''),
  image_id: wholeNumber(M.image, { min: 1 }),
});

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * POST /api/sliders and PUT /api/sliders/{id} (DECISIONS 14): JSON, or multipart whose `slides`
 * field is JSON text. The slides' order is their order in the list.
 */
export const sliderBody = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(120, M.nameLong),
  description: z.string().trim().max(1000, M.description).default(''),
  is_active: flag.default(true),
  slides: z
    .preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return Symbol('unreadable');
        }
      },
      z.array(slideInput, { error: M.slides }).max(20, M.tooMany),
    )
    .default([]),
});
export type SliderBody = z.output<typeof sliderBody>;

export type SlideReply = {
  id: number;
  title: string;
  description: string;
  link: string;
  image_id: number | null;
  image_path: string | null;
  order: number;
};
export type SliderReply = {
  id: number;
  name: string;
  description: string;
  is_active: boolean;
  slides: SlideReply[];
  slides_count: number;
  created_at: string;
  updated_at: string;
};
export type SlidersReply = { data: SliderReply[] };
export type SliderDetailReply = { success: true; data: SliderReply };
export type SliderSavedReply = { success: true; message: string; data: SliderReply };
export type MessageReply = { success: true; message: string };
