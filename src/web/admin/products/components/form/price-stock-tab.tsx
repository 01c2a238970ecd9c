import {
  Anchor,
  Grid,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { VatReply } from '../../../../../contracts/catalogue-reference';
import { keepDigits, keepPriceCharacters } from '../../../../../domain/catalogue/product-rules';
import { isoDateInZone } from '../../../../../domain/dates/date-format';
import { money } from '../../../../lib/format';
import { useUiSettings } from '../../../../lib/ui-settings';
import type { ProductFormValues } from '../../product-form-values';
import { useVatChoices } from '../../products.api';
import { FormSection } from './form-section';
import { DECIMAL_INPUT, type ProductForm, WHOLE_INPUT } from './form-types';
import { STOCK_SHEET_HINT } from './variations-tab';

// The date pickers (@mantine/dates, dayjs) load when the product's own discount is switched on.
const DatePickerInput = lazy(() =>
  import('@mantine/dates').then(({ DatePickerInput }) => ({ default: DatePickerInput })),
);

function vatLabel(vat: VatReply, symbol: string): string {
  if (vat.type === 'percentage') return `${vat.name} (${vat.rate} %)`;
  if (vat.type === 'fixed') return `${vat.name} (${money(vat.rate, symbol)} per item)`;
  return vat.name;
}

type Filtered = 'price' | 'buy_price' | 'discount' | 'stock_quantity' | 'low_stock_threshold';

/** Price, purchase price, VAT, the product's own discount and its stock (spec 2 §3, §5). */
export function PriceStockTab({ form, stockLocked }: { form: ProductForm; stockLocked: boolean }) {
  const { values } = form;
  const settings = useUiSettings();
  const vats = useVatChoices();
  // spec 2 §5: discount dates only today or later, today being the shop's.
  const today = isoDateInZone(new Date(), settings.timezone);
  const isPercent = values.discount_type === 'percent';

  const filtered = (field: Filtered, keep: (text: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue(field, keep(event.currentTarget.value) as ProductFormValues[Filtered]);
      form.clearFieldError(field);
    },
  });
  const error = (path: string) => (form.errors[path] as string | undefined) ?? null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="lg">
          <FormSection title="Price">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Price"
                  withAsterisk
                  leftSection={settings.currency.symbol}
                  description={values.is_variable_product ? 'Variations carry their own prices.' : undefined}
                  {...DECIMAL_INPUT}
                  {...filtered('price', keepPriceCharacters)}
                />
                <TextInput
                  label="Buy price"
                  description="What the shop pays; not shown to customers."
                  leftSection={settings.currency.symbol}
                  {...DECIMAL_INPUT}
                  {...filtered('buy_price', keepPriceCharacters)}
                />
              </SimpleGrid>
              <Select
                label="VAT"
                placeholder={vats.isLoading ? 'Loading…' : 'No VAT'}
                data={(vats.data ?? []).map((vat) => ({
                  value: String(vat.id),
                  label: vatLabel(vat, settings.currency.symbol),
                  disabled: !vat.is_active && String(vat.id) !== values.vat_id,
                }))}
                clearable
                {...form.getInputProps('vat_id')}
                error={error('vat_id') ?? (vats.isError ? 'Failed to load VAT rates' : null)}
              />
            </Stack>
          </FormSection>

          <FormSection title="Stock">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Stock quantity"
                disabled={values.is_variable_product || stockLocked}
                description={
                  values.is_variable_product ? (
                    'The sum of the variations’ quantities.'
                  ) : stockLocked ? (
                    <>
                      {STOCK_SHEET_HINT}{' '}
                      <Anchor component={Link} to="/admin/stock-sheet" size="xs">
                        Open the stock sheet
                      </Anchor>
                    </>
                  ) : (
                    'Units in stock at the start.'
                  )
                }
                {...WHOLE_INPUT}
                {...filtered('stock_quantity', keepDigits)}
              />
              <TextInput
                label="Low-stock threshold"
                description="Low stock at or below this quantity."
                {...WHOLE_INPUT}
                {...filtered('low_stock_threshold', keepDigits)}
              />
            </SimpleGrid>
          </FormSection>
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 6 }}>
        <FormSection
          title="Own discount"
          description="A discount of this product alone. A global discount rule takes priority over it."
        >
          <Stack gap="md">
            <Switch label="Has a discount" {...form.getInputProps('has_discount', { type: 'checkbox' })} />
            {values.has_discount ? (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      Discount type
                    </Text>
                    <SegmentedControl
                      aria-label="Discount type"
                      data={[
                        { value: 'percent', label: 'Percent' },
                        { value: 'fixed', label: 'Fixed amount' },
                      ]}
                      value={values.discount_type}
                      onChange={(value) => form.setFieldValue('discount_type', value as 'percent' | 'fixed')}
                    />
                  </Stack>
                  <TextInput
                    label="Discount"
                    withAsterisk
                    {...(isPercent
                      ? { rightSection: '%', description: 'Percent off, up to 100.' }
                      : { leftSection: settings.currency.symbol, description: 'Taken off each item.' })}
                    {...DECIMAL_INPUT}
                    {...filtered('discount', keepPriceCharacters)}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Suspense
                    fallback={<Loader size="sm" role="status" aria-label="Loading the date pickers" />}
                  >
                    <DatePickerInput
                      label="Start date"
                      description="Today or later; empty for now."
                      placeholder="From now"
                      valueFormat={settings.date_format}
                      minDate={today}
                      clearable
                      leftSection={<IconCalendar size={16} />}
                      {...form.getInputProps('discount_start_date')}
                    />
                    <DatePickerInput
                      label="End date"
                      description="Today or later; empty for no end."
                      placeholder="No end"
                      valueFormat={settings.date_format}
                      minDate={
                        values.discount_start_date && values.discount_start_date > today
                          ? values.discount_start_date
                          : today
                      }
                      clearable
                      leftSection={<IconCalendar size={16} />}
                      {...form.getInputProps('discount_end_date')}
                    />
                  </Suspense>
                </SimpleGrid>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No own discount. Discount rules may still apply.
              </Text>
            )}
          </Stack>
        </FormSection>
      </Grid.Col>
    </Grid>
  );
}
