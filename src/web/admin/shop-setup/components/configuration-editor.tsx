import { ActionIcon, Button, Group, PasswordInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isSecretKey } from '../../../../domain/payments/configuration-secrets';
import type { ConfigurationRow } from '../payment-method-form-values';

/**
 * The configuration's names and values. A name like a secret (key, secret, password, token) gets
 * a hidden input; a stored secret is never shown and is kept while its input stays blank.
 */
export function ConfigurationEditor({
  rows,
  onChange,
  error,
}: {
  rows: ConfigurationRow[];
  onChange: (rows: ConfigurationRow[]) => void;
  error?: string;
}) {
  const update = (index: number, patch: Partial<ConfigurationRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Configuration
      </Text>
      <Text size="xs" c="dimmed">
        Gateway settings as names and values. Values of names containing key, secret, password or token are
        stored hidden: leave them blank to keep the stored value.
      </Text>
      {rows.map((row, index) => {
        const secret = isSecretKey(row.key);
        const label = row.key || `row ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until named
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={`Configuration name ${index + 1}`}
              placeholder="name, e.g. merchant_id"
              value={row.key}
              onChange={(e) => update(index, { key: e.currentTarget.value, stored: false })}
              style={{ flex: 1 }}
              ff="monospace"
            />
            {secret ? (
              <PasswordInput
                aria-label={`Value of ${label}`}
                placeholder={row.stored ? 'Stored (kept if blank)' : 'Secret value'}
                value={row.value}
                onChange={(e) => update(index, { value: e.currentTarget.value })}
                style={{ flex: 1.4 }}
              />
            ) : (
              <TextInput
                aria-label={`Value of ${label}`}
                placeholder="value"
                value={row.value}
                onChange={(e) => update(index, { value: e.currentTarget.value })}
                style={{ flex: 1.4 }}
              />
            )}
            <Tooltip label="Remove" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Remove ${label}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, { key: '', value: '', stored: false }])}
        >
          Add setting
        </Button>
      </Group>
    </Stack>
  );
}
