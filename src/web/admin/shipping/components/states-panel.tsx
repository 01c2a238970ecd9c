import { Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  SHIPPING_MESSAGES as M,
  SHIPPING_PAGE_SIZE,
  type StateReply,
  stateBody,
} from '../../../../contracts/shipping';
import { useLoadFailure } from '../../../lib/use-load-failure';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { SearchInput } from '../../../ui/search-input';
import { ActiveBadge, RowActions } from '../../catalogue/components/shared';
import { type StateForm, useCountries, useStateChanges, useStates } from '../shipping.api';
import { InlineForm, inlineSubmit } from './location-form';

/** The plain country list (simple_list=true) as select options. */
export function useCountryOptions() {
  const countries = useCountries({ simple_list: true });
  useLoadFailure(countries.isError, 'Failed to load countries. Please try again.');
  return (countries.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}

export function StatesPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [countryFilter, setCountryFilter] = useState<string | null>(null);
  const countryOptions = useCountryOptions();
  const states = useStates({ page, per_page: SHIPPING_PAGE_SIZE, search, country_id: countryFilter });
  const { save, remove } = useStateChanges();
  const [editing, setEditing] = useState<StateReply | null>(null);
  const empty = (): StateForm => ({
    name: '',
    country_id: countryFilter ? Number(countryFilter) : null,
    status: 1,
  });
  const form = useForm<StateForm>({ initialValues: empty(), validate: zodValidate(stateBody) });

  const reset = () => {
    setEditing(null);
    form.setValues({ ...empty(), country_id: form.values.country_id });
    form.setFieldValue('name', '');
    form.clearErrors();
  };
  const edit = (state: StateReply) => {
    setEditing(state);
    form.setValues({ name: state.name, country_id: state.country_id, status: state.status });
    form.clearErrors();
  };
  const submit = inlineSubmit(
    form,
    (values) => save.mutateAsync({ id: editing?.id ?? null, body: values }),
    reset,
  );

  const columns: Column<StateReply>[] = [
    {
      key: 'name',
      title: 'State',
      render: (s) => (
        <Text fw={600} size="sm">
          {s.name}
        </Text>
      ),
    },
    { key: 'country', title: 'Country', render: (s) => s.country_name },
    { key: 'cities', title: 'Cities', align: 'right', render: (s) => s.cities_count },
    { key: 'status', title: 'Status', render: (s) => <ActiveBadge active={s.status === 1} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (s) => (
        <RowActions
          name={s.name}
          onEdit={() => edit(s)}
          onDelete={() =>
            confirmAndDelete(
              {
                title: `Delete the state ${s.name}?`,
                message:
                  s.cities_count > 0
                    ? `${s.name} has ${s.cities_count} cities, so the shop will refuse until they are deleted.`
                    : `${s.name} will be deleted. This action cannot be undone.`,
                confirmLabel: 'Delete state',
              },
              () => remove.mutateAsync(s.id),
              M.deleteFailed,
            )
          }
        />
      ),
    },
  ];

  return (
    <Stack>
      <InlineForm what="state" editing={editing} form={form} onSubmit={submit} onCancel={reset}>
        <TextInput
          label="Name"
          placeholder="e.g. Port Louis"
          required
          w={220}
          {...form.getInputProps('name')}
        />
        <Select
          label="Country"
          required
          w={220}
          searchable
          data={countryOptions}
          value={form.values.country_id ? String(form.values.country_id) : null}
          onChange={(value) => form.setFieldValue('country_id', value ? Number(value) : null)}
          error={form.errors.country_id}
        />
      </InlineForm>
      <Group>
        <SearchInput
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          placeholder="Search states…"
          label="Search states"
        />
        <Select
          aria-label="Filter by country"
          placeholder="All countries"
          clearable
          searchable
          data={countryOptions}
          value={countryFilter}
          onChange={(value) => {
            setCountryFilter(value);
            setPage(1);
            if (!editing) form.setFieldValue('country_id', value ? Number(value) : null);
          }}
        />
      </Group>
      <DataTable
        label="States"
        columns={columns}
        query={states}
        state={{ page, per_page: SHIPPING_PAGE_SIZE, search, sort: 'name', direction: 'asc', filters: {} }}
        onPage={setPage}
        rowKey={(s) => s.id}
        empty={
          search || countryFilter
            ? { title: 'No states match', description: 'Try another name or country.' }
            : { title: 'No states yet', description: 'Add a country first, then its states here.' }
        }
      />
    </Stack>
  );
}
