import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's Loader renders a bare span and its Skeleton a bare div: axe refuses an aria-label
 * there ("aria-prohibited-attr", serious) unless the element has a role. The e2e suite only sees a loader when it happens to be on
 * screen while axe runs (a CI run failed that way on the rental booking's sections), so every
 * named loader in the screens is checked here, where timing does not decide.
 */
function screenFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return screenFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

function namedLoadersWithoutRole(source: string): string[] {
  return [...source.matchAll(/<(?:Loader|Skeleton)\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\baria-label=/.test(tag) && !/\brole=/.test(tag));
}

describe('named loaders and skeletons', () => {
  it('finds a loader named without a role, and passes one with role="status"', () => {
    expect(namedLoadersWithoutRole('<Loader size="sm" aria-label="Loading" />')).toHaveLength(1);
    expect(namedLoadersWithoutRole('<Loader\n  size="sm"\n  aria-label="Loading"\n/>')).toHaveLength(1);
    expect(namedLoadersWithoutRole('<Loader size="sm" role="status" aria-label="Loading" />')).toEqual([]);
    expect(namedLoadersWithoutRole('<Loader size="sm" />')).toEqual([]);
    expect(namedLoadersWithoutRole('<Skeleton height={36} aria-label="Loading roles" />')).toHaveLength(1);
  });

  it('every loader with an aria-label in the screens has a role', () => {
    const offenders = screenFiles(join(import.meta.dirname, '..')).flatMap((file) =>
      namedLoadersWithoutRole(readFileSync(file, 'utf8')).map((tag) => `${file}: ${tag}`),
    );
    expect(offenders).toEqual([]);
  });
});
