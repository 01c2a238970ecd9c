import { Button, Card, Grid, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/form-errors';
import { notifyError } from '../../../ui/notify';
import { CustomerModal, type SelectedCustomer } from './customer-modal';

export type { SelectedCustomer };

import type { OrderFormValues } from './order-form-state';
import { customersApi, useCustomerSearch } from './orders.api';

export const GUEST = 'guest';
const GUEST_LABEL = 'Guest customer';

const nameOf = (c: SelectedCustomer) =>
  (c.user_type === 'company' && c.company_name) ||
  [c.first_name, c.last_name].filter(Boolean).join(' ') ||
  c.email;

/** The order's customer: a registered customer, or the guest placeholder by default (spec 1 §4). */
export function CustomerSection({
  form,
  sellers,
  initialCustomer,
}: {
  form: UseFormReturnType<OrderFormValues>;
  sellers: readonly { id: number; name: string }[] | undefined;
  initialCustomer: SelectedCustomer | null;
}) {
  const values = form.getValues();
  const [selected, setSelected] = useState<SelectedCustomer | null>(initialCustomer);
  const [search, setSearch] = useState('');
  // spec 1 §9: customer search is debounced 300 ms.
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useCustomerSearch(debounced);
  const [modal, setModal] = useState<'new' | 'edit' | null>(null);

  const options = useMemo(() => {
    const list = [{ value: GUEST, label: GUEST_LABEL }];
    const seen = new Set<number>();
    for (const c of [...(selected ? [selected] : []), ...(found.data ?? [])]) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      list.push({ value: String(c.id), label: `${nameOf(c)} (${c.email})` });
    }
    return list;
  }, [found.data, selected]);

  const choose = (customer: SelectedCustomer | null) => {
    setSelected(customer);
    if (!customer) {
      form.setFieldValue('user_id', null);
      return;
    }
    form.setValues({
      user_id: customer.id,
      customer_first_name: customer.first_name ?? '',
      customer_last_name: customer.last_name ?? '',
      customer_email: customer.email ?? '',
      customer_phone: customer.phone ?? '',
    });
    // spec 1 §6: selecting a customer makes the server ensure the customer role.
    customersApi
      .ensureRole(customer.id)
      .catch((error) => notifyError(errorMessage(error, 'Failed to update customer')));
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Customer</Title>
          <Group gap="xs">
            {selected && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={() => setModal('edit')}
              >
                Edit customer
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUserPlus size={14} />}
              onClick={() => setModal('new')}
            >
              New customer
            </Button>
          </Group>
        </Group>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Select
              label="Customer"
              searchable
              allowDeselect={false}
              data={options}
              value={values.user_id === null ? GUEST : String(values.user_id)}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={found.isFetching ? 'Searching…' : 'No customers found'}
              error={form.errors.user_id}
              onChange={(value) => {
                if (value === GUEST || value === null) return choose(null);
                const customer = [...(found.data ?? []), ...(selected ? [selected] : [])].find(
                  (c) => String(c.id) === value,
                );
                if (customer) choose(customer);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Seller"
              placeholder="No seller"
              clearable
              data={(sellers ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              {...form.getInputProps('seller_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="First name" {...form.getInputProps('customer_first_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="Last name" {...form.getInputProps('customer_last_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="E-mail" type="email" {...form.getInputProps('customer_email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="Phone" {...form.getInputProps('customer_phone')} />
          </Grid.Col>
        </Grid>
      </Stack>
      {modal && (
        <CustomerModal
          customer={modal === 'edit' ? selected : null}
          onClose={() => setModal(null)}
          onSaved={(customer) => {
            setModal(null);
            choose(customer);
          }}
        />
      )}
    </Card>
  );
}
