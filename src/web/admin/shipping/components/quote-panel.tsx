import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { SHIPPING_MESSAGES as M, type ShippingQuoteReply } from '../../../../contracts/shipping';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { money } from '../../../lib/format';
import { type QuoteForm, useCities, useQuote, useShippingMethods } from '../shipping.api';
import { useStateOptions } from './cities-panel';
import { useCountryOptions } from './states-panel';

type Values = {
  cart_total: string;
  cart_weight: string;
  country_id: string | null;
  state_id: string | null;
  city_id: string | null;
  shipping_method_id: string | null;
};

const id = (value: string | null) => (value ? Number(value) : null);

/** Asks the server what a cart would pay (POST /api/shipping-methods/calculate), to check the set-up. */
export function QuotePanel() {
  const methods = useShippingMethods();
  const quote = useQuote();
  const form = useForm<Values>({
    initialValues: {
      cart_total: '100',
      cart_weight: '1',
      country_id: null,
      state_id: null,
      city_id: null,
      shipping_method_id: null,
    },
  });
  const countryOptions = useCountryOptions();
  const stateOptions = useStateOptions(form.values.country_id);
  const cities = useCities(
    { simple_list: true, state_id: form.values.state_id },
    form.values.state_id !== null,
  );
  const cityOptions = (cities.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.cost > 0 ? `${c.name} (+${money(c.cost)})` : c.name,
  }));

  const submit = form.onSubmit(async (values) => {
    const body: QuoteForm = {
      cart_total: values.cart_total,
      cart_weight: values.cart_weight,
      country_id: id(values.country_id),
      state_id: id(values.state_id),
      city_id: id(values.city_id),
      shipping_method_id: id(values.shipping_method_id),
    };
    form.clearErrors();
    try {
      await quote.mutateAsync(body);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
    }
  });

  const failed = quote.isError && !fieldErrorsOf(quote.error);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Test a quote"
      >
        <Stack>
          <Text size="sm" c="dimmed">
            What would a cart pay? The same rule checkout uses: the zone's rate (else the method's price),
            plus the price per kg, plus the city's cost; nothing when every item ships free.
          </Text>
          <SimpleGrid cols={2}>
            <TextInput
              label="Cart total"
              leftSection="$"
              inputMode="decimal"
              {...form.getInputProps('cart_total')}
            />
            <TextInput label="Cart weight (kg)" inputMode="decimal" {...form.getInputProps('cart_weight')} />
          </SimpleGrid>
          <Select
            label="Shipping method"
            required
            data={(methods.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            {...form.getInputProps('shipping_method_id')}
          />
          <Select
            label="Country"
            clearable
            searchable
            data={countryOptions}
            {...form.getInputProps('country_id')}
            onChange={(value) => form.setValues({ country_id: value, state_id: null, city_id: null })}
          />
          <Select
            label="State"
            clearable
            searchable
            data={stateOptions}
            {...form.getInputProps('state_id')}
            onChange={(value) => form.setValues({ state_id: value, city_id: null })}
          />
          <Select
            label="City"
            clearable
            searchable
            disabled={!form.values.state_id}
            data={cityOptions}
            {...form.getInputProps('city_id')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={quote.isPending}>
              Calculate
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Stack>
        {failed && (
          <Alert color="red" title={M.calculateFailed}>
            {errorMessage(quote.error, 'Please try again.')}
          </Alert>
        )}
        {quote.data && !quote.isError && <QuoteResult quote={quote.data} />}
      </Stack>
    </SimpleGrid>
  );
}

function QuoteResult({ quote }: { quote: ShippingQuoteReply }) {
  const row = (label: string, value: string, strong = false) => (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Paper role="group" withBorder radius="md" p="md" aria-label="Quote">
      <Text fw={600} mb="xs">
        {quote.shipping_method.name}: {money(quote.shipping_cost)}
      </Text>
      <Table>
        <Table.Tbody>
          {row(quote.breakdown.zone_id ? 'Zone rate' : 'Method price', money(quote.breakdown.base))}
          {row('Weight', money(quote.breakdown.weight))}
          {row('City', money(quote.breakdown.city))}
          {row('Shipping', money(quote.shipping_cost), true)}
          {row('Cart', money(quote.subtotal))}
          {row('Total', money(quote.total), true)}
        </Table.Tbody>
      </Table>
      {quote.breakdown.free_shipping && (
        <Text size="sm" c="teal" mt="xs">
          Every item ships free.
        </Text>
      )}
    </Paper>
  );
}
