import { Checkbox, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { keepDigits, keepPriceCharacters } from '../../../../../domain/catalogue/product-rules';
import { FormSection } from './form-section';
import { DECIMAL_INPUT, type ProductForm, WHOLE_INPUT } from './form-types';

const FLAGS = [
  ['is_cash_on_delivery', 'Cash on delivery', 'Can be paid for when it arrives.'],
  ['is_free_shipping', 'Free shipping', 'Ships at no cost to the customer.'],
  ['is_flat_rate', 'Flat rate', 'One shipping price, whatever the quantity.'],
  [
    'is_product_quantity_multiple',
    'Shipping per quantity',
    'The shipping cost is multiplied by the quantity.',
  ],
] as const;

/** Shipping (spec 2 §3): its own settings when enabled, the weight and the days it takes to ship. */
export function ShippingTab({ form }: { form: ProductForm }) {
  const { values } = form;
  const enabled = values.enable_shipping_features;
  return (
    <FormSection
      title="Shipping"
      description="Without its own settings, the shop’s shipping methods apply as they are."
    >
      <Stack gap="lg">
        <Switch
          label="Enable shipping features"
          {...form.getInputProps('enable_shipping_features', { type: 'checkbox' })}
        />
        {enabled ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {FLAGS.map(([field, label, description]) => (
                <Checkbox
                  key={field}
                  label={label}
                  description={description}
                  {...form.getInputProps(field, { type: 'checkbox' })}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
              <TextInput
                label="Weight"
                description="For shipping priced by weight."
                rightSection={
                  <Text size="xs" c="dimmed">
                    kg
                  </Text>
                }
                {...DECIMAL_INPUT}
                {...form.getInputProps('weight')}
                onChange={(event) => {
                  form.setFieldValue('weight', keepPriceCharacters(event.currentTarget.value, 3));
                  form.clearFieldError('weight');
                }}
              />
              <TextInput
                label="Shipping days"
                description="Days until it ships."
                {...WHOLE_INPUT}
                {...form.getInputProps('shipping_days')}
                onChange={(event) => {
                  form.setFieldValue('shipping_days', keepDigits(event.currentTarget.value));
                  form.clearFieldError('shipping_days');
                }}
              />
            </SimpleGrid>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Switch on to set the delivery options, weight and shipping days of this product.
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}
