import { ColorSwatch, Group, Text } from '@mantine/core';
import type { ColorReply } from '../../../../contracts/catalogue-reference';
import { useColorChanges, useColors } from '../reference.api';
import { ColourFormModal } from './colour-form-modal';
import { ReferenceTab } from './reference-tab';

/** Colours for product variants: swatch, name and code; search, paging, create, edit, delete. */
export function ColoursTab() {
  const { remove } = useColorChanges();
  return (
    <ReferenceTab<ColorReply>
      words={{ one: 'colour', many: 'colours', title: 'Colours' }}
      useRows={useColors}
      remove={(id) => remove.mutateAsync(id)}
      columns={[
        {
          key: 'name',
          title: 'Name',
          sort: 'name',
          render: (color) => (
            <Group gap="sm" wrap="nowrap">
              <ColorSwatch color={color.code} size={22} aria-hidden />
              <Text fw={600} size="sm">
                {color.name}
              </Text>
            </Group>
          ),
        },
        {
          key: 'code',
          title: 'Code',
          render: (color) => (
            <Text size="sm" ff="monospace">
              {color.code}
            </Text>
          ),
        },
      ]}
      empty={{
        search: 'Try another name or code, or clear the search.',
        none: 'Colours give product variants a swatch in the shop.',
      }}
      modal={({ opened, editing, onClose }) => (
        <ColourFormModal opened={opened} color={editing} onClose={onClose} />
      )}
    />
  );
}
