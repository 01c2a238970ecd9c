import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  htmlToText,
  placeholdersIn,
  renderTemplate,
  unknownPlaceholders,
} from './render-template';
import { EMAIL_TEMPLATE_TYPES, RENTAL_TEMPLATE_TYPES, sampleValues } from './template-types';

describe('renderTemplate in HTML', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['"quoted" \'single\'', '&quot;quoted&quot; &#39;single&#39;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['&amp; already', '&amp;amp; already'],
    ['plain', 'plain'],
  ])('escapes the value %j', (value, expected) => {
    expect(renderTemplate('<p>Hello {{customer_name}}</p>', { customer_name: value }, 'html')).toBe(
      `<p>Hello ${expected}</p>`,
    );
  });

  it('escapes values inside attributes so they cannot break out', () => {
    const html = renderTemplate('<a href="{{link}}">go</a>', { link: '" onclick="alert(1)' }, 'html');
    expect(html).toBe('<a href="&quot; onclick=&quot;alert(1)">go</a>');
  });

  it('does not treat a value as a template (no second pass)', () => {
    expect(renderTemplate('{{a}} {{b}}', { a: '{{b}}', b: 'B' }, 'html')).toBe('{{b}} B');
  });

  it('renders unknown, null and undefined placeholders empty, and accepts spaces in braces', () => {
    expect(renderTemplate('[{{ x }}][{{y}}][{{z}}][{{ n }}]', { y: null, n: 3 }, 'html')).toBe('[][][][3]');
  });

  it('ignores inherited object keys such as constructor', () => {
    expect(renderTemplate('{{constructor}}{{toString}}', {}, 'text')).toBe('');
  });

  it('leaves text that is not a placeholder alone', () => {
    expect(renderTemplate('{{ 1abc }} { {x} } {{x-y}}', { x: 'X' }, 'html')).toBe(
      '{{ 1abc }} { {x} } {{x-y}}',
    );
  });
});

describe('renderTemplate in text (subjects)', () => {
  it('keeps values as they are', () => {
    expect(renderTemplate('Order {{code}} for {{name}}', { code: 'A&B', name: '<Ann>' }, 'text')).toBe(
      'Order A&B for <Ann>',
    );
  });
});

describe('placeholders', () => {
  it('lists distinct names in order of first use across sources', () => {
    expect(placeholdersIn('{{b}} {{a}}', '{{ b }} {{c.d}}')).toEqual(['b', 'a', 'c.d']);
  });
  it('lists the names the values do not fill', () => {
    expect(unknownPlaceholders({ a: '1' }, '{{a}} {{b}}', '{{c}}')).toEqual(['b', 'c']);
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>Hello <b>Ann</b></p><p>Bye</p>', 'Hello Ann\nBye'],
    ['Line<br>two<br/>three', 'Line\ntwo\nthree'],
    ['<style>p{color:red}</style><script>x()</script>Text', 'Text'],
    ['Tom &amp; Jerry &lt;3', 'Tom & Jerry <3'],
    ['<a href="https://x.test/r">Reset</a>', 'Reset (https://x.test/r)'],
    ['<a href="https://x.test/r">https://x.test/r</a>', 'https://x.test/r'],
    ['<ul><li>One</li><li>Two</li></ul>', '- One\n- Two'],
  ])('turns %j into text', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe('template types', () => {
  it('give every variable a sample and unique names per type', () => {
    for (const type of [...EMAIL_TEMPLATE_TYPES, ...RENTAL_TEMPLATE_TYPES]) {
      const names = type.variables.map((variable) => variable.name);
      expect(new Set(names).size).toBe(names.length);
      for (const variable of type.variables) expect(variable.sample).not.toBe('');
    }
  });
  it('name the spec examples', () => {
    const order = sampleValues(EMAIL_TEMPLATE_TYPES, 'order_confirmation');
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining(['order_code', 'customer_name', 'grand_total']),
    );
    expect(Object.keys(sampleValues(EMAIL_TEMPLATE_TYPES, 'password_reset'))).toContain('reset_link');
    expect(sampleValues(EMAIL_TEMPLATE_TYPES, 'nope')).toEqual({});
  });
});
