import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldErrors } from './errors';

describe('zodFieldErrors', () => {
  it.each(['valueOf', 'constructor', 'toString', 'hasOwnProperty'])(
    'reports a field named %s under its own name',
    (name) => {
      const schema = z.record(z.string(), z.number({ error: 'A number.' }));
      const result = schema.safeParse(JSON.parse(`{"${name}": "x", "other": "y"}`));
      expect(result.success).toBe(false);
      const errors = zodFieldErrors(result.error!);
      expect(JSON.parse(JSON.stringify(errors))).toEqual({ [name]: ['A number.'], other: ['A number.'] });
      expect(Object.keys(errors).sort()).toEqual([name, 'other'].sort());
    },
  );

  it('keeps each message once per field, and the path joined by dots', () => {
    const schema = z.object({ items: z.array(z.object({ qty: z.number({ error: 'A number.' }) })) });
    const result = schema.safeParse({ items: [{ qty: 'a' }, { qty: 'b' }] });
    expect(JSON.parse(JSON.stringify(zodFieldErrors(result.error!)))).toEqual({
      'items.0.qty': ['A number.'],
      'items.1.qty': ['A number.'],
    });
  });
});
