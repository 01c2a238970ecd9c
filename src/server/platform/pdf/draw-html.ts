import type { PdfCanvas } from './pdf-document';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+[0-9]*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#') && lower !== '#39')
      return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return ENTITIES[lower] ?? whole;
  });
}

type Run = { text: string; bold: boolean };
type Block = { kind: 'heading' | 'paragraph' | 'item' | 'rule'; level: number; align: Align; runs: Run[] };
type Row = { cells: Run[][]; header: boolean };
type Align = 'left' | 'center' | 'right' | 'justify';

const HEADING_SIZES = [18, 15, 13, 11, 10, 10];
const BLOCKS = /^(p|div|h[1-6]|li|blockquote|address|section|article|header|footer|pre|figure|figcaption)$/;

function alignOf(attributes: string): Align | null {
  const match =
    /text-align\s*:\s*(left|center|right|justify)/i.exec(attributes) ??
    /\balign\s*=\s*"(left|center|right|justify)"/i.exec(attributes);
  return (match?.[1]?.toLowerCase() as Align | undefined) ?? null;
}

/**
 * Draws the HTML of an admin-authored template — already sanitised and filled by
 * platform/html (renderTemplateHtml) — onto a PDF page: headings, paragraphs, list items,
 * bold runs, line breaks, horizontal rules and tables (one row per line, equal columns). Anything
 * else is read for its text. This is no browser: it keeps a document template legible in the PDF
 * the way its author laid it out in blocks.
 */
export function drawHtml(doc: PdfCanvas, html: string, box: { left: number; width: number }): void {
  const { left, width } = box;
  let bold = 0;
  let block: Block | null = null;
  let row: Row | null = null;
  let cell: Run[] | null = null;
  let listDepth = 0;

  const flushBlock = () => {
    if (!block) return;
    const current = block;
    block = null;
    if (current.kind === 'rule') {
      doc.moveDown(0.3);
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .stroke();
      doc.moveDown(0.5);
      return;
    }
    const runs = current.runs
      .map((run, i, all) => ({
        ...run,
        text: run.text
          .replace(/[ \t\r\n]+/g, ' ')
          .replace(i === 0 ? /^ +/ : /(?!)/, '')
          .replace(i === all.length - 1 ? / +$/ : /(?!)/, ''),
      }))
      .filter((run) => run.text.length > 0);
    if (runs.length === 0) return;
    const size = current.kind === 'heading' ? (HEADING_SIZES[current.level - 1] ?? 10) : 10;
    const prefix = current.kind === 'item' ? '•  ' : '';
    doc.x = left + (current.kind === 'item' ? 12 * Math.max(1, listDepth) : 0);
    const textWidth = width - (doc.x - left);
    runs.forEach((run, i) => {
      doc
        .font(run.bold || current.kind === 'heading' ? 'bold' : 'body')
        .fontSize(size)
        .text(`${i === 0 ? prefix : ''}${run.text}`, {
          width: textWidth,
          align: current.align,
          continued: i < runs.length - 1,
        });
    });
    doc.moveDown(current.kind === 'heading' ? 0.4 : 0.3);
    doc.x = left;
  };

  const flushRow = () => {
    if (!row) return;
    const current = row;
    row = null;
    const cells = current.cells.filter((c) => c.some((run) => run.text.trim()));
    if (cells.length === 0) return;
    const columnWidth = width / cells.length;
    const top = doc.y;
    let bottom = top;
    cells.forEach((runs, i) => {
      const text = runs
        .map((run) => run.text)
        .join('')
        .replace(/[ \t\r\n]+/g, ' ')
        .trim();
      const isBold = current.header || runs.every((run) => run.bold || !run.text.trim());
      doc
        .font(isBold ? 'bold' : 'body')
        .fontSize(10)
        .text(text, left + i * columnWidth, top, { width: columnWidth - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 2;
    doc.x = left;
  };

  const addText = (text: string) => {
    if (!text) return;
    const run = { text: decode(text), bold: bold > 0 };
    if (cell) cell.push(run);
    else {
      if (!block) {
        if (!text.trim()) return;
        block = { kind: 'paragraph', level: 0, align: 'left', runs: [] };
      }
      block.runs.push(run);
    }
  };

  for (const token of html.split(/(<[^>]*>)/)) {
    if (!token.startsWith('<')) {
      addText(token);
      continue;
    }
    const match = /^<\s*(\/?)\s*([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!match) continue;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    const attributes = match[3] ?? '';
    if (tag === 'strong' || tag === 'b' || tag === 'th') {
      bold = Math.max(0, bold + (closing ? -1 : 1));
    }
    if (tag === 'br') {
      if (cell) cell.push({ text: ' ', bold: false });
      else if (block) {
        flushBlock();
      }
      continue;
    }
    if (tag === 'hr') {
      flushBlock();
      block = { kind: 'rule', level: 0, align: 'left', runs: [] };
      flushBlock();
      continue;
    }
    if (tag === 'ul' || tag === 'ol') {
      flushBlock();
      listDepth = Math.max(0, listDepth + (closing ? -1 : 1));
      continue;
    }
    if (tag === 'tr') {
      flushBlock();
      if (closing) flushRow();
      else row = { cells: [], header: false };
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (!row) row = { cells: [], header: false };
      if (closing) cell = null;
      else {
        cell = [];
        row.cells.push(cell);
        if (tag === 'th') row.header = true;
      }
      continue;
    }
    if (tag === 'table') {
      flushBlock();
      flushRow();
      doc.moveDown(closing ? 0.5 : 0.2);
      continue;
    }
    if (BLOCKS.test(tag)) {
      if (cell) continue; // a block inside a table cell stays in the cell
      flushBlock();
      if (!closing) {
        const heading = /^h([1-6])$/.exec(tag);
        block = {
          kind: heading ? 'heading' : tag === 'li' ? 'item' : 'paragraph',
          level: heading ? Number.parseInt(heading[1]!, 10) : 0,
          align: alignOf(attributes) ?? 'left',
          runs: [],
        };
      }
    }
  }
  flushBlock();
  flushRow();
  doc.x = left;
}
