import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf } from './form-errors';
import { HttpError } from './http';

export const NETWORK_PROBLEM = 'Network error. Please try again.';

/**
 * The submit of a form that sends to the server: busy while sending, 422 field errors onto the
 * form's fields, any other failure as one problem line. When the success leaves the page
 * (`leavesPage`), the form stays busy so it cannot be sent twice.
 */
export function useFormSubmit<Values extends Record<string, unknown>, Reply>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<Reply>,
  onSuccess: (reply: Reply) => void,
  options: { leavesPage?: boolean } = {},
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setProblem(null);
    try {
      onSuccess(await send(values));
      if (options.leavesPage) return;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else setProblem(error instanceof HttpError ? error.message : NETWORK_PROBLEM);
    }
    setBusy(false);
  });
  return { submit, busy, problem };
}
