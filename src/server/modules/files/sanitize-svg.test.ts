import { describe, expect, it } from 'vitest';
import { looksLikeSvg, sanitizeSvg } from './sanitize-svg';

const wrap = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it.each([
    ['a script tag', wrap('<script>alert(1)</script><rect width="1" height="1"/>'), /script|alert/i],
    ['an onload handler', wrap('<rect width="1" height="1"/>', 'onload="alert(1)"'), /onload|alert/i],
    ['an event handler on a child', wrap('<circle r="2" onclick="alert(1)"/>'), /onclick|alert/i],
    [
      'a javascript: link',
      wrap('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'),
      /javascript/i,
    ],
    ['a javascript: xlink', wrap('<a xlink:href="javascript:alert(1)"><rect/></a>'), /javascript/i],
    [
      'an external image',
      wrap('<image xlink:href="http://evil.test/x.png" width="1" height="1"/>'),
      /evil\.test/,
    ],
    ['an external href', wrap('<use href="https://evil.test/sprite.svg#a"/>'), /evil\.test/],
    [
      'foreignObject',
      wrap('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      /foreignObject|<div/i,
    ],
    [
      'a style tag importing',
      wrap('<style>@import url(http://evil.test/a.css);</style>'),
      /evil\.test|style/i,
    ],
    [
      'a url() to another site',
      wrap('<rect fill="url(http://evil.test/#g)" width="1" height="1"/>'),
      /evil\.test/,
    ],
    ['an iframe', wrap('<iframe src="http://evil.test"></iframe>'), /iframe|evil/i],
  ])('removes %s', (_label, input, forbidden) => {
    const out = sanitizeSvg(input);
    expect(out).not.toBeNull();
    expect(out).not.toMatch(forbidden);
    expect(out).toMatch(/^<svg/);
  });

  it('keeps shapes and local references', () => {
    const out = sanitizeSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect fill="url(#g)" width="10" height="10"/>',
      ),
    );
    expect(out).toContain('<rect');
    expect(out).toContain('url(#g)');
  });

  it('answers null when no SVG is left', () => {
    expect(sanitizeSvg('<script>alert(1)</script>')).toBeNull();
    expect(sanitizeSvg('hello')).toBeNull();
  });
});

describe('looksLikeSvg', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', true],
    ['<?xml version="1.0"?>\n<!-- made by hand -->\n<svg width="1">', true],
    ['\uFEFF<svg>', true],
    ['<html><svg></svg></html>', false],
    ['GIF89a', false],
  ])('%s → %s', (text, expected) => {
    expect(looksLikeSvg(Buffer.from(text))).toBe(expected);
  });
});
