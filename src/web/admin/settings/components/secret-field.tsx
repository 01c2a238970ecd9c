import { Badge, Button, Group, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SecretSettingKey } from '../../../../contracts/system-settings';
import type { SystemSettingsFormValues } from '../system-settings-form-values';

/** A write-only setting: says whether one is stored, takes a new one, or removes it on save. */
export function SecretField({
  form,
  name,
  label,
  isStored,
  multiline = false,
  description,
}: {
  form: UseFormReturnType<SystemSettingsFormValues>;
  name: SecretSettingKey;
  label: string;
  isStored: boolean;
  multiline?: boolean;
  /** A hint under the field, such as "will be cleared". */
  description?: string;
}) {
  const value = form.values[name];
  const status = isStored ? (
    <Badge size="xs" color="teal" variant="light">
      Stored
    </Badge>
  ) : (
    <Badge size="xs" color="gray" variant="light">
      Not set
    </Badge>
  );
  const labelNode = (
    <Group gap={6} component="span">
      {label}
      {status}
      {isStored && value !== null && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={() => form.setFieldValue(name, null)}
          aria-label={`Remove ${label}`}
        >
          Remove
        </Button>
      )}
    </Group>
  );
  if (value === null) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="red">
            Will be removed when you save.
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => form.setFieldValue(name, '')}>
            Undo
          </Button>
        </Group>
      </Stack>
    );
  }
  const placeholder = isStored ? 'Stored: leave empty to keep it' : '';
  const input = multiline ? (
    <Textarea
      label={labelNode}
      aria-label={label}
      placeholder={placeholder}
      autosize
      minRows={3}
      maxRows={8}
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      {...form.getInputProps(name)}
      value={value}
    />
  ) : (
    <PasswordInput
      label={labelNode}
      aria-label={label}
      description={description}
      placeholder={placeholder}
      autoComplete="new-password"
      {...form.getInputProps(name)}
      value={value}
    />
  );
  return input;
}
