import { describe, expect, it } from 'vitest';
import { type BuildManifest, budgetReport, initialFiles, measureBudgets, missingStyles } from './build';

/** A small build: a shared vendor chunk reached twice, a lazily loaded page, and CSS. */
const manifest: BuildManifest & Record<string, { dynamicImports?: string[]; css?: string[] }> = {
  'shop/index.html': {
    file: 'assets/shop-1.js',
    imports: ['_react-1.js', '_ui-1.js'],
    dynamicImports: ['shop/pages/login-page.tsx'],
    css: ['assets/shop-1.css'],
  },
  'admin/index.html': { file: 'assets/admin-1.js', imports: ['_ui-1.js', '_router-1.js'] },
  '_ui-1.js': { file: 'assets/ui-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_router-1.js': { file: 'assets/router-1.js', imports: ['_react-1.js'] },
  'shop/pages/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['_zod-1.js'] },
  '_zod-1.js': { file: 'assets/zod-1.js' },
};

const GZIP_BYTES: Record<string, number> = {
  'assets/shop-1.js': 2_000,
  'assets/admin-1.js': 10_000,
  'assets/ui-1.js': 30_000,
  'assets/react-1.js': 60_000,
  'assets/router-1.js': 28_000,
  'assets/login-page-1.js': 1_000,
  'assets/zod-1.js': 25_000,
};
const gzipBytes = (file: string) => GZIP_BYTES[file]!;

describe('initial JavaScript budgets', () => {
  it('counts an entry and its static imports, each file once, without lazy chunks or CSS', () => {
    expect(initialFiles(manifest, 'shop/index.html').sort()).toEqual([
      'assets/react-1.js',
      'assets/shop-1.js',
      'assets/ui-1.js',
    ]);
  });

  it('sums the gzip sizes per entry and compares them with the budget', () => {
    const lines = measureBudgets(manifest, gzipBytes, [
      { entry: 'shop/index.html', name: 'shop', maxBytes: 92_000 },
      { entry: 'admin/index.html', name: 'admin', maxBytes: 120_000 },
    ]);
    expect(lines).toEqual([
      { entry: 'shop/index.html', name: 'shop', files: 3, bytes: 92_000, maxBytes: 92_000 },
      { entry: 'admin/index.html', name: 'admin', files: 4, bytes: 128_000, maxBytes: 120_000 },
    ]);
    expect(budgetReport(lines)).toBe(
      [
        'ok   shop (shop/index.html): 89.8 KiB gzipped in 3 files, budget 89.8 KiB',
        'OVER admin (admin/index.html): 125.0 KiB gzipped in 4 files, budget 117.2 KiB',
      ].join('\n'),
    );
  });

  it('counts a page with its entry, each shared file once', () => {
    const [line] = measureBudgets(manifest, gzipBytes, [
      {
        entry: 'shop/index.html',
        page: 'shop/pages/login-page.tsx',
        name: 'shop with login',
        maxBytes: 120_000,
      },
    ]);
    // shop 2 000 + react 60 000 + ui 30 000 + login page 1 000 + zod 25 000
    expect(line).toEqual({
      entry: 'shop/index.html',
      name: 'shop with login',
      files: 5,
      bytes: 118_000,
      maxBytes: 120_000,
    });
  });

  it('refuses to measure an entry the build does not have', () => {
    expect(() => initialFiles(manifest, 'checkout/index.html')).toThrow(/no entry checkout/);
  });
});

describe('storefront styles', () => {
  it('reaches the lazily loaded chunks of an entry too, each file once', () => {
    expect(initialFiles(manifest, 'shop/index.html', true).sort()).toEqual([
      'assets/login-page-1.js',
      'assets/react-1.js',
      'assets/shop-1.js',
      'assets/ui-1.js',
      'assets/zod-1.js',
    ]);
  });

  const styles = {
    'Button.css': '.m_77c9d27d { color: red } .m_80f1301b:where([data-loading]) { opacity: .5 }',
    'Table.css': '.m_b23fa0ef { border: 0 }',
    'Tabs.css': '.m_89d60db1 { display: flex }',
    'global.css': 'body { margin: 0 }',
  };
  const bundle = 'const classes={root:"m_77c9d27d"};const t={table:"m_b23fa0ef"};';

  it('names the style files whose classes the bundle uses and the list does not import', () => {
    expect(missingStyles(bundle, styles, ['Button.css'])).toEqual(['Table.css']);
    expect(missingStyles(bundle, styles, [])).toEqual(['Button.css', 'Table.css']);
  });

  it('names none when every used component is imported, whatever else is not', () => {
    expect(missingStyles(bundle, styles, ['Button.css', 'Table.css'])).toEqual([]);
  });
});
