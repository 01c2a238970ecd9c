import type { FastifyRequest } from 'fastify';
import { idParam } from '../../../contracts/common';
import {
  SLIDER_MESSAGES as M,
  type MessageReply,
  type SliderDetailReply,
  type SliderSavedReply,
  type SlidersReply,
  sliderBody,
} from '../../../contracts/sliders';
import { AppError, fieldError, validationError } from '../../../domain/errors';
import { actorOf } from '../../platform/auth/actor';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { notFound, zodFieldErrors } from '../../platform/http/errors';
import { deleteSlide } from './delete-slide';
import { deleteSlider } from './delete-slider';
import { saveSlider } from './save-slider';
import { findSlider, listSliders } from './sliders.queries';

/** Sliders are a setting: admin only (DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

/** JSON, or multipart fields (DECISIONS 14) with `slides` as JSON text; images come by library id. */
async function readSliderForm(req: FastifyRequest) {
  let fields: Record<string, unknown> = (req.body as Record<string, unknown> | undefined) ?? {};
  if (req.isMultipart()) {
    fields = {};
    try {
      for await (const part of req.parts({ limits: { files: 0, fields: 20 } })) {
        if (part.type === 'field') fields[part.fieldname] = part.value;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw fieldError('slides', M.slides);
    }
  }
  const parsed = sliderBody.safeParse(fields);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
  return parsed.data;
}

async function saved(
  ctx: AppContext,
  req: FastifyRequest,
  session: SignedInSession,
  id: number | null,
): Promise<SliderSavedReply> {
  const body = await readSliderForm(req);
  const sliderId = await saveSlider(ctx, actorOf(session, req), id, body);
  return {
    success: true,
    message: id === null ? M.created : M.updated,
    data: (await findSlider(ctx.db, sliderId, ctx.storage))!,
  };
}

/** Home sliders (spec 2 §3 Slider, §7 "Users, roles, sliders"; DECISIONS 14). */
export const slidersRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/sliders',
    auth,
    handler: async ({ ctx }): Promise<SlidersReply> => ({ data: await listSliders(ctx.db, ctx.storage) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/sliders/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<SliderDetailReply> => {
      const slider = await findSlider(ctx.db, params.id, ctx.storage);
      if (!slider) throw notFound(M.notFound);
      return { success: true, data: slider };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/sliders',
    auth,
    multipart: true,
    handler: async ({ ctx, req, session }) => saved(ctx, req, session, null),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/sliders/:id',
    auth,
    params: idParam,
    multipart: true,
    handler: async ({ ctx, req, session, params }) => saved(ctx, req, session, params.id),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/sliders/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<MessageReply> => {
      await deleteSlider(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.deleted };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/slides/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }): Promise<MessageReply> => {
      await deleteSlide(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.slideDeleted };
    },
  }),
];
