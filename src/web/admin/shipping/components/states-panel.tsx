import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SHIPPING_PAGE_SIZE, type StateReply, stateBody } from '../../../../contracts/shipping';
import { useLoadFailure } from '../../../lib/use-load-failure';
import { type StateForm, useCountries, useStateChanges, useStates } from '../shipping.api';
import { LocationPanel, useLocationEditor, usePagedSearch } from './location-panel';

/** The plain country list (simple_list=true) as select options. */
export function useCountryOptions() {
  const countries = useCountries({ simple_list: true });
  useLoadFailure(countries.isError, 'Failed to load countries. Please try again.');
  return (countries.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}

/** The "All countries" filter of the states and cities lists. */
export function CountryFilter(props: {
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      aria-label="Filter by country"
      placeholder="All countries"
      clearable
      searchable
      data={props.options}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

export function StatesPanel() {
  const list = usePagedSearch();
  const [countryFilter, setCountryFilter] = useState<string | null>(null);
  const countryOptions = useCountryOptions();
  const states = useStates({
    page: list.page,
    per_page: SHIPPING_PAGE_SIZE,
    search: list.search,
    country_id: countryFilter,
  });
  const { save, remove } = useStateChanges();
  const editor = useLocationEditor<StateReply, StateForm>({
    blank: () => ({ name: '', country_id: countryFilter ? Number(countryFilter) : null, status: 1 }),
    toValues: (s) => ({ name: s.name, country_id: s.country_id, status: s.status }),
    schema: stateBody,
    // The next state goes in the same country.
    kept: (values) => ({ country_id: values.country_id }),
    save: (id, body) => save.mutateAsync({ id, body }),
  });
  const { form } = editor;

  return (
    <LocationPanel
      what="state"
      label="States"
      nameTitle="State"
      editor={editor}
      list={list}
      fields={
        <>
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
        </>
      }
      filters={
        <CountryFilter
          options={countryOptions}
          value={countryFilter}
          onChange={(value) => {
            setCountryFilter(value);
            list.setPage(1);
            if (!editor.editing) form.setFieldValue('country_id', value ? Number(value) : null);
          }}
        />
      }
      columns={[
        { key: 'country', title: 'Country', render: (s) => s.country_name },
        { key: 'cities', title: 'Cities', align: 'right', render: (s) => s.cities_count },
      ]}
      query={states}
      remove={(id) => remove.mutateAsync(id)}
      deleteMessage={(s) =>
        s.cities_count > 0
          ? `${s.name} has ${s.cities_count} cities, so the shop will refuse until they are deleted.`
          : `${s.name} will be deleted. This action cannot be undone.`
      }
      empty={
        list.search || countryFilter
          ? { title: 'No states match', description: 'Try another name or country.' }
          : { title: 'No states yet', description: 'Add a country first, then its states here.' }
      }
    />
  );
}
