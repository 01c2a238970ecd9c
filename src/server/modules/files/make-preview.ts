import sharp from 'sharp';

export const PREVIEW_SIZE = 400;

export type ImageFacts = { width: number; height: number; preview: Buffer };

/**
 * Reads an image's upright dimensions and makes its preview: at most 400 px on the long side,
 * WebP, EXIF orientation applied and metadata dropped. Throws when sharp cannot read the image
 * (a broken file, or one past sharp's pixel limit that guards against decompression bombs).
 */
export async function makePreview(input: string | Buffer): Promise<ImageFacts> {
  const image = sharp(input, { animated: false, failOn: 'error' });
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('image without dimensions');
  const preview = await image
    .autoOrient()
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { width, height, preview };
}
