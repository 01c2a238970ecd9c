import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SHIPPING_MESSAGES as M,
  type ShippingZoneReply,
  shippingZoneBody,
} from '../../../../contracts/shipping';
import { money } from '../../../lib/format';
import { zodValidate } from '../../../lib/zod-form';
import { submitting } from '../../catalogue/components/shared';
import { useLocationData, useShippingMethods, useZoneChanges } from '../shipping.api';

type Props = { opened: boolean; zone: ShippingZoneReply | null; onClose: () => void };

/** Create or edit a zone: countries and states (multi-selects), and a rate per method. */
export function ZoneFormModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.zone ? 'Edit shipping zone' : 'New shipping zone'}
      centered
      size="lg"
    >
      {props.opened && <ZoneForm key={props.zone?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

type Values = {
  name: string;
  description: string;
  enabled: boolean;
  countries: string[];
  states: string[];
  /** method id → rate typed; empty: the method's own price. */
  rates: Record<string, string>;
};

function toBody(values: Values) {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    enabled: values.enabled,
    countries: values.countries.map(Number),
    states: values.states.map(Number),
    shipping_rates: Object.entries(values.rates)
      .filter(([, rate]) => rate.trim() !== '')
      .map(([methodId, rate]) => ({ method_id: Number(methodId), rate: rate.trim() })),
  };
}

function ZoneForm({ zone, onClose }: Props) {
  const { save } = useZoneChanges();
  const locations = useLocationData();
  const methods = useShippingMethods();
  const form = useForm<Values>({
    initialValues: {
      name: zone?.name ?? '',
      description: zone?.description ?? '',
      enabled: zone?.enabled ?? true,
      countries: zone?.countries.map((c) => String(c.id)) ?? [],
      states: zone?.states.map((s) => String(s.id)) ?? [],
      rates: Object.fromEntries(zone?.shipping_rates.map((r) => [String(r.method_id), String(r.rate)]) ?? []),
    },
    validate: (values) => zodValidate(shippingZoneBody)(toBody(values)),
  });
  const submit = submitting(
    form,
    (values) => save.mutateAsync({ id: zone?.id ?? null, body: toBody(values) }),
    onClose,
    M.saveFailed,
  );

  const countryOptions = (locations.data?.countries ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.code})`,
  }));
  const countryName = new Map((locations.data?.countries ?? []).map((c) => [c.id, c.name]));
  const stateGroups = [...new Set((locations.data?.states ?? []).map((s) => s.country_id))].map(
    (countryId) => ({
      group: countryName.get(countryId) ?? 'Other',
      items: (locations.data?.states ?? [])
        .filter((s) => s.country_id === countryId)
        .map((s) => ({ value: String(s.id), label: s.name })),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Islands"
          {...form.getInputProps('name')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        {locations.isError && <Alert color="red">Failed to load countries and states.</Alert>}
        <MultiSelect
          label="Countries"
          description="Every address in these countries"
          placeholder={locations.isLoading ? 'Loading…' : 'Choose countries'}
          data={countryOptions}
          searchable
          clearable
          {...form.getInputProps('countries')}
        />
        <MultiSelect
          label="States"
          description="A state named here wins over its country's zone"
          placeholder={locations.isLoading ? 'Loading…' : 'Choose states'}
          data={stateGroups}
          searchable
          clearable
          {...form.getInputProps('states')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Rates
          </Text>
          <Text size="xs" c="dimmed">
            Leave a rate empty to charge the method's own price in this zone.
          </Text>
          {methods.isLoading ? (
            <Loader size="sm" />
          ) : methods.isError ? (
            <Alert color="red">{M.loadMethodsFailed}</Alert>
          ) : (methods.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              No shipping methods yet: add one on the Methods tab.
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Own price</Table.Th>
                  <Table.Th w={160}>Rate in this zone</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(methods.data ?? []).map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.name}</Table.Td>
                    <Table.Td>{money(m.price)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Rate for ${m.name}`}
                        inputMode="decimal"
                        leftSection="$"
                        size="xs"
                        value={form.values.rates[String(m.id)] ?? ''}
                        onChange={(e) =>
                          form.setFieldValue('rates', {
                            ...form.values.rates,
                            [String(m.id)]: e.currentTarget.value,
                          })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {form.errors.shipping_rates && (
            <Text size="xs" c="red">
              {form.errors.shipping_rates}
            </Text>
          )}
        </Stack>
        <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {zone ? 'Save' : 'Create zone'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
