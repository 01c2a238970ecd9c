import { Button, Card, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CustomerReply } from '../../../../contracts/orders';
import { errorMessage } from '../../../lib/form-errors';
import { http } from '../../../lib/http';
import { notifyError } from '../../../ui/notify';
import { CustomerModal, type SelectedCustomer } from '../../orders/form/customer-modal';
import type { BookingFormValues } from '../booking-form-state';
import { rentalsApi } from '../rentals.api';

const nameOf = (c: SelectedCustomer) =>
  (c.user_type === 'company' && c.company_name) ||
  [c.first_name, c.last_name].filter(Boolean).join(' ') ||
  c.email;

/** The booking's customer_name as the server writes it on choosing a customer. */
const contactName = (c: SelectedCustomer) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || c.company_name || c.email;

/** GET /api/customers?simple_list=true&search (spec 3 §7), from 2 characters. */
function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ['rental-customers', search],
    queryFn: ({ signal }) =>
      http.get<{ data: CustomerReply[] }>('/api/customers', { simple_list: 'true', search }, signal),
    select: (reply) => reply.data,
    enabled: search.length >= 2,
  });
}

/**
 * The booking's customer (spec 3 §2, §5): search (debounced 300 ms), select, clear, and the order
 * form's new and edit customer modals. On a saved booking the choice is sent at once
 * (POST …/customer) and reverted when that fails.
 */
export function BookingCustomerSection({
  form,
  bookingId,
  initialCustomer,
  onChanged,
}: {
  form: UseFormReturnType<BookingFormValues>;
  bookingId: number | null;
  initialCustomer: SelectedCustomer | null;
  onChanged?: () => void;
}) {
  const values = form.getValues();
  const [selected, setSelected] = useState<SelectedCustomer | null>(initialCustomer);
  const [search, setSearch] = useState('');
  // spec 3 §9: customer search is debounced 300 ms.
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useCustomerSearch(debounced);
  const [modal, setModal] = useState<'new' | 'edit' | null>(null);

  const options = useMemo(() => {
    const list: { value: string; label: string }[] = [];
    const seen = new Set<number>();
    for (const c of [...(selected ? [selected] : []), ...(found.data ?? [])]) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      list.push({ value: String(c.id), label: `${nameOf(c)} (${c.email})` });
    }
    return list;
  }, [found.data, selected]);

  const choose = async (customer: SelectedCustomer | null) => {
    const before = { selected, values: form.getValues() };
    setSelected(customer);
    if (customer)
      form.setValues({
        user_id: customer.id,
        customer_name: contactName(customer),
        customer_email: customer.email ?? '',
        customer_phone: customer.phone ?? customer.mobile ?? '',
      });
    else form.setValues({ user_id: null });
    if (bookingId === null) return;
    try {
      await rentalsApi.customer(bookingId, { user_id: customer?.id ?? null });
      // The booking now carries the customer and its contact details: nothing unsaved about them.
      const now = form.getValues();
      form.setInitialValues({
        ...form.getInitialValues(),
        user_id: now.user_id,
        customer_name: now.customer_name,
        customer_email: now.customer_email,
        customer_phone: now.customer_phone,
      });
      onChanged?.();
    } catch (error) {
      setSelected(before.selected);
      form.setValues({
        user_id: before.values.user_id,
        customer_name: before.values.customer_name,
        customer_email: before.values.customer_email,
        customer_phone: before.values.customer_phone,
      });
      notifyError(errorMessage(error, 'Failed to update booking'));
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Customer
          </Title>
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
            {selected && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                onClick={() => choose(null)}
              >
                Clear customer
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUserPlus size={14} />}
              onClick={() => setModal('new')}
            >
              Create new customer
            </Button>
          </Group>
        </Group>
        <Select
          label="Customer"
          placeholder="Search by name or e-mail"
          searchable
          clearable
          data={options}
          value={values.user_id === null ? null : String(values.user_id)}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            debounced.length < 2
              ? 'Type at least 2 characters'
              : found.isFetching
                ? 'Searching…'
                : 'No customers found'
          }
          error={form.errors.user_id}
          onChange={(value) => {
            if (value === null) return choose(null);
            const customer = [...(found.data ?? []), ...(selected ? [selected] : [])].find(
              (c) => String(c.id) === value,
            );
            if (customer) return choose(customer);
          }}
        />
        {!selected && (
          <Text size="xs" c="dimmed">
            Without a customer account the booking keeps the name and contact details below.
          </Text>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput label="Customer name" {...form.getInputProps('customer_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput label="Customer e-mail" type="email" {...form.getInputProps('customer_email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput label="Customer phone" {...form.getInputProps('customer_phone')} />
          </Grid.Col>
        </Grid>
      </Stack>
      {modal && (
        <CustomerModal
          customer={modal === 'edit' ? selected : null}
          onClose={() => setModal(null)}
          onSaved={(customer) => {
            setModal(null);
            void choose(customer);
          }}
        />
      )}
    </Card>
  );
}
