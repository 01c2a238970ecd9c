import { describe, expect, it } from 'vitest';
import { completeColors, DEFAULT_COLORS, isHexColor, THEME_DEFAULT_COLORS, themeCss } from './theme';

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
      ':root{--theme-primary:#112233;--theme-secondary:#ffed4a;--theme-accent:#f6993f;--theme-text:#333333;--theme-background:#ffffff}',
    );
  });
  it('never lets a value close the style tag or add a rule', () => {
    const css = themeCss('default', { primary: '</style><script>alert(1)</script>' as string });
    expect(css).not.toContain('<');
    expect(css).toContain('--theme-primary:#3490dc');
  });
});
