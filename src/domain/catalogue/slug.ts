/** What a finished slug looks like: lower-case letters and digits in groups joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Letters that do not decompose into a base letter and an accent. */
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * A URL slug from a name (spec 2 §5 "Slug is auto-generated from the name when empty
 * (lowercased, hyphenated)"): accents removed, "&" read as "and", apostrophes dropped so
 * "Women's" stays one word, every other run of non-alphanumerics one dash, no dash at either end.
 * Text with no Latin letters or digits gives "" (the caller asks for a slug then).
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþı]/g, (c) => SPELLED_OUT[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
