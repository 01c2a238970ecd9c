import type { UseFormReturnType } from '@mantine/form';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../ui/notify';

/**
 * The settings whose value differs from what the server last answered: a save sends only these,
 * so it never overwrites what someone else changed meanwhile in another field.
 */
export function changedValues<T extends Record<string, unknown>>(saved: T, current: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(saved[key])) changed[key] = current[key];
  }
  return changed;
}

/**
 * The values a settings form starts from again after a save or a reset (the server's stored, trimmed
 * values): its initial and current values, what counts as unchanged, and no errors.
 */
export function startFormFrom<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  values: Values,
): void {
  form.setInitialValues(values);
  form.setValues(values);
  form.resetDirty(values);
  form.clearErrors();
}

export const NO_CHANGES = 'There are no changes to save.';
export const CORRECT_ERRORS = 'Please correct the errors below.';

/**
 * The submit of a settings page: only what `changed` finds is sent (nothing: a notice, no request);
 * the reply is handed to `saved` (it becomes the form's starting point) and its message shown; a
 * 422 puts its messages on the fields; any other failure is a toast with the page's `failed` words.
 * A form that does not validate, and a 422, call `showFields` with the fields in error (a page with
 * tabs opens the tab that holds them).
 */
export function settingsSubmit<
  Values extends Record<string, unknown>,
  Body extends object,
  Reply extends { message: string },
>(
  form: UseFormReturnType<Values>,
  options: {
    changed: (values: Values) => Body;
    save: (body: Body) => Promise<Reply>;
    saved: (reply: Reply) => void;
    failed: string;
    showFields?: (fields: Record<string, unknown>) => void;
  },
) {
  const fieldsInError = (fields: Record<string, unknown>) => {
    options.showFields?.(fields);
    notifyError(CORRECT_ERRORS);
  };
  return form.onSubmit(async (values) => {
    const body = options.changed(values);
    if (Object.keys(body).length === 0) {
      notifySuccess(NO_CHANGES);
      return;
    }
    try {
      const reply = await options.save(body);
      options.saved(reply);
      notifySuccess(reply.message);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        form.setErrors(fields);
        fieldsInError(fields);
      } else {
        notifyError(errorMessage(error, options.failed));
      }
    }
  }, fieldsInError);
}
