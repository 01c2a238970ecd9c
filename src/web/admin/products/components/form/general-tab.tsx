import {
  Grid,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  keepPriceCharacters,
  SHOP_VISIBILITY_ROLES,
  VISIBILITY_LABELS,
  visibilityLabel,
} from '../../../../../domain/catalogue/product-rules';
import { useUiSettings } from '../../../../lib/ui-settings';
import { withActive, withName, withSlug } from '../../product-form-values';
import { useBrandOptions, useSupplierOptions } from '../../products.api';
import { CategoryTree } from './category-tree';
import { FormSection } from './form-section';
import { DECIMAL_INPUT, type ProductForm } from './form-types';

const VISIBILITY_OPTIONS = SHOP_VISIBILITY_ROLES.map((role) => ({
  value: role,
  label: VISIBILITY_LABELS[role],
}));

/** The general tab: what the product is, where it is filed, who sees it, and how it is sold or rented. */
export function GeneralTab({ form }: { form: ProductForm }) {
  const { values } = form;
  const brands = useBrandOptions();
  const suppliers = useSupplierOptions();
  const { currency } = useUiSettings();
  const error = (path: string) => (form.errors[path] as string | undefined) ?? null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <FormSection title="Product">
            <Stack gap="md">
              <TextInput
                label="Name"
                withAsterisk
                maxLength={255}
                {...form.getInputProps('name')}
                onChange={(event) => {
                  form.setValues(withName(form.getValues(), event.currentTarget.value));
                  form.clearFieldError('name');
                }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Slug"
                  description={
                    values.slug_edited
                      ? 'The product’s address in the shop.'
                      : 'Made from the name when saved.'
                  }
                  maxLength={255}
                  {...form.getInputProps('slug')}
                  onChange={(event) => {
                    form.setValues(withSlug(event.currentTarget.value));
                    form.clearFieldError('slug');
                  }}
                />
                <TextInput
                  label="SKU"
                  description="Stock keeping unit, optional."
                  maxLength={100}
                  {...form.getInputProps('sku')}
                />
              </SimpleGrid>
              <Textarea
                label="Description"
                autosize
                minRows={5}
                maxRows={14}
                maxLength={20_000}
                {...form.getInputProps('description')}
              />
            </Stack>
          </FormSection>

          <FormSection title="Filing">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Brand"
                  placeholder={brands.isLoading ? 'Loading…' : 'No brand'}
                  data={brands.data ?? []}
                  searchable
                  clearable
                  nothingFoundMessage="No brand found"
                  {...form.getInputProps('brand_id')}
                  error={error('brand_id') ?? (brands.isError ? 'Failed to load brands' : null)}
                />
                <Select
                  label="Supplier"
                  placeholder={suppliers.isLoading ? 'Loading…' : 'No supplier'}
                  data={suppliers.data ?? []}
                  searchable
                  clearable
                  nothingFoundMessage="No supplier found"
                  {...form.getInputProps('supplier_id')}
                  error={error('supplier_id') ?? (suppliers.isError ? 'Failed to load suppliers' : null)}
                />
              </SimpleGrid>
              <CategoryTree
                value={values.category_ids}
                onChange={(ids) => {
                  form.setFieldValue('category_ids', ids);
                  form.clearFieldError('category_ids');
                }}
                error={error('category_ids')}
              />
            </Stack>
          </FormSection>
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <FormSection title="In the shop">
            <Stack gap="md">
              <Switch
                label="Active"
                description="An inactive product is hidden from the shop."
                checked={values.is_active}
                onChange={(event) => form.setValues(withActive(event.currentTarget.checked))}
              />
              <MultiSelect
                label="Shop visibility"
                description={
                  values.is_active && values.shop_visibility.length === 0
                    ? 'Nobody chosen: the product stays hidden until you choose who sees it.'
                    : 'Who sees the product in the shop.'
                }
                data={VISIBILITY_OPTIONS}
                disabled={!values.is_active}
                placeholder={values.shop_visibility.length === 0 ? 'Nobody' : undefined}
                hidePickedOptions
                {...form.getInputProps('shop_visibility')}
                value={values.is_active ? values.shop_visibility : []}
              />
              <Text size="sm" data-testid="visibility-summary">
                Shown to:{' '}
                <Text
                  span
                  fw={600}
                  c={values.is_active && values.shop_visibility.length > 0 ? undefined : 'dimmed'}
                >
                  {visibilityLabel(values.shop_visibility, values.is_active)}
                </Text>
              </Text>
              <Switch
                label="Featured"
                description="Shown among the shop’s featured products."
                {...form.getInputProps('is_featured', { type: 'checkbox' })}
              />
            </Stack>
          </FormSection>

          <FormSection title="Selling and rental">
            <Stack gap="md">
              <TextInput
                label="Unit selling label"
                description="For example piece, box or metre."
                maxLength={50}
                {...form.getInputProps('unit_selling_label')}
              />
              <Switch
                label="Rental product"
                description="Can be rented as well as sold."
                {...form.getInputProps('is_rental_product', { type: 'checkbox' })}
              />
              {values.is_rental_product && (
                <SimpleGrid cols={2}>
                  <TextInput
                    label="Rental price"
                    withAsterisk
                    leftSection={currency.symbol}
                    {...DECIMAL_INPUT}
                    {...form.getInputProps('rental_price')}
                    onChange={(event) => {
                      form.setFieldValue('rental_price', keepPriceCharacters(event.currentTarget.value));
                      form.clearFieldError('rental_price');
                    }}
                  />
                  <TextInput
                    label="Unit rental label"
                    description="For example day or week."
                    maxLength={50}
                    {...form.getInputProps('unit_rental_label')}
                  />
                </SimpleGrid>
              )}
            </Stack>
          </FormSection>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
