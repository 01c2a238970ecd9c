import type { z } from 'zod';

/**
 * A Mantine form validator from a shared zod contract: the browser shows the same messages the
 * server would answer with, before sending.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'message');
      if (!errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}
