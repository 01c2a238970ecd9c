import {
  ICON_MAX_BYTES,
  ICON_MIME_TYPES,
  PAYMENT_METHOD_MESSAGES as M,
  type PaymentMethodReply,
  type PaymentMethodStatus,
  paymentMethodBody,
} from '../../../contracts/shop-setup';
import { isSecretKey, SECRET_MASK } from '../../../domain/payments/configuration-secrets';

/** One row of the configuration editor; a stored secret arrives masked and is shown blank. */
export type ConfigurationRow = { key: string; value: string; stored: boolean };

export type PaymentMethodFormValues = {
  name: string;
  code: string;
  description: string;
  instructions: string;
  status: PaymentMethodStatus;
  configuration: ConfigurationRow[];
};

/** The form's starting values: empty for a new method, the method's own otherwise. */
export function formValuesOf(method: PaymentMethodReply | null): PaymentMethodFormValues {
  return {
    name: method?.name ?? '',
    code: method?.code ?? '',
    description: method?.description ?? '',
    instructions: method?.instructions ?? '',
    status: method?.status ?? 'enabled',
    configuration: Object.entries(method?.configuration ?? {}).map(([key, value]) => {
      const stored = isSecretKey(key) && value === SECRET_MASK;
      return { key, value: stored ? '' : value === null ? '' : String(value), stored };
    }),
  };
}

/** The configuration as JSON text (spec 2 §7); blank rows are left out, a blank secret keeps the stored one. */
export function configurationJson(rows: readonly ConfigurationRow[]): string {
  const configuration: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key) configuration[key] = row.value;
  }
  return JSON.stringify(configuration);
}

/** The text fields of the multipart form, as the server's contract reads them. */
export function formFields(values: PaymentMethodFormValues): Record<string, string> {
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    description: values.description,
    instructions: values.instructions,
    status: values.status,
    configuration: configurationJson(values.configuration),
  };
}

/** The same checks the server makes, before sending: field → first message. */
export function validateForm(values: PaymentMethodFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = paymentMethodBody.safeParse(formFields(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'name');
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  const keys = values.configuration.map((row) => row.key.trim()).filter(Boolean);
  if (new Set(keys).size !== keys.length)
    errors.configuration = 'Each configuration name may appear only once.';
  return errors;
}

/** The icon's checks before upload (the server checks the content again): type and size. */
export function iconProblem(file: File): string | null {
  if (!ICON_MIME_TYPES.includes(file.type)) return M.iconType;
  if (file.size >= ICON_MAX_BYTES) return M.iconSize;
  return null;
}

/** The multipart body: fields, the icon when one was chosen, and remove_icon when it was cleared. */
export function formDataOf(
  values: PaymentMethodFormValues,
  icon: File | null,
  removeIcon: boolean,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(formFields(values))) form.append(key, value);
  if (icon) form.append('icon', icon, icon.name);
  else if (removeIcon) form.append('remove_icon', '1');
  return form;
}
