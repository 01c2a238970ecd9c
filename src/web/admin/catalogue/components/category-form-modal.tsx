import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CategoryReply, categoryBody } from '../../../../contracts/catalogue-reference';
import { zodValidate } from '../../../lib/zod-form';
import { useCategoryChanges } from '../reference.api';
import { submitting } from './shared';

type Props = {
  opened: boolean;
  /** The category being edited, or null to create one. */
  category: CategoryReply | null;
  /** For a new subcategory: the top category it goes under. */
  parentId: number | null;
  /** The top categories a category may sit under (two levels, spec 2 §9). */
  tops: CategoryReply[];
  onClose: () => void;
};

/** Create or edit a category: name, slug, parent (a top category), description, sort order, active. */
export function CategoryFormModal(props: Props) {
  const title = props.category ? 'Edit category' : props.parentId ? 'New subcategory' : 'New category';
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered size="lg">
      {props.opened && <CategoryForm key={props.category?.id ?? `new-${props.parentId}`} {...props} />}
    </Modal>
  );
}

type Values = {
  name: string;
  slug: string;
  parent_id: string | null;
  description: string;
  sort_order: number | string;
  is_active: boolean;
};

function CategoryForm({ category, parentId, tops, onClose }: Props) {
  const { save } = useCategoryChanges();
  const form = useForm<Values>({
    initialValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      parent_id: category ? (category.parent_id?.toString() ?? null) : (parentId?.toString() ?? null),
      description: category?.description ?? '',
      sort_order: category?.sort_order ?? 0,
      is_active: category?.is_active ?? true,
    },
    validate: zodValidate(categoryBody),
  });
  // A category with children stays at the top, so the tree keeps two levels.
  const keepsTop = (category?.children_count ?? 0) > 0;
  const parents = tops
    .filter((top) => top.id !== category?.id)
    .map((top) => ({ value: String(top.id), label: top.name }));
  const submit = submitting(
    form,
    (values) =>
      save.mutateAsync({
        id: category?.id ?? null,
        body: {
          name: values.name.trim(),
          slug: values.slug.trim() || null,
          parent_id: values.parent_id ? Number(values.parent_id) : null,
          description: values.description.trim() || null,
          sort_order: values.sort_order === '' ? 0 : values.sort_order,
          is_active: values.is_active,
        },
      }),
    onClose,
    'Failed to save the category. Please try again.',
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Summer dresses"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Slug"
          placeholder="Made from the name when empty"
          description="Used in shop addresses: lower-case letters, digits and dashes."
          {...form.getInputProps('slug')}
        />
        <Select
          label="Parent category"
          placeholder="None: a top category"
          description={
            keepsTop
              ? 'This category has subcategories, so it stays a top category.'
              : 'Only top categories can be parents: the catalogue has two levels.'
          }
          data={parents}
          clearable
          searchable
          disabled={keepsTop}
          nothingFoundMessage="No top category by that name"
          {...form.getInputProps('parent_id')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Sort order"
            description="Lower numbers come first."
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('sort_order')}
          />
          <Switch
            mt={30}
            label="Active (shown in the shop)"
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {category ? 'Save' : 'Create category'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
