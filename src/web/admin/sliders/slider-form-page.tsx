import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SLIDER_MESSAGES as M, type SliderReply } from '../../../contracts/sliders';
import { isSlideLink } from '../../../domain/sliders/slide-link';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { FileManagerModal } from '../files/file-manager-modal';
import { useSaveSlider, useSlider } from './sliders.api';

type SlideDraft = {
  key: string;
  id: number | null;
  title: string;
  description: string;
  link: string;
  image_id: number;
  image_path: string | null;
};

let counter = 0;
const nextKey = () => `new-${++counter}`;

/** Moves one item of a list up (-1) or down (+1); the order of the list is the slides' order. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function SliderForm({ slider }: { slider: SliderReply | null }) {
  const navigate = useNavigate();
  const save = useSaveSlider(slider?.id ?? null);
  const [name, setName] = useState(slider?.name ?? '');
  const [description, setDescription] = useState(slider?.description ?? '');
  const [isActive, setIsActive] = useState(slider?.is_active ?? true);
  const [slides, setSlides] = useState<SlideDraft[]>(
    (slider?.slides ?? []).map((s) => ({
      key: `slide-${s.id}`,
      id: s.id,
      title: s.title,
      description: s.description,
      link: s.link,
      image_id: s.image_id ?? 0,
      image_path: s.image_path,
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [picking, setPicking] = useState(false);

  const edit = (index: number, patch: Partial<SlideDraft>) =>
    setSlides((list) => list.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = M.name;
    slides.forEach((s, i) => {
      if (!isSlideLink(s.link)) local[`slides.${i}.link`] = M.link;
      if (!s.image_id) local[`slides.${i}.image_id`] = M.image;
    });
    setErrors(local);
    if (Object.keys(local).length > 0) return notifyError('Please correct the errors below.');
    try {
      const reply = await save.mutateAsync({
        name,
        description,
        is_active: isActive,
        slides: slides.map(({ id, title, description: d, link, image_id }) => ({
          id,
          title,
          description: d,
          link,
          image_id,
        })),
      });
      notifySuccess(reply.message);
      navigate(`/admin/sliders/${reply.data.id}/edit`, { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      notifyError(errorMessage(error, M.save));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Slider">
      <Stack>
        <Paper withBorder p="md" radius="md">
          <Stack>
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={errors.description}
            />
            <Switch
              label="Active"
              checked={isActive}
              onChange={(e) => setIsActive(e.currentTarget.checked)}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Slides</Title>
            <Button
              variant="light"
              leftSection={<IconPhotoPlus size={16} />}
              onClick={() => setPicking(true)}
            >
              Add slides from library
            </Button>
          </Group>
          {errors.slides && <Alert color="red">{errors.slides}</Alert>}
          {slides.length === 0 && (
            <Text c="dimmed" size="sm">
              No slides yet: add images from the file library.
            </Text>
          )}
          <Stack gap="sm">
            {slides.map((slide, index) => (
              <Paper
                key={slide.key}
                withBorder
                p="sm"
                radius="sm"
                data-testid="slide-row"
                aria-label={`Slide ${index + 1}`}
              >
                <Group align="flex-start" wrap="nowrap">
                  <Stack gap={4} align="center">
                    <Text size="xs" c="dimmed">
                      {index + 1}
                    </Text>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move slide ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => setSlides((l) => moveItem(l, index, -1))}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move slide ${index + 1} down`}
                      disabled={index === slides.length - 1}
                      onClick={() => setSlides((l) => moveItem(l, index, 1))}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Stack>
                  {slide.image_path ? (
                    <Image
                      src={slide.image_path}
                      alt={slide.title || 'Slide image'}
                      w={160}
                      h={90}
                      radius="sm"
                      fit="cover"
                    />
                  ) : (
                    <Text c="red" size="sm" w={160}>
                      {errors[`slides.${index}.image_id`] ?? M.image}
                    </Text>
                  )}
                  <Stack gap={6} style={{ flex: 1 }}>
                    <TextInput
                      label="Title"
                      size="xs"
                      value={slide.title}
                      onChange={(e) => edit(index, { title: e.currentTarget.value })}
                      error={errors[`slides.${index}.title`]}
                    />
                    <TextInput
                      label="Description"
                      size="xs"
                      value={slide.description}
                      onChange={(e) => edit(index, { description: e.currentTarget.value })}
                    />
                    <TextInput
                      label="Link"
                      size="xs"
                      placeholder="/products/… or https://…"
                      value={slide.link}
                      onChange={(e) => edit(index, { link: e.currentTarget.value })}
                      error={errors[`slides.${index}.link`]}
                    />
                  </Stack>
                  <ActionIcon
                    color="red"
                    variant="subtle"
                    aria-label={`Remove slide ${index + 1}`}
                    onClick={async () => {
                      // issue 12: removing a slide asks first (it takes effect when the slider is saved).
                      const confirmed = await confirmAction({
                        title: `Remove slide ${index + 1}?`,
                        message: `The slide${slide.title ? ` “${slide.title}”` : ''} will be removed from this slider when you save. Its image stays in the file library.`,
                        confirmLabel: 'Remove slide',
                        danger: true,
                      });
                      if (confirmed) setSlides((l) => l.filter((_, i) => i !== index));
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/admin/sliders">
            Back to sliders
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save slider
          </Button>
        </Group>
      </Stack>
      <FileManagerModal
        opened={picking}
        onClose={() => setPicking(false)}
        multiple
        accept="image"
        title="Choose slide images"
        onSelect={(files) => {
          setSlides((list) => [
            ...list,
            ...files.map((f) => ({
              key: nextKey(),
              id: null,
              title: f.name.replace(/\.[^.]+$/, ''),
              description: '',
              link: '',
              image_id: f.id,
              image_path: f.preview_url ?? f.url,
            })),
          ]);
          setPicking(false);
        }}
      />
    </form>
  );
}

/** The slider form (spec 2 §2 "Slider form with ordered slides"). */
export default function SliderFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const { data, isLoading, isError } = useSlider(id);
  return (
    <>
      <PageHeader title={id === null ? 'New slider' : 'Edit slider'} />
      {id !== null && isLoading && <Skeleton h={300} />}
      {isError && (
        <Alert color="red" role="alert">
          {M.load}
        </Alert>
      )}
      {(id === null || data) && <SliderForm key={data?.updated_at ?? 'new'} slider={data ?? null} />}
    </>
  );
}
