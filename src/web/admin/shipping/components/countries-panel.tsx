import { Badge, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type CountryReply,
  countryBody,
  SHIPPING_MESSAGES as M,
  SHIPPING_PAGE_SIZE,
} from '../../../../contracts/shipping';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { SearchInput } from '../../../ui/search-input';
import { ActiveBadge, RowActions } from '../../catalogue/components/shared';
import { type CountryForm, useCountries, useCountryChanges } from '../shipping.api';
import { InlineForm, inlineSubmit } from './location-form';

const EMPTY: CountryForm = { name: '', code: '', status: 1 };

export function CountriesPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const countries = useCountries({ page, per_page: SHIPPING_PAGE_SIZE, search });
  const { save, remove } = useCountryChanges();
  const [editing, setEditing] = useState<CountryReply | null>(null);
  const form = useForm<CountryForm>({ initialValues: EMPTY, validate: zodValidate(countryBody) });

  const reset = () => {
    setEditing(null);
    form.setValues(EMPTY);
    form.clearErrors();
  };
  const edit = (country: CountryReply) => {
    setEditing(country);
    form.setValues({ name: country.name, code: country.code, status: country.status });
    form.clearErrors();
  };
  const submit = inlineSubmit(
    form,
    (values) => save.mutateAsync({ id: editing?.id ?? null, body: values }),
    reset,
  );

  const columns: Column<CountryReply>[] = [
    {
      key: 'name',
      title: 'Country',
      render: (c) => (
        <Text fw={600} size="sm">
          {c.name}
        </Text>
      ),
    },
    {
      key: 'code',
      title: 'Code',
      render: (c) => (
        <Text ff="monospace" size="sm">
          {c.code}
        </Text>
      ),
    },
    { key: 'states', title: 'States', align: 'right', render: (c) => c.states_count },
    {
      key: 'zone',
      title: 'Zone',
      render: (c) =>
        c.zone_id ? (
          <Badge variant="light">In a zone</Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
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
                title: `Delete the country ${c.name}?`,
                message:
                  c.states_count > 0
                    ? `${c.name} has ${c.states_count} states, so the shop will refuse until they are deleted.`
                    : `${c.name} will be deleted and leave any zone that lists it. This action cannot be undone.`,
                confirmLabel: 'Delete country',
              },
              async () => {
                const reply = await remove.mutateAsync(c.id);
                if (editing?.id === c.id) reset();
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
      <InlineForm what="country" editing={editing} form={form} onSubmit={submit} onCancel={reset}>
        <TextInput
          label="Name"
          placeholder="e.g. Mauritius"
          required
          w={240}
          {...form.getInputProps('name')}
        />
        <TextInput label="Code" placeholder="MU" required w={100} {...form.getInputProps('code')} />
      </InlineForm>
      <SearchInput
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        placeholder="Search countries…"
        label="Search countries"
      />
      <DataTable
        label="Countries"
        columns={columns}
        query={countries}
        state={{ page, per_page: SHIPPING_PAGE_SIZE, search, sort: 'name', direction: 'asc', filters: {} }}
        onPage={setPage}
        rowKey={(c) => c.id}
        empty={
          search
            ? { title: 'No countries match your search' }
            : {
                title: 'No countries yet',
                description: 'Add the countries you deliver to with the form above.',
              }
        }
      />
    </Stack>
  );
}
