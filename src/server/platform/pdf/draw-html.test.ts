import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderTemplateHtml } from '../html/sanitize-html';
import { drawHtml } from './draw-html';
import { startPdf } from './pdf-document';

async function drawn(html: string): Promise<string> {
  const { doc, done, left, width } = startPdf({ title: 'Test', author: 'Test' });
  drawHtml(doc, html, { left, width });
  doc.end();
  const pdf = await getDocumentProxy(new Uint8Array(await done));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('drawHtml: a filled template on a PDF page', () => {
  it('keeps headings, paragraphs with bold runs, list items, table cells and decoded entities', async () => {
    const html = renderTemplateHtml(
      `<h1 style="text-align:center">Rental agreement</h1>
<p>Between <strong>{{shop}}</strong> and <b>{{customer}}</b>.<br>Second line &amp; more&nbsp;text.</p>
<ul><li>First item</li><li>Second item</li></ul>
<table><tbody><tr><th>Monthly total</th><td>{{monthly}}</td></tr><tr><td>Deposit</td><td><strong>$150.00</strong></td></tr></tbody></table>
<hr><div>After the rule <em>emphasised</em> &#8364;5 &#x20AC;6</div>`,
      { shop: 'Emporium Health & Home', customer: 'Chloé <Customer>', monthly: '$85.00' },
    );
    const text = await drawn(html);
    expect(text).toContain('Rental agreement');
    expect(text).toContain('Between Emporium Health & Home and Chloé <Customer>.');
    expect(text).toContain('Second line & more');
    expect(text).toContain('• First item');
    expect(text).toContain('• Second item');
    expect(text).toContain('Monthly total');
    expect(text).toContain('$85.00');
    expect(text).toContain('$150.00');
    expect(text).toContain('After the rule emphasised €5 €6');
    expect(text).not.toMatch(/<\/?(p|strong|td|h1)/);
  });

  it('draws nothing for empty markup and survives markup it does not know', async () => {
    expect((await drawn('')).trim()).toBe('');
    const text = await drawn(
      '<section><article><span>Plain</span> <code>code</code></article></section><p></p>',
    );
    expect(text).toContain('Plain code');
  });
});
