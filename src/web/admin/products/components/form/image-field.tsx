import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { FileReply } from '../../../../../contracts/files';
import { FileThumb } from '../../../files/components/file-thumb';
import { FileManagerModal } from '../../../files/file-manager-modal';

/** One image from the file library (SEO image): its picture, choose or change, remove. */
export function ImageField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: FileReply | null;
  onChange: (file: FileReply | null) => void;
  error?: string | null;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Group gap="md" mt={6} wrap="nowrap">
        {value ? (
          <FileThumb file={value} size={72} />
        ) : (
          <Stack
            w={72}
            h={72}
            align="center"
            justify="center"
            bg="gray.0"
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px dashed var(--mantine-color-gray-4)',
            }}
          >
            <IconPhoto size={28} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          </Stack>
        )}
        <Stack gap={6}>
          {value && (
            <Text size="sm" lineClamp={1} maw={260}>
              {value.name}
            </Text>
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              {value ? 'Change image' : 'Choose image'}
            </Button>
            {value && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
                Remove
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <FileManagerModal
        opened={picking}
        onClose={() => setPicking(false)}
        onSelect={(files) => onChange(files[0] ?? null)}
        accept="image"
        context="products"
        title={`${label}: choose from the file library`}
      />
    </Input.Wrapper>
  );
}
