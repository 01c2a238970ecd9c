import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { TemplateVariable } from '../../../../domain/templates/template-types';

/** The chosen type's variables; a click inserts `{{name}}` where the cursor is. */
export function VariablesHelper({
  variables,
  onInsert,
}: {
  variables: readonly TemplateVariable[];
  onInsert: (placeholder: string) => void;
}) {
  return (
    <Paper role="group" withBorder p="sm" radius="md" aria-label="Available variables">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Available variables
        </Text>
        <Text size="xs" c="dimmed">
          Click one to insert it. Values are filled in when the e-mail or document is made; text a customer
          typed is always shown as text, never as HTML.
        </Text>
        {variables.length === 0 ? (
          <Text size="xs" c="dimmed">
            This type has no variables.
          </Text>
        ) : (
          <Group gap={6}>
            {variables.map((variable) => (
              <Tooltip
                key={variable.name}
                label={`${variable.description} — e.g. ${variable.sample}`}
                withArrow
              >
                <Badge
                  component="button"
                  type="button"
                  variant="light"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  aria-label={`Insert {{${variable.name}}}`}
                  onClick={() => onInsert(`{{${variable.name}}}`)}
                >
                  {`{{${variable.name}}}`}
                </Badge>
              </Tooltip>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Inserts text at a field's cursor (or its end) and returns the new value and cursor. */
export function insertAt(
  value: string,
  insert: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { value: string; cursor: number } {
  const from = start ?? value.length;
  const to = end ?? from;
  return { value: value.slice(0, from) + insert + value.slice(to), cursor: from + insert.length };
}
