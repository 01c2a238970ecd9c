import { Button, Group, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import type { $ZodType } from 'zod/v4/core';
import { SHIPPING_MESSAGES as M, SHIPPING_PAGE_SIZE } from '../../../../contracts/shipping';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable, type ListQuery } from '../../../ui/list/data-table';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SearchInput } from '../../../ui/search-input';
import { ActiveBadge, RowActions } from '../../catalogue/components/shared';

/**
 * The countries, states and cities panels of the locations tab are one shape: an inline form that
 * adds a record or edits the one chosen in the list, a search with the panel's own filters, and a
 * list whose rows have the name, the panel's own columns, the status and edit/delete actions.
 */

type LocationRow = { id: number; name: string; status: number };
type LocationValues = { status: 0 | 1 };
type Saved = { message: string };

/** A panel's page and search; a new search starts at page 1. */
export function usePagedSearch() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  return {
    page,
    setPage,
    search,
    setSearch: (text: string) => {
      setSearch(text);
      setPage(1);
    },
  };
}

/**
 * The inline form's state: adding (`blank()`), or editing the row chosen in the list. After a
 * save or a cancel it goes back to adding, keeping what `kept` names (the country or state
 * chosen, so several states of one country are added in a row).
 */
export function useLocationEditor<Row extends LocationRow, Values extends LocationValues>(options: {
  blank: () => Values;
  toValues: (row: Row) => Values;
  schema: $ZodType;
  kept?: (values: Values) => Partial<Values>;
  save: (id: number | null, values: Values) => Promise<Saved>;
}) {
  const [editing, setEditing] = useState<Row | null>(null);
  const form = useForm<Values>({ initialValues: options.blank(), validate: zodValidate(options.schema) });
  const reset = () => {
    setEditing(null);
    form.setValues({ ...options.blank(), ...options.kept?.(form.values) });
    form.clearErrors();
  };
  const edit = (row: Row) => {
    setEditing(row);
    form.setValues(options.toValues(row));
    form.clearErrors();
  };
  // Toast and back to adding on success, 422 beside the fields, else "Failed to save".
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess((await options.save(editing?.id ?? null, values)).message);
      reset();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields as never);
      else notifyError(errorMessage(error, M.saveFailed));
    }
  });
  return { form, editing, edit, reset, submit };
}

type Editor<Row extends LocationRow, Values extends LocationValues> = ReturnType<
  typeof useLocationEditor<Row, Values>
>;

export function LocationPanel<Row extends LocationRow, Values extends LocationValues>(props: {
  /** "state": the form's words ("Add a state", "Edit state X") and the delete dialog's. */
  what: string;
  /** The list's name and the name column's title: "States", "State". */
  label: string;
  nameTitle: string;
  editor: Editor<Row, Values>;
  /** The form's fields besides the Active switch. */
  fields: ReactNode;
  list: ReturnType<typeof usePagedSearch>;
  /** The filters beside the search. */
  filters?: ReactNode;
  /** The panel's own columns, between the name and the status. */
  columns: Column<Row>[];
  query: ListQuery<Row>;
  remove: (id: number) => Promise<Saved>;
  deleteMessage: (row: Row) => string;
  empty: { title: string; description?: string };
}) {
  const { what, editor, list } = props;
  const { form, editing } = editor;
  const columns: Column<Row>[] = [
    {
      key: 'name',
      title: props.nameTitle,
      render: (row) => (
        <Text fw={600} size="sm">
          {row.name}
        </Text>
      ),
    },
    ...props.columns,
    { key: 'status', title: 'Status', render: (row) => <ActiveBadge active={row.status === 1} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (row) => (
        <RowActions
          name={row.name}
          onEdit={() => editor.edit(row)}
          onDelete={() =>
            confirmAndDelete(
              {
                title: `Delete the ${what} ${row.name}?`,
                message: props.deleteMessage(row),
                confirmLabel: `Delete ${what}`,
              },
              async () => {
                const reply = await props.remove(row.id);
                // The row being edited is gone: the form goes back to adding.
                if (editing?.id === row.id) editor.reset();
                return reply;
              },
              M.deleteFailed,
            )
          }
        />
      ),
    },
  ];

  return (
    <Stack>
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={editor.submit}
        noValidate
        aria-label={`${what} form`}
      >
        <Text size="sm" fw={600} mb="xs">
          {editing ? `Edit ${what} ${editing.name}` : `Add a ${what}`}
        </Text>
        <Group align="flex-start" gap="sm">
          {props.fields}
          <Switch
            mt={8}
            label="Active"
            checked={form.values.status === 1}
            onChange={(e) => form.setFieldValue('status', (e.currentTarget.checked ? 1 : 0) as never)}
          />
          <Group gap="xs">
            <Button type="submit" loading={form.submitting}>
              {editing ? 'Save' : `Add ${what}`}
            </Button>
            {editing && (
              <Button variant="default" onClick={editor.reset}>
                Cancel
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      <Group>
        <SearchInput
          value={list.search}
          onSearch={list.setSearch}
          placeholder={`Search ${props.label.toLowerCase()}…`}
          label={`Search ${props.label.toLowerCase()}`}
        />
        {props.filters}
      </Group>
      <DataTable
        label={props.label}
        columns={columns}
        query={props.query}
        state={{
          page: list.page,
          per_page: SHIPPING_PAGE_SIZE,
          search: list.search,
          sort: 'name',
          direction: 'asc',
          filters: {},
        }}
        onPage={list.setPage}
        rowKey={(row) => row.id}
        empty={props.empty}
      />
    </Stack>
  );
}
