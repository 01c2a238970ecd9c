import fc from 'fast-check';
import { z } from 'zod';

/**
 * Hostile inputs shaped by a route's own zod schema (issue 18, docs/decisions/0075): the schema is
 * read as JSON Schema, and each generated value keeps the schema's field names while every field
 * may be missing, of the wrong type, huge, negative, fractional, full of unusual unicode or deeply
 * nested; extra fields are added and the whole body is sometimes not an object at all.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A string of 100 KB (and a little more), past every maxLength of the contracts. */
export const HUGE = 'x'.repeat(100 * 1024);

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Text that has broken parsers and databases before: emoji, RTL, combining marks, lone surrogates. */
const UNICODE = [
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'e\u0301\u0301\u0301\u0301',
  'Z̸̡̢͎̹̈́͑a̶̢̜̿l̷̗̈g̵̣̓o̵͉̔',
  '\ud800',
  'a\udfffb',
  '\uFEFF\u200B\u200D',
  '\u0000',
  '𝕏'.repeat(300),
  "'; drop table users; --",
  '%00%2e%2e%2f',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
];

const NUMBERS = [
  -1,
  -0.5,
  0,
  -0,
  0.1,
  1.5,
  2.999,
  12.345,
  -2147483649,
  2147483648,
  9007199254740991,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1e-320,
];
const NUMERIC_TEXT = ['-1', '0.5', '1e400', 'NaN', 'Infinity', '0x10', '', ' 1 ', '1,5', '٣'];

/** A value that no field expects (or expects at its very edge). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.constantFrom(...NUMERIC_TEXT),
  fc.constantFrom(...UNICODE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant(HUGE),
  fc.constantFrom(null, true, false, [], {}, [null], [HUGE], { '': 1 }),
  fc.constant(deep(200)),
  fc.constantFrom('2026-02-30', '9999-99-99T99:99', '0000-00-00', 'not-a-date'),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), {
    maxKeys: 3,
  }),
);

function alternatives(schema: JsonSchema): JsonSchema[] {
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
}

/** Every field name the schema knows (of all its alternatives), with its schema. */
function fieldsOf(schema: JsonSchema): Record<string, JsonSchema> {
  const fields: Record<string, JsonSchema> = { ...(schema.properties ?? {}) };
  for (const option of alternatives(schema)) Object.assign(fields, fieldsOf(option));
  return fields;
}

/** A value the field might accept: its enum, a number of its type, a short text, or a nested shape. */
function plausible(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const options = alternatives(schema);
  if (options.length) return fc.oneof(...options.map((option) => plausible(option, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.oneof(fc.constant(1), fc.integer({ min: -3, max: 50 }));
    case 'number':
      return fc.oneof(fc.constant(1), fc.double({ min: -10, max: 1000, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 2 ? fc.constant([]) : fc.array(field(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 2 ? fc.constant({}) : shaped(schema, depth + 1);
    default:
      return fc.oneof(
        fc.constantFrom('test', '1', '2026-01-31', 'a@example.test'),
        fc.string({ maxLength: 12 }),
      );
  }
}

/** One field: mostly plausible, often hostile. */
function field(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: plausible(schema, depth) }, { weight: 3, arbitrary: hostileValue });
}

/** An object with the schema's fields, each possibly missing, and possibly extra fields. */
function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(schema);
  const model = Object.fromEntries(Object.entries(fields).map(([name, s]) => [name, field(s, depth)]));
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), hostileValue, { maxKeys: 3 }), {
        freq: 3,
      }),
    )
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
}

/** A JSON body for a route's body schema: mostly the schema's shape gone wrong, sometimes no object at all. */
export function bodyArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: shaped(jsonSchemaOf(schema), 0) },
    { weight: 1, arbitrary: fc.array(shaped(jsonSchemaOf(schema), 1), { maxLength: 2 }) },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(deep(2000)) },
  );
}

/** A query string for a route's query schema: the same values, as a browser would send them. */
export function queryArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  return shaped(jsonSchemaOf(schema), 1).map(toQuery);
}

function toQuery(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown, depth = 0): void => {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item, depth + 1);
    else if (value && typeof value === 'object' && depth < 3)
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v, depth + 1);
    else params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return params.toString();
}

/** What a reply must never show: a stack frame, a source path, or the SQL behind it. */
export const LEAKS: readonly RegExp[] = [
  /\n\s+at \S+/,
  / {4}at [\w.<>]+ \(/,
  /\/src\/(server|domain|contracts)\//,
  /node_modules/,
  /Failed query:/i,
  /syntax error at or near/i,
  /violates (foreign key|unique|check|not-null) constraint/i,
  /\b(column|relation) "[\w.]+" (does not exist|of relation)/i,
  /\bselect\b[^"]{0,200}\bfrom "\w+"/i,
  /\binsert into "\w+"/i,
  /\bupdate "\w+" set\b/i,
];

export const leakIn = (body: string): RegExp | undefined => LEAKS.find((pattern) => pattern.test(body));
