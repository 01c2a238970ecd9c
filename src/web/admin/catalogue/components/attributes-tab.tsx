import {
  Badge,
  Button,
  Center,
  EmptyState,
  Grid,
  Group,
  NavLink,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AttributeReply } from '../../../../contracts/catalogue-reference';
import { confirmAndDelete } from '../../../ui/confirm';
import { LIST_MESSAGES } from '../../../ui/list/list-messages';
import { LoadFailed } from '../../../ui/load-failed';
import { useAttributeChanges, useAttributes } from '../reference.api';
import { AttributeFormModal } from './attribute-form-modal';
import { AttributeValuesPanel } from './attribute-values-panel';
import { usedByWarning } from './shared';

/**
 * Attributes (Size, Material…) on the left; the chosen one's values on the right. The choice is
 * kept in the address bar (?tab=attributes&attribute=3), so a reload shows the same values.
 */
export function AttributesTab() {
  const attributes = useAttributes();
  const { remove } = useAttributeChanges();
  const [params, setParams] = useSearchParams();
  const [renaming, setRenaming] = useState<AttributeReply | null>(null);
  const [creating, setCreating] = useState(false);

  const all = attributes.data?.data ?? [];
  const chosenId = Number(params.get('attribute'));
  const chosen = all.find((a) => a.id === chosenId) ?? all[0] ?? null;
  // A new attribute starts its values list afresh: no page or search of the previous one.
  const choose = (id: number) => setParams({ tab: 'attributes', attribute: String(id) });

  const deleteAttribute = (attribute: AttributeReply) =>
    confirmAndDelete(
      {
        title: `Delete the attribute ${attribute.name}?`,
        message: `The attribute ${attribute.name} and its ${attribute.values_count} ${attribute.values_count === 1 ? 'value' : 'values'} will be deleted.${usedByWarning(attribute.products_count)} This action cannot be undone.`,
        confirmLabel: 'Delete attribute',
      },
      async () => {
        const reply = await remove.mutateAsync(attribute.id);
        setParams({ tab: 'attributes' });
        return reply;
      },
      'Failed to delete the attribute. Please try again.',
    );

  let picker: ReactNode;
  if (attributes.isLoading) {
    picker = (
      <Stack gap="xs" p="sm" data-testid="attributes-loading">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
          <Skeleton key={i} height={32} radius="sm" />
        ))}
      </Stack>
    );
  } else if (attributes.isError) {
    picker = <LoadFailed m="sm" title={LIST_MESSAGES.load} onRetry={() => attributes.refetch()} />;
  } else if (all.length === 0) {
    picker = (
      <Center py="xl" px="sm">
        <EmptyState
          title="No attributes yet"
          description="Create one, for example Size, then add its values."
        />
      </Center>
    );
  } else {
    picker = (
      <Stack gap={2} p={6} component="nav" aria-label="Attributes">
        {all.map((attribute) => (
          <NavLink
            key={attribute.id}
            component="button"
            label={attribute.name}
            active={attribute.id === chosen?.id}
            aria-current={attribute.id === chosen?.id ? 'true' : undefined}
            onClick={() => choose(attribute.id)}
            rightSection={
              <Badge size="sm" variant="light" color="gray">
                {attribute.values_count}
              </Badge>
            }
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md">
          <Group
            justify="space-between"
            p="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Title order={5}>Attributes</Title>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
              New attribute
            </Button>
          </Group>
          {picker}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {chosen ? (
          <AttributeValuesPanel
            key={chosen.id}
            attribute={chosen}
            onRename={() => setRenaming(chosen)}
            onDelete={() => deleteAttribute(chosen)}
          />
        ) : (
          !attributes.isLoading &&
          !attributes.isError && (
            <Paper withBorder radius="md" py="xl">
              <Text c="dimmed" ta="center" size="sm">
                Values appear here once there is an attribute.
              </Text>
            </Paper>
          )
        )}
      </Grid.Col>
      <AttributeFormModal
        opened={creating || renaming !== null}
        attribute={renaming}
        onClose={() => {
          setCreating(false);
          setRenaming(null);
        }}
        onSaved={(id) => {
          if (creating) choose(id);
        }}
      />
    </Grid>
  );
}
