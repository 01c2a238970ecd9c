import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Executor } from '../db/database';
import { getSettings } from '../settings/settings-store';

const require = createRequire(import.meta.url);
/** pdfkit's built-in fonts stop at Latin-1 (no €, ₹…): DejaVu Sans ships in an npm package. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type PdfCanvas = PDFKit.PDFDocument;

/**
 * An A4 page to draw a generated document on, with the fonts `body` and `bold` registered (they
 * cover every currency symbol), and the bytes once the caller calls `doc.end()`. Order and rental
 * documents both start here.
 */
export function startPdf(info: { title: string; author: string }): {
  doc: PdfCanvas;
  done: Promise<Buffer>;
  left: number;
  width: number;
} {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: info.title, Author: info.author } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right };
}

/** Who issues a document: the company details of the website settings. */
export type Letterhead = {
  name: string;
  address: string;
  vat_number: string;
  registration_number: string;
  email: string;
  phone: string;
  website: string;
};

/**
 * The top of a generated document: the issuer's details on the left, the title and its facts
 * (number, dates, version…) on the right; leaves the cursor below both.
 */
export function drawLetterhead(
  doc: PdfCanvas,
  box: { left: number; width: number },
  c: Letterhead,
  title: string,
  facts: readonly (string | null | false | undefined)[],
): void {
  const { left, width } = box;
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(14)
    .text(c.name || 'Company', left, top, { width: width / 2 });
  doc.font('body').fontSize(9);
  for (const line of [
    c.address,
    c.vat_number && `VAT number: ${c.vat_number}`,
    c.registration_number && `Registration number: ${c.registration_number}`,
    c.email && `E-mail: ${c.email}`,
    c.phone && `Phone: ${c.phone}`,
    c.website,
  ]) {
    if (line) doc.text(line, { width: width / 2 });
  }
  const companyBottom = doc.y;
  doc
    .font('bold')
    .fontSize(18)
    .text(title, left + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('body').fontSize(9);
  for (const fact of facts)
    if (fact) doc.text(fact, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.y = Math.max(doc.y, companyBottom) + 16;
  doc.x = left;
}

const LETTERHEAD_KEYS = [
  'company_name',
  'company_address',
  'company_vat_number',
  'company_registration_number',
  'company_email',
  'company_phone',
  'company_website',
  'site_name',
] as const;

/** The letterhead from the website settings; the site name stands in for a company name not set. */
export async function readLetterhead(db: Executor): Promise<Letterhead> {
  const s = await getSettings(db, LETTERHEAD_KEYS);
  return {
    name: s.company_name || s.site_name,
    address: s.company_address,
    vat_number: s.company_vat_number,
    registration_number: s.company_registration_number,
    email: s.company_email,
    phone: s.company_phone,
    website: s.company_website,
  };
}
