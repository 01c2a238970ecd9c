import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { storageKeysFor } from '../../../domain/files/file-rules';
import type { Executor } from '../../platform/db/database';
import type { Storage } from '../../platform/files/storage';
import { files } from './files.tables';
import { makePreview } from './make-preview';

const DEMO_IMAGES: DemoImage[] = [
  { name: 'Linen cushion.jpg', label: 'Linen cushion', background: '#2472b8', format: 'jpeg' },
  { name: 'Garden chair.png', label: 'Garden chair', background: '#0d9488', format: 'png' },
  { name: 'Ceramic vase.jpg', label: 'Ceramic vase', background: '#c2410c', format: 'jpeg' },
  { name: 'Reading lamp.webp', label: 'Reading lamp', background: '#7c3aed', format: 'webp' },
  { name: 'Hero banner.jpg', label: 'Summer sale', background: '#be185d', format: 'jpeg', wide: true },
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type DemoImage = {
  name: string;
  label: string;
  background: string;
  format: 'jpeg' | 'png' | 'webp';
  wide?: boolean;
};

/** A product-like picture: a coloured square (or banner) with its label. */
async function demoImage(image: DemoImage): Promise<Buffer> {
  const width = image.wide ? 1600 : 800;
  const height = 800;
  // Long labels get a smaller font so they stay inside the frame (about 0.6 em per character).
  const fontSize = Math.min(72, Math.floor((width - 160) / (image.label.length * 0.6)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="40" y="40" width="${width - 80}" height="${height - 80}" rx="48" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="8"/>
  <text x="${width / 2}" y="${height / 2 + 24}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(image.label)}</text>
  <text x="${width / 2}" y="${height / 2 + 100}" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">Emporium demo</text>
</svg>`;
  const base = sharp({ create: { width, height, channels: 3, background: image.background } }).composite([
    { input: Buffer.from(svg) },
  ]);
  if (image.format === 'png') return base.png().toBuffer();
  if (image.format === 'webp') return base.webp({ quality: 85 }).toBuffer();
  return base.jpeg({ quality: 85 }).toBuffer();
}

/** A one-page PDF written by hand: the smallest real document with a line of text. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/**
 * Stores one generated demo picture (with its preview) in the library and answers its file id.
 * Other areas' demo data (products, slides) use it for their pictures.
 */
export async function storeDemoImage(
  db: Executor,
  storage: Storage,
  image: DemoImage,
  context: string,
  now = new Date(),
): Promise<number> {
  const data = await demoImage(image);
  const extension = EXTENSION[image.format];
  const keys = storageKeysFor(image.name, extension, now, randomBytes(8).toString('hex'));
  const facts = await makePreview(data);
  await storage.put(keys.path, data);
  await storage.put(keys.previewPath, facts.preview);
  const [row] = await db
    .insert(files)
    .values({
      name: image.name,
      path: keys.path,
      previewPath: keys.previewPath,
      size: data.length,
      mimeType: MIME[image.format],
      extension,
      context,
      width: facts.width,
      height: facts.height,
      createdAt: now,
    })
    .returning({ id: files.id });
  return row!.id;
}

/**
 * Demo files for `npm start`: five product-like pictures (with previews) and a price-list PDF,
 * added once: nothing happens when the library already holds a file.
 */
export async function seedDemoFiles(db: Executor, storage: Storage, now = new Date()): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(files);
  if ((existing?.n ?? 0) > 0) return 0;
  for (const image of DEMO_IMAGES) {
    await storeDemoImage(db, storage, image, image.wide ? 'sliders' : 'products', now);
  }
  const pdf = demoPdf('Emporium price list');
  const pdfKeys = storageKeysFor('Price list.pdf', 'pdf', now, randomBytes(8).toString('hex'));
  await storage.put(pdfKeys.path, pdf);
  await db.insert(files).values({
    name: 'Price list.pdf',
    path: pdfKeys.path,
    previewPath: null,
    size: pdf.length,
    mimeType: 'application/pdf',
    extension: 'pdf',
    context: 'documents',
    createdAt: now,
  });
  return DEMO_IMAGES.length + 1;
}
