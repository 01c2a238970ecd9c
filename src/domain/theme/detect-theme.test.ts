import { describe, expect, it } from 'vitest';
import { detectTheme, pageThemeName } from './detect-theme';

describe('detectTheme (spec 3 §1)', () => {
  it.each([
    [{ classes: ['theme-clinic'], path: '/' }, 'clinic'],
    [{ classes: ['page', 'Clinic-Theme'], path: '/products' }, 'clinic'],
    [{ classes: ['clinic'], path: '/' }, 'clinic'],
    [{ classes: [], path: '/clinic/login' }, 'clinic'],
    [{ classes: [], path: '/patient/clinic' }, 'clinic'],
    [{ classes: [], path: '/products/clinic-supplies' }, 'default'],
    [{ classes: [], path: '/login', loginThemeMeta: 'clinic' }, 'clinic'],
    [{ classes: [], path: '/login', loginThemeMeta: 'default' }, 'default'],
    [{ classes: ['clinical'], path: '/' }, 'default'],
    [{ classes: [], path: '/' }, 'default'],
  ])('%o → %s', (signals, expected) => {
    expect(detectTheme(signals)).toBe(expected);
  });

  it.each([
    ['clinic', '/', 'clinic'],
    ['default', '/', 'default'],
    ['default', '/clinic', 'clinic'],
    ['default', '/products/clinic-bed', 'default'],
  ] as const)('active %s on %s renders %s', (active, path, expected) => {
    expect(pageThemeName(active, path)).toBe(expected);
  });
});
