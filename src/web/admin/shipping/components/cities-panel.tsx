import { Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type CityReply, cityBody, SHIPPING_PAGE_SIZE } from '../../../../contracts/shipping';
import { money } from '../../../lib/format';
import { type CityForm, useCities, useCityChanges, useStates } from '../shipping.api';
import { LocationPanel, useLocationEditor, usePagedSearch } from './location-panel';
import { CountryFilter, useCountryOptions } from './states-panel';

/** The plain state list of a country (simple_list=true) as select options. */
export function useStateOptions(countryId: string | null) {
  const states = useStates({ simple_list: true, country_id: countryId }, true);
  return (states.data?.data ?? []).map((s) => ({
    value: String(s.id),
    label: countryId ? s.name : `${s.name} (${s.country_name})`,
  }));
}

export function CitiesPanel() {
  const list = usePagedSearch();
  const [countryFilter, setCountryFilter] = useState<string | null>(null);
  const [stateFilter, setStateFilter] = useState<string | null>(null);
  const countryOptions = useCountryOptions();
  const stateOptions = useStateOptions(countryFilter);
  const allStateOptions = useStateOptions(null);
  const cities = useCities({
    page: list.page,
    per_page: SHIPPING_PAGE_SIZE,
    search: list.search,
    state_id: stateFilter,
    country_id: countryFilter,
  });
  const { save, remove } = useCityChanges();
  const editor = useLocationEditor<CityReply, CityForm>({
    blank: () => ({ name: '', state_id: stateFilter ? Number(stateFilter) : null, cost: '0', status: 1 }),
    toValues: (c) => ({ name: c.name, state_id: c.state_id, cost: String(c.cost), status: c.status }),
    schema: cityBody,
    // The next city goes in the same state.
    kept: (values) => ({ state_id: values.state_id }),
    save: (id, body) => save.mutateAsync({ id, body }),
  });
  const { form } = editor;

  return (
    <LocationPanel
      what="city"
      label="Cities"
      nameTitle="City"
      editor={editor}
      list={list}
      fields={
        <>
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
        </>
      }
      filters={
        <>
          <CountryFilter
            options={countryOptions}
            value={countryFilter}
            onChange={(value) => {
              setCountryFilter(value);
              setStateFilter(null);
              list.setPage(1);
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
              list.setPage(1);
              if (!editor.editing) form.setFieldValue('state_id', value ? Number(value) : null);
            }}
          />
        </>
      }
      columns={[
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
      ]}
      query={cities}
      remove={(id) => remove.mutateAsync(id)}
      deleteMessage={(c) => `${c.name} will be deleted. This action cannot be undone.`}
      empty={
        list.search || stateFilter || countryFilter
          ? { title: 'No cities match', description: 'Try another name or state.' }
          : { title: 'No cities yet', description: 'Add a state first, then its cities here.' }
      }
    />
  );
}
