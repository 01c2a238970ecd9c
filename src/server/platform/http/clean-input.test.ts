import { describe, expect, it } from 'vitest';
import { BAD_TEXT_MESSAGE, badTextFields, hasBadCharacter } from './clean-input';

describe('characters the shop refuses', () => {
  it.each([
    ['plain text', false],
    ['', false],
    ['emoji 😀 and CJK 漢字', false],
    ['tab\tnewline\n', false],
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udc00', true],
    ['\udc00\ud800', true],
    ['😀'.slice(0, 1), true],
  ])('%j refused: %s', (text, refused) => {
    expect(hasBadCharacter(text)).toBe(refused);
  });

  it('names every bad field by its path, keys included, and nothing in clean input', () => {
    expect(badTextFields({ a: 'ok', b: [1, 'x\u0000'], c: { d: '\ud800' }, 'k\u0000': 'v' })).toEqual({
      'b.1': [BAD_TEXT_MESSAGE],
      'c.d': [BAD_TEXT_MESSAGE],
      message: [BAD_TEXT_MESSAGE],
    });
    expect(badTextFields({ a: 'ok', n: 1, t: true, z: null, list: ['a', { b: 'c' }] })).toEqual({});
    expect(badTextFields('\u0000')).toEqual({ message: [BAD_TEXT_MESSAGE] });
  });
});
