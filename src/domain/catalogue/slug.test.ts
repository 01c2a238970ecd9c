import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slug';

// spec 2 §5 Slug is auto-generated from the name when empty (lowercased, hyphenated).
describe('slugify', () => {
  it.each([
    ['Summer Dresses', 'summer-dresses'],
    ['  Summer   Dresses  ', 'summer-dresses'],
    ['T-Shirts', 't-shirts'],
    ['Men / Shoes', 'men-shoes'],
    ['---Sale---', 'sale'],
    ['Crème Brûlée', 'creme-brulee'],
    ['Café Noël', 'cafe-noel'],
    ['Ångström Øresund', 'angstrom-oresund'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Œuvre & Æther', 'oeuvre-and-aether'],
    ["Women's Wear", 'womens-wear'],
    ['Kids’ Corner', 'kids-corner'],
    ['Size 42 (EU)', 'size-42-eu'],
    ['ÉCOLE', 'ecole'],
    ['ﬁne print', 'fine-print'],
    ['under_score.dot', 'under-score-dot'],
    ['100%', '100'],
    ['', ''],
    ['!!!', ''],
    ['日本', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always gives a well-formed slug or nothing, and is stable on its own output', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
