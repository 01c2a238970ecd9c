import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconGripVertical,
  IconPhotoPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { FileReply } from '../../../../../contracts/files';
import { FileThumb } from '../../../files/components/file-thumb';
import { FileManagerModal } from '../../../files/file-manager-modal';
import { addFiles, moveItem } from '../../product-form-values';
import { FormSection } from './form-section';
import type { ProductForm } from './form-types';

/**
 * Images from the file library (spec 2 §3 thumbnail_id, gallery_images): the first is the
 * thumbnail, the rest the gallery. Drag a card onto another to reorder, or use the arrows.
 * `onReordered` runs after a change of order alone (the edit page saves it at once).
 */
export function ImagesTab({
  form,
  onReordered,
}: {
  form: ProductForm;
  onReordered?: (images: FileReply[]) => void;
}) {
  const images = form.values.images;
  const [picking, setPicking] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const error = form.errors.images as string | undefined;

  const setImages = (next: FileReply[]) => {
    form.setFieldValue('images', next);
    form.clearFieldError('images');
  };
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= images.length) return;
    const next = moveItem(images, from, to);
    setImages(next);
    onReordered?.(next);
  };

  return (
    <FormSection
      title="Images"
      description="The first image is the product’s thumbnail; the others make its gallery. Drag to reorder."
      actions={
        <Button leftSection={<IconPhotoPlus size={16} />} variant="light" onClick={() => setPicking(true)}>
          Add images
        </Button>
      }
    >
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error}
        </Alert>
      )}
      {images.length === 0 ? (
        <Stack
          align="center"
          gap="xs"
          py={48}
          style={{
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <IconPhotoPlus size={36} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed" size="sm">
            No images yet. Pick some from the file library.
          </Text>
          <Button size="xs" variant="default" onClick={() => setPicking(true)}>
            Choose images
          </Button>
        </Stack>
      ) : (
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 4, lg: 5 }}
          spacing="md"
          role="list"
          aria-label="Product images"
        >
          {images.map((file, index) => (
            <Card
              key={file.id}
              role="listitem"
              aria-label={`${index === 0 ? 'Thumbnail' : `Gallery image ${index}`}: ${file.name}`}
              withBorder
              padding="xs"
              draggable
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              style={{
                cursor: 'grab',
                opacity: dragged === index ? 0.4 : 1,
                borderColor: over === index && dragged !== index ? 'var(--mantine-color-shop-5)' : undefined,
                borderWidth: index === 0 ? 2 : undefined,
              }}
            >
              <Card.Section pos="relative">
                <FileThumb file={file} size="100%" />
                <Badge
                  pos="absolute"
                  top={8}
                  left={8}
                  size="sm"
                  variant={index === 0 ? 'filled' : 'white'}
                  color={index === 0 ? 'shop' : 'gray'}
                >
                  {index === 0 ? 'Thumbnail' : `Gallery ${index}`}
                </Badge>
              </Card.Section>
              <Group justify="space-between" mt="xs" wrap="nowrap" gap={4}>
                <IconGripVertical size={16} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text size="xs" lineClamp={1} style={{ flex: 1 }} title={file.name}>
                  {file.name}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Move earlier">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color="gray"
                      aria-label={`Move ${file.name} earlier`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <IconArrowLeft size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move later">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color="gray"
                      aria-label={`Move ${file.name} later`}
                      disabled={index === images.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowRight size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color="red"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setImages(images.filter((f) => f.id !== file.id))}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <FileManagerModal
        opened={picking}
        onClose={() => setPicking(false)}
        onSelect={(files) => setImages(addFiles(images, files))}
        multiple
        accept="image"
        context="products"
        title="Product images: choose from the file library"
      />
    </FormSection>
  );
}
