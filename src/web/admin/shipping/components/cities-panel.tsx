import { Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type CityReply,
  cityBody,
  SHIPPING_MESSAGES as M,
  SHIPPING_PAGE_SIZE,
} from '../../../../contracts/shipping';
import { money } from '../../../lib/format';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { SearchInput } from '../../../ui/search-input';
import { ActiveBadge, RowActions } from '../../catalogue/components/shared';
import { type CityForm, useCities, useCityChanges, useStates } from '../shipping.api';
import { InlineForm, inlineSubmit } from './location-form';
import { useCountryOptions } from './states-panel';

/** The plain state list of a country (simple_list=true) as select options. */
export function useStateOptions(countryId: string | null) {
  const states = useStates({ simple_list: true, country_id: countryId }, true);
  return (states.data?.data ?? []).map((s) => ({
    value: String(s.id),
    label: countryId ? s.name : `${s.name} (${s.country_name})`,
  }));
}

export function CitiesPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [countryFilter, setCountryFilter] = useState<string | null>(null);
  const [stateFilter, setStateFilter] = useState<string | null>(null);
  const countryOptions = useCountryOptions();
  const stateOptions = useStateOptions(countryFilter);
  const allStateOptions = useStateOptions(null);
  const cities = useCities({
    page,
    per_page: SHIPPING_PAGE_SIZE,
    search,
    state_id: stateFilter,
    country_id: countryFilter,
  });
  const { save, remove } = useCityChanges();
  const [editing, setEditing] = useState<CityReply | null>(null);
  const blank = (): CityForm => ({
    name: '',
    state_id: stateFilter ? Number(stateFilter) : null,
    cost: '0',
    status: 1,
  });
  const form = useForm<CityForm>({ initialValues: blank(), validate: zodValidate(cityBody) });

  const reset = () => {
    setEditing(null);
    form.setValues({ ...blank(), state_id: form.values.state_id });
    form.clearErrors();
  };
  const edit = (city: CityReply) => {
    setEditing(city);
    form.setValues({
      name: city.name,
      state_id: city.state_id,
      cost: String(city.cost),
      status: city.status,
    });
    form.clearErrors();
  };
  const submit = inlineSubmit(
    form,
    (values) => save.mutateAsync({ id: editing?.id ?? null, body: values }),
    reset,
  );

  const columns: Column<CityReply>[] = [
    {
      key: 'name',
      title: 'City',
      render: (c) => (
        <Text fw={600} size="sm">
          {c.name}
        </Text>
      ),
    },
    { key: 'state', title: 'State', render: (c) => c.state_name },
    {
      key: 'cost',
      title: 'Delivery cost',
      align: 'right',
      render: (c) =>
        c.cost > 0 ? (
          money(c.cost)
        ) : (
          <Text size="sm" c="dimmed">
            {money(0)}
          </Text>
        ),
    },
    { key: 'status', title: 'Status', render: (c) => <ActiveBadge active={c.status === 1} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (c) => (
        <RowActions
          name={c.name}
          onEdit={() => edit(c)}
          onDelete={() =>
            confirmAndDelete(
              {
                title: `Delete the city ${c.name}?`,
                message: `${c.name} will be deleted. This action cannot be undone.`,
                confirmLabel: 'Delete city',
              },
              () => remove.mutateAsync(c.id),
              M.deleteFailed,
            )
          }
        />
      ),
    },
  ];

  return (
    <Stack>
      <InlineForm what="city" editing={editing} form={form} onSubmit={submit} onCancel={reset}>
        <TextInput
          label="Name"
          placeholder="e.g. Grand Baie"
          required
          w={200}
          {...form.getInputProps('name')}
        />
        <Select
          label="State"
          required
          w={240}
          searchable
          data={stateFilter || countryFilter ? stateOptions : allStateOptions}
          value={form.values.state_id ? String(form.values.state_id) : null}
          onChange={(value) => form.setFieldValue('state_id', value ? Number(value) : null)}
          error={form.errors.state_id}
        />
        <TextInput
          label="Cost"
          description="Added to every delivery here"
          leftSection="$"
          inputMode="decimal"
          w={140}
          {...form.getInputProps('cost')}
        />
      </InlineForm>
      <Group>
        <SearchInput
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          placeholder="Search cities…"
          label="Search cities"
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
            setStateFilter(null);
            setPage(1);
          }}
        />
        <Select
          aria-label="Filter by state"
          placeholder="All states"
          clearable
          searchable
          data={stateOptions}
          value={stateFilter}
          onChange={(value) => {
            setStateFilter(value);
            setPage(1);
            if (!editing) form.setFieldValue('state_id', value ? Number(value) : null);
          }}
        />
      </Group>
      <DataTable
        label="Cities"
        columns={columns}
        query={cities}
        state={{ page, per_page: SHIPPING_PAGE_SIZE, search, sort: 'name', direction: 'asc', filters: {} }}
        onPage={setPage}
        rowKey={(c) => c.id}
        empty={
          search || stateFilter || countryFilter
            ? { title: 'No cities match', description: 'Try another name or state.' }
            : { title: 'No cities yet', description: 'Add a state first, then its cities here.' }
        }
      />
    </Stack>
  );
}
