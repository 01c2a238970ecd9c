import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MENU_MESSAGES as M, MENU_PAGES, type MenuItemReply } from '../../../contracts/menus';
import { dropMove, flattenTree } from '../../../domain/menus/menu-tree';
import { errorMessage } from '../../lib/form-errors';
import { confirmAction } from '../../ui/confirm';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { DragHandle, useSortableRow } from '../../ui/sortable-row';
import { MenuItemModal, parentOptions } from './menu-item-modal';
import { useMenuChanges, useMenuTree } from './menus.api';

const BADGE_LABELS: Record<MenuItemReply['target_type'], string> = {
  url: 'Link',
  page: 'Page',
  category: 'Category',
  product: 'Product',
};

/** What an item opens, in words. */
function targetText(item: MenuItemReply): string {
  if (item.target_type === 'page') return `Page: ${item.page ? MENU_PAGES[item.page].label : '—'}`;
  if (item.target_type === 'category') return `Category: ${item.category_name ?? '—'}`;
  if (item.target_type === 'product') return `Product: ${item.product_name ?? '—'}`;
  return item.url ?? '';
}

/**
 * The menu manager (spec 1 §2 "sortable list with drag handle, parent selector, active toggle"):
 * the shop's navigation as an indented list. Rows are dragged by their handle (with the mouse, or
 * Space and the arrow keys on the focused handle) and join the level of the row they are dropped
 * on; the parent picker nests an item under any item but itself and those below it.
 */
export function MenusPage() {
  const menu = useMenuTree();
  const { reorder, setStatus, remove } = useMenuChanges();
  const [flat, setFlat] = useState<MenuItemReply[]>([]);
  const [editing, setEditing] = useState<MenuItemReply | null | 'new'>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    if (menu.data) setFlat(flattenTree(menu.data));
  }, [menu.data]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const saveOrder = async (items: { id: number; order: number; parent_id: number | null }[]) => {
    try {
      notifySuccess((await reorder.mutateAsync(items)).message);
    } catch (error) {
      // The server's words: "Cannot create circular menu structure" when the move made a loop.
      notifyError(errorMessage(error, M.orderFailed));
      if (menu.data) setFlat(flattenTree(menu.data));
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const nodes = flat.map((i) => ({ id: i.id, parentId: i.parent_id, order: i.order }));
    const items = dropMove(nodes, Number(active.id), Number(over.id));
    setFlat((rows) =>
      arrayMove(
        rows,
        rows.findIndex((r) => r.id === active.id),
        rows.findIndex((r) => r.id === over.id),
      ),
    );
    void saveOrder(items);
  };

  const changeParent = (item: MenuItemReply, value: string | null) => {
    const parentId = value ? Number(value) : null;
    if (parentId === item.parent_id) return;
    const last = flat.filter((i) => i.parent_id === parentId).length;
    void saveOrder([{ id: item.id, order: last, parent_id: parentId }]);
  };

  const toggle = async (item: MenuItemReply, isActive: boolean) => {
    setBusy(item.id);
    try {
      notifySuccess((await setStatus.mutateAsync({ id: item.id, isActive })).message);
    } catch (error) {
      notifyError(errorMessage(error, M.statusFailed));
    } finally {
      setBusy(null);
    }
  };

  const del = async (item: MenuItemReply) => {
    const below = flattenTree(item.children).length;
    const confirmed = await confirmAction({
      title: `Delete ${item.label}?`,
      message:
        below > 0
          ? `${item.label} and the ${below} item${below === 1 ? '' : 's'} below it will be removed from the menu. This action cannot be undone.`
          : `${item.label} will be removed from the menu. This action cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(item.id)).message);
    } catch (error) {
      notifyError(errorMessage(error, M.deleteFailed));
    }
  };

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      New menu item
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Menu"
        description="The shop's navigation. Drag a row by its handle (or focus the handle, press Space, move with the arrow keys and press Space again) to move it; it joins the level of the row it lands on. Choose a parent to nest it."
        actions={newButton}
      />
      {menu.isError ? (
        <LoadFailed title={M.loadFailed} onRetry={() => menu.refetch()} />
      ) : menu.isLoading ? (
        <Stack gap="xs">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      ) : flat.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text fw={600}>The menu is empty</Text>
          <Text size="sm" c="dimmed" mb="md">
            Add the links shoppers see at the top of the shop: pages, categories, products.
          </Text>
          {newButton}
        </Paper>
      ) : (
        <Paper withBorder>
          <Table verticalSpacing="xs" aria-label="Menu items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <VisuallyHidden>Move</VisuallyHidden>
                </Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th w={230}>Parent</Table.Th>
                <Table.Th w={90}>Shown</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={flat.map((i) => i.id)} strategy={verticalListSortingStrategy}>
                <Table.Tbody>
                  {flat.map((item) => (
                    <MenuRow
                      key={item.id}
                      item={item}
                      parents={parentOptions(menu.data ?? [], item.id)}
                      busy={busy === item.id}
                      onParent={(value) => changeParent(item, value)}
                      onToggle={(on) => toggle(item, on)}
                      onEdit={() => setEditing(item)}
                      onDelete={() => del(item)}
                    />
                  ))}
                </Table.Tbody>
              </SortableContext>
            </DndContext>
          </Table>
        </Paper>
      )}
      <MenuItemModal
        opened={editing !== null}
        item={editing === 'new' ? null : editing}
        tree={menu.data ?? []}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function MenuRow(props: {
  item: MenuItemReply;
  parents: { value: string; label: string }[];
  busy: boolean;
  onParent: (value: string | null) => void;
  onToggle: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { item } = props;
  const { rowRef, style, handle } = useSortableRow(item.id);
  const broken =
    item.menu_url === null && (item.target_type === 'category' || item.target_type === 'product');
  return (
    <Table.Tr
      ref={rowRef}
      data-testid={`menu-row-${item.id}`}
      data-level={item.level}
      data-label={item.label}
      style={style}
    >
      <Table.Td>
        <DragHandle label={`Drag to move ${item.label}`} handle={handle} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0} pl={item.level * 28}>
          <Group gap={6} wrap="nowrap">
            {item.level > 0 && (
              <Text c="dimmed" aria-hidden>
                ↳
              </Text>
            )}
            <Text size="sm" fw={600} c={item.is_active ? undefined : 'dimmed'}>
              {item.label}
            </Text>
            <Badge size="xs" variant="light" color="gray" tt="none">
              {BADGE_LABELS[item.target_type]}
            </Badge>
            {broken && (
              <Badge size="xs" color="orange" variant="light" tt="none">
                Not shown: target missing or inactive
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1} pl={item.level > 0 ? 22 : 0}>
            {targetText(item)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Parent of ${item.label}`}
          data={props.parents}
          value={item.parent_id === null ? '' : String(item.parent_id)}
          onChange={(value) => props.onParent(value)}
          allowDeselect={false}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Show ${item.label} in the shop`}
          checked={item.is_active}
          disabled={props.busy}
          onChange={(event) => props.onToggle(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${item.label}`}
              onClick={props.onEdit}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${item.label}`}
              onClick={props.onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export default MenusPage;
