import type { FastifyRequest } from 'fastify';
import { ICON_MAX_BYTES, PAYMENT_METHOD_MESSAGES as M } from '../../../contracts/shop-setup';
import { AppError, fieldError } from '../../../domain/errors';
import type { ImageUpload } from '../files';

/** The multipart field that carries the icon (spec 2 §7). */
const ICON_FIELD = 'icon';

/**
 * Reads a payment-method form: multipart fields plus the icon file (at most 2 MB, held in memory),
 * or a plain JSON/urlencoded body without an icon. The fields are validated by the caller.
 */
export async function readPaymentMethodForm(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; icon: ImageUpload | null }> {
  if (!req.isMultipart()) {
    return { fields: (req.body as Record<string, unknown> | undefined) ?? {}, icon: null };
  }
  const fields: Record<string, unknown> = {};
  let icon: ImageUpload | null = null;
  let tooLarge = false;
  try {
    for await (const part of req.parts({
      limits: { fileSize: ICON_MAX_BYTES, files: 2, fields: 50 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname !== ICON_FIELD || icon) continue;
      if (part.file.truncated) tooLarge = true;
      // A browser sends an empty, unnamed part for a file input left empty.
      else if (data.length > 0) icon = { name: part.filename || 'icon', data };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const e = error as { code?: string };
    if (e.code === 'FST_FILES_LIMIT') throw fieldError(ICON_FIELD, M.iconType);
    throw fieldError(ICON_FIELD, M.iconUnreadable);
  }
  if (tooLarge) throw fieldError(ICON_FIELD, M.iconSize);
  return { fields, icon };
}
