import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import {
  MENU_MESSAGES as M,
  MENU_PAGES,
  MENU_TARGET_TYPES,
  type MenuItemReply,
} from '../../../contracts/menus';
import { allowedParents, flattenTree } from '../../../domain/menus/menu-tree';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useCategoryTree } from '../catalogue/reference.api';
import { useSelectorOptions } from '../discounts/discounts.api';
import { type MenuItemForm, useMenuChanges } from './menus.api';

export const TARGET_LABELS: Record<(typeof MENU_TARGET_TYPES)[number], string> = {
  url: 'A link',
  page: 'A shop page',
  category: 'A category',
  product: 'A product',
};

const PAGE_OPTIONS = Object.entries(MENU_PAGES).map(([value, page]) => ({ value, label: page.label }));

type Props = { opened: boolean; item: MenuItemReply | null; tree: MenuItemReply[]; onClose: () => void };

/** Create or edit a menu item: label, where it links, parent and whether the shop shows it. */
export function MenuItemModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.item ? 'Edit menu item' : 'New menu item'}
      centered
    >
      {props.opened && <MenuItemFormBody key={props.item?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

/** The parent picker's options: every item but this one and those below it (no cycle can be chosen). */
export function parentOptions(tree: MenuItemReply[], itemId: number | null) {
  const flat = flattenTree(tree);
  const allowed = new Set(
    allowedParents(
      flat.map((n) => ({ id: n.id, parentId: n.parent_id, order: n.order })),
      itemId,
    ),
  );
  return [
    { value: '', label: 'None (top level)' },
    ...flat
      .filter((n) => allowed.has(n.id))
      .map((n) => ({ value: String(n.id), label: `${'— '.repeat(n.level)}${n.label}` })),
  ];
}

function MenuItemFormBody({ item, tree, onClose }: Props) {
  const { save } = useMenuChanges();
  const form = useForm<MenuItemForm>({
    initialValues: {
      label: item?.label ?? '',
      target_type: item?.target_type ?? 'page',
      url: item?.target_type === 'url' ? (item.url ?? '') : '',
      page: item?.page ?? 'home',
      category_id: item?.category_id ? String(item.category_id) : null,
      product_id: item?.product_id ? String(item.product_id) : null,
      parent_id: item?.parent_id ? String(item.parent_id) : null,
      is_active: item?.is_active ?? true,
    },
    validate: {
      label: (v) => (v.trim() === '' ? M.label : v.trim().length > 100 ? M.labelLong : null),
      url: (v, values) => (values.target_type === 'url' && v.trim() === '' ? M.url : null),
      category_id: (v, values) => (values.target_type === 'category' && !v ? M.category : null),
      product_id: (v, values) => (values.target_type === 'product' && !v ? M.product : null),
    },
  });
  const categories = useCategoryTree();
  const categoryOptions = useMemo(
    () =>
      (categories.data?.data ?? []).flatMap((top) => [
        { value: String(top.id), label: top.name },
        ...top.children.map((c) => ({ value: String(c.id), label: `${top.name} › ${c.name}` })),
      ]),
    [categories.data],
  );
  const [productSearch, setProductSearch] = useState(item?.product_name ?? '');
  const [debounced] = useDebouncedValue(productSearch.trim(), 300);
  const products = useSelectorOptions('products', debounced, [], debounced.length >= 2);
  const productOptions = useMemo(() => {
    const list = (products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
    if (item?.product_id && item.product_name && !list.some((o) => o.value === String(item.product_id)))
      list.unshift({ value: String(item.product_id), label: item.product_name });
    return list;
  }, [products.data, item]);

  const submit = form.onSubmit(
    async (values) => {
      try {
        const reply = await save.mutateAsync({ id: item?.id ?? null, body: values });
        notifySuccess(reply.message);
        onClose();
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields) form.setErrors(fields);
        notifyError(errorMessage(error, M.saveFailed));
      }
    },
    () => notifyError('Please correct the errors below.'),
  );

  const type = form.values.target_type;
  return (
    <form onSubmit={submit} noValidate aria-label={item ? 'Edit menu item' : 'New menu item'}>
      <Stack>
        <TextInput label="Label" withAsterisk data-autofocus {...form.getInputProps('label')} />
        <Select
          label="Links to"
          data={MENU_TARGET_TYPES.map((value) => ({ value, label: TARGET_LABELS[value] }))}
          allowDeselect={false}
          {...form.getInputProps('target_type')}
        />
        {type === 'url' && (
          <TextInput
            label="Link"
            withAsterisk
            placeholder="/products?sale=1 or https://…"
            description="A path of the shop, or an http(s) address."
            {...form.getInputProps('url')}
          />
        )}
        {type === 'page' && (
          <Select label="Page" data={PAGE_OPTIONS} allowDeselect={false} {...form.getInputProps('page')} />
        )}
        {type === 'category' && (
          <Select
            label="Category"
            withAsterisk
            searchable
            placeholder={categories.isLoading ? 'Loading…' : 'Choose a category'}
            data={categoryOptions}
            nothingFoundMessage={categories.isError ? 'Failed to load categories' : 'No categories'}
            {...form.getInputProps('category_id')}
          />
        )}
        {type === 'product' && (
          <Select
            label="Product"
            withAsterisk
            searchable
            placeholder="Type 2 letters of the name or SKU"
            data={productOptions}
            searchValue={productSearch}
            onSearchChange={setProductSearch}
            filter={({ options }) => options}
            nothingFoundMessage={
              debounced.length < 2
                ? 'Type 2 letters to search'
                : products.isLoading
                  ? 'Searching…'
                  : 'No products found'
            }
            {...form.getInputProps('product_id')}
          />
        )}
        <Select
          label="Parent"
          data={parentOptions(tree, item?.id ?? null)}
          allowDeselect={false}
          value={form.values.parent_id ?? ''}
          onChange={(v) => form.setFieldValue('parent_id', v ? v : null)}
          error={form.errors.parent_id}
        />
        <Switch label="Shown in the shop" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {item ? 'Save item' : 'Add item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
