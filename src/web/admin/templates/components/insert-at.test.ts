import { describe, expect, it } from 'vitest';
import { insertAt } from './variables-helper';

describe('insertAt', () => {
  it.each([
    ['ab', 1, 1, { value: 'a{{x}}b', cursor: 6 }],
    ['ab', 0, 2, { value: '{{x}}', cursor: 5 }],
    ['ab', null, null, { value: 'ab{{x}}', cursor: 7 }],
  ] as const)('inserts into %j at %s–%s', (value, start, end, expected) => {
    expect(insertAt(value, '{{x}}', start, end)).toEqual(expected);
  });
});
