import { type $ZodType, safeParse } from 'zod/v4/core';

/**
 * A Mantine form validator from a shared zod contract: the browser shows the same messages the
 * server would answer with, before sending. Through zod's core, so it takes a `zod/mini` schema
 * as well (the sign-in form's, which then loads without the whole of zod).
 */
export function zodValidate<S extends $ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = safeParse(schema, values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'message');
      if (!errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}
