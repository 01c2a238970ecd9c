import { describe, expect, it } from 'vitest';
import { renderTemplateHtml, sanitizeTemplateHtml } from './sanitize-html';

describe('sanitizeTemplateHtml', () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<div onclick="x()" onmouseover="y()">t</div>', '<div>t</div>'],
    ['<iframe src="https://evil.test"></iframe>t', 't'],
    ['<style>body{}</style><p>t</p>', '<p>t</p>'],
    ['<svg><script>alert(1)</script></svg>t', 't'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a>x</a>'],
    ['<a href="vbscript:x">x</a>', '<a>x</a>'],
    ['<img src="javascript:alert(1)">', '<img>'],
    ['<a href="/\\/evil.test">x</a>', '<a>x</a>'],
    ['<a href="\\\\evil.test">x</a>', '<a>x</a>'],
    ['<object data="x"></object><embed src="y">t', 't'],
    ['<form action="https://x"><input name="a"></form>t', 't'],
    ['<a href="//evil.test">x</a>', '<a>x</a>'],
    // A placeholder inside a scheme (issue 11): the check ran before filling.
    ['<a href="java{{x}}script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="{{x}}javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="{{x}}:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;{{x}}ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="{{a}}{{b}}:x">x</a>', '<a>x</a>'],
    ['<a href="{{a}}{{b}}/x">x</a>', '<a>x</a>'],
    ['<a href="java{{x}}script{{y}}:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="da{{x}}ta:text/html,x">', '<img>'],
    // Without its value this reads "//evil.test": refused rather than trusted to the value.
    ['<a href="/{{x}}/evil.test">x</a>', '<a>x</a>'],
  ])('cleans %j', (dirty, clean) => {
    expect(sanitizeTemplateHtml(dirty)).toBe(clean);
  });

  it.each([
    '<p style="color:#333">Hello {{customer_name}}</p>',
    '<a href="{{reset_link}}">Reset</a>',
    '<a href="https://shop.test/x">Shop</a>',
    '<a href="mailto:shop@emporium.test">Mail</a>',
    '<table border="0" cellpadding="4"><tbody><tr><td colspan="2">{{items_table}}</td></tr></tbody></table>',
    '<h1>Title</h1><ul><li>One</li></ul>',
    '<a href="tel:+2305250001">Call</a>',
    '<a href="/account/orders">Your orders</a>',
    '<img src="cid:logo">',
    '<img src="{{ logo_url }}" alt="Logo">',
    '<a href="{{shop_url}}/orders/{{order_code}}">Order</a>',
    '<a href="https://{{host}}/track?code={{tracking_code}}">Track</a>',
    '<a href="mailto:{{customer_email}}">Write</a>',
  ])('keeps %j', (html) => {
    expect(sanitizeTemplateHtml(html)).toBe(html);
  });
});

describe('renderTemplateHtml: addresses are judged again once filled', () => {
  it.each([
    ['<a href="{{link}}">Pay</a>', { link: 'javascript:alert(1)' }, '<a>Pay</a>'],
    ['<a href="{{link}}">Pay</a>', { link: ' JaVaScRiPt:alert(1)' }, '<a>Pay</a>'],
    ['<a href="{{link}}">Pay</a>', { link: 'data:text/html,<script>x</script>' }, '<a>Pay</a>'],
    ['<a href="/{{path}}">Go</a>', { path: '/evil.test' }, '<a>Go</a>'],
    ['<a href="/{{path}}">Go</a>', { path: '\\evil.test' }, '<a>Go</a>'],
    ['<img src="{{logo}}">', { logo: 'javascript:alert(1)' }, '<img>'],
    [
      '<a href="{{link}}">Pay</a>',
      { link: 'https://shop.test/pay?a=1&b=2' },
      '<a href="https://shop.test/pay?a=1&amp;b=2">Pay</a>',
    ],
    [
      '<a href="{{shop_url}}/orders">Orders</a>',
      { shop_url: 'https://shop.test' },
      '<a href="https://shop.test/orders">Orders</a>',
    ],
    ['<a href="mailto:{{email}}">Mail</a>', { email: 'a@b.test' }, '<a href="mailto:a@b.test">Mail</a>'],
    [
      '<p>{{name}}</p>',
      { name: '<script>alert(1)</script>' },
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ],
  ])('%j with %j → %j', (source, values, expected) => {
    expect(renderTemplateHtml(source, values)).toBe(expected);
  });

  it('keeps a clean template as it was saved', () => {
    const saved = sanitizeTemplateHtml(
      '<table border="0" cellpadding="4"><tbody><tr><td style="color:#333">Hello {{name}}</td></tr></tbody></table>',
    );
    expect(renderTemplateHtml(saved, { name: 'Ann' })).toBe(saved.replace('{{name}}', 'Ann'));
  });
});
