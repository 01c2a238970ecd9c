import { describe, expect, it } from 'vitest';
import { isSlideLink } from './slide-link';

describe('isSlideLink', () => {
  it.each([
    ['', true],
    ['/products/oak-chair', true],
    ['/', true],
    ['https://example.com/sale', true],
    ['http://example.com', true],
    ['//evil.test/x', false],
    ['/\\evil.test', false],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,hi', false],
    ['mailto:a@b.c', false],
    ['products/chair', false],
    ['https://exa mple.com', false],
  ])('%s → %s', (link, expected) => {
    expect(isSlideLink(link)).toBe(expected);
  });
});
