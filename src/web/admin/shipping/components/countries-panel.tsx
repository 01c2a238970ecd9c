import { Badge, Text, TextInput } from '@mantine/core';
import { type CountryReply, countryBody, SHIPPING_PAGE_SIZE } from '../../../../contracts/shipping';
import { type CountryForm, useCountries, useCountryChanges } from '../shipping.api';
import { LocationPanel, useLocationEditor, usePagedSearch } from './location-panel';

export function CountriesPanel() {
  const list = usePagedSearch();
  const countries = useCountries({ page: list.page, per_page: SHIPPING_PAGE_SIZE, search: list.search });
  const { save, remove } = useCountryChanges();
  const editor = useLocationEditor<CountryReply, CountryForm>({
    blank: () => ({ name: '', code: '', status: 1 }),
    toValues: (c) => ({ name: c.name, code: c.code, status: c.status }),
    schema: countryBody,
    save: (id, body) => save.mutateAsync({ id, body }),
  });
  const { form } = editor;

  return (
    <LocationPanel
      what="country"
      label="Countries"
      nameTitle="Country"
      editor={editor}
      list={list}
      fields={
        <>
          <TextInput
            label="Name"
            placeholder="e.g. Mauritius"
            required
            w={240}
            {...form.getInputProps('name')}
          />
          <TextInput label="Code" placeholder="MU" required w={100} {...form.getInputProps('code')} />
        </>
      }
      columns={[
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
      ]}
      query={countries}
      remove={(id) => remove.mutateAsync(id)}
      deleteMessage={(c) =>
        c.states_count > 0
          ? `${c.name} has ${c.states_count} states, so the shop will refuse until they are deleted.`
          : `${c.name} will be deleted and leave any zone that lists it. This action cannot be undone.`
      }
      empty={
        list.search
          ? { title: 'No countries match your search' }
          : {
              title: 'No countries yet',
              description: 'Add the countries you deliver to with the form above.',
            }
      }
    />
  );
}
