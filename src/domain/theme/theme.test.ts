import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeColors,
  contrastRatio,
  DARK_TEXT,
  DEFAULT_COLORS,
  isHexColor,
  readableShade,
  THEME_DEFAULT_COLORS,
  textColorOn,
  themeCss,
} from './theme';

describe('isHexColor', () => {
  it.each([
    ['#3490dc', true],
    ['#FFFFFF', true],
    ['#fff', false],
    ['3490dc', false],
    ['#3490dcff', false],
    ['#34g0dc', false],
    ['red', false],
    ['#000000;}body{x:y', false],
    ['', false],
    [null, false],
    [123, false],
  ])('%s → %s', (value, expected) => {
    expect(isHexColor(value)).toBe(expected);
  });
});

describe('theme defaults', () => {
  it('are the spec defaults and the clinic primary of DECISIONS 22', () => {
    expect(DEFAULT_COLORS).toEqual({
      primary: '#3490dc',
      secondary: '#ffed4a',
      accent: '#f6993f',
      text: '#333333',
      background: '#ffffff',
    });
    expect(THEME_DEFAULT_COLORS.clinic.primary).toBe('#0d9488');
  });
});

describe('completeColors', () => {
  it('keeps valid colours (lower-cased) and fills the rest from the theme defaults', () => {
    expect(completeColors('clinic', { primary: '#AA0000', text: 'blue', extra: '#000000' })).toEqual({
      ...THEME_DEFAULT_COLORS.clinic,
      primary: '#aa0000',
    });
    expect(completeColors('default', undefined)).toEqual(DEFAULT_COLORS);
  });
});

describe('themeCss', () => {
  it('writes one custom property per colour', () => {
    expect(themeCss('default', { primary: '#112233' })).toBe(
      ':root{--theme-primary:#112233;--theme-secondary:#ffed4a;--theme-accent:#f6993f;--theme-text:#333333;--theme-background:#ffffff;--theme-on-primary:#ffffff}',
    );
  });
  it('never lets a value close the style tag or add a rule', () => {
    const css = themeCss('default', { primary: '</style><script>alert(1)</script>' as string });
    expect(css).not.toContain('<');
    expect(css).toContain('--theme-primary:#3490dc');
  });
});

describe('text on the primary colour (WCAG 2.2 AA, issue 13)', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#3490dc', '#ffffff', 3.4],
    ['#2472b8', '#ffffff', 5.03],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s: %f', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
  });

  it.each([
    ['#112233', '#ffffff'], // dark: white labels
    ['#2472b8', '#ffffff'],
    ['#3490dc', DARK_TEXT], // the default blue gives white only 3.4:1
    ['#ffed4a', DARK_TEXT],
    ['#0d9488', DARK_TEXT], // clinic teal: white 3.7:1
  ])('labels on %s are %s', (background, text) => {
    expect(textColorOn(background)).toBe(text);
  });

  it('always picks a text colour of at least 4.5:1 when one exists', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const background = `#${n.toString(16).padStart(6, '0')}`;
        const best = Math.max(contrastRatio('#ffffff', background), contrastRatio(DARK_TEXT, background));
        expect(contrastRatio(textColorOn(background), background)).toBeGreaterThanOrEqual(
          Math.min(best, 4.5),
        );
      }),
    );
  });
});

describe('readableShade', () => {
  it('keeps a colour already readable and darkens one that is not, until it is', () => {
    expect(readableShade('#1b5d98', ['#ffffff'])).toBe('#1b5d98');
    const teal = readableShade('#087f5b', ['#c3fae8', '#ffffff']);
    expect(contrastRatio(teal, '#c3fae8')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(teal, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#087f5b', '#c3fae8')).toBeLessThan(4.5);
  });

  it('always ends readable on white', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const shade = readableShade(`#${n.toString(16).padStart(6, '0')}`, ['#ffffff']);
        expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});
