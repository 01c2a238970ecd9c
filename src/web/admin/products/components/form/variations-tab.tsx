import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  ColorSwatch,
  Group,
  Input,
  MultiSelect,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconPhoto, IconPlus, IconTrash, IconWand, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { AttributeReply, ColorReply } from '../../../../../contracts/catalogue-reference';
import { keepDigits, keepPriceCharacters } from '../../../../../domain/catalogue/product-rules';
import { useUiSettings } from '../../../../lib/ui-settings';
import { confirmAction } from '../../../../ui/confirm';
import { useAttributes } from '../../../catalogue/reference.api';
import { FileThumb } from '../../../files/components/file-thumb';
import { FileManagerModal } from '../../../files/file-manager-modal';
import {
  type AttributeChoice,
  blankVariation,
  type ColourChoice,
  generateVariations,
  type ProductFormValues,
} from '../../product-form-values';
import { useColorChoices } from '../../products.api';
import { FormSection } from './form-section';
import { DECIMAL_INPUT, type ProductForm, WHOLE_INPUT } from './form-types';

let rowCount = 0;
/** A key for a new row, unique in this page. */
export const newRowKey = () => `r${Date.now().toString(36)}${++rowCount}`;
/** 0–999 for a generated SKU (spec 2 §5). */
export const skuRandom = () => Math.floor(Math.random() * 1000);

/** The chosen attributes with their chosen values, in the order they were chosen. */
export function chosenAttributes(
  values: ProductFormValues,
  all: readonly AttributeReply[],
): AttributeChoice[] {
  return values.attribute_ids
    .map((id) => all.find((a) => String(a.id) === id))
    .filter((a): a is AttributeReply => a !== undefined)
    .map((a) => ({
      id: a.id,
      name: a.name,
      values: a.values
        .filter((v) => values.attribute_value_ids.includes(String(v.id)))
        .map((v) => ({ id: v.id, value: v.value })),
    }))
    .filter((a) => a.values.length > 0);
}

function chosenColours(values: ProductFormValues, all: readonly ColorReply[]): ColourChoice[] {
  return values.variation_color_ids
    .map((id) => all.find((c) => String(c.id) === id))
    .filter((c): c is ColorReply => c !== undefined)
    .map((c) => ({ id: c.id, name: c.name }));
}

function ColourOption({ colour }: { colour: ColorReply | undefined }) {
  if (!colour) return null;
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={colour.code} size={14} />
      <Text size="sm">{colour.name}</Text>
    </Group>
  );
}

/**
 * Variations (spec 2 §3, §4): the variable switch, the attributes, values and colours to combine,
 * "Generate variations" (all combinations), and each variation's name, SKU, price, quantity,
 * image and colours.
 */
/** Why a saved item's stock cannot be typed in the product form. */
export const STOCK_SHEET_HINT = 'Change the stock of a saved item on the stock sheet.';

export function VariationsTab({ form }: { form: ProductForm }) {
  const { values } = form;
  const attributes = useAttributes();
  const colours = useColorChoices();
  const { currency } = useUiSettings();
  const [imageRow, setImageRow] = useState<number | null>(null);
  const allAttributes = attributes.data?.data ?? [];
  const allColours = colours.data ?? [];
  const colourData = allColours.map((c) => ({ value: String(c.id), label: c.name }));
  const colourOf = (id: string) => allColours.find((c) => String(c.id) === id);
  const listError = form.errors.variations as string | undefined;

  const chosen = chosenAttributes(values, allAttributes);
  const canGenerate = chosen.length > 0 || values.variation_color_ids.length > 0;

  const generate = async () => {
    const next = generateVariations({
      name: values.name,
      price: values.price,
      attributes: chosen,
      colours: chosenColours(values, allColours),
      existing: values.variations,
      random: skuRandom,
      newKey: newRowKey,
    });
    const dropped = values.variations.filter((row) => !next.includes(row));
    if (
      dropped.length > 0 &&
      !(await confirmAction({
        title: 'Replace the variations?',
        message: `${dropped.length} ${dropped.length === 1 ? 'variation is' : 'variations are'} not among the new combinations and will be removed when you save.`,
        confirmLabel: 'Generate',
        danger: true,
      }))
    )
      return;
    form.setFieldValue('variations', next);
    form.clearFieldError('variations');
  };

  const rowInput = (index: number, field: 'price' | 'qty', keep: (text: string) => string) => ({
    ...form.getInputProps(`variations.${index}.${field}`),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue(`variations.${index}.${field}`, keep(event.currentTarget.value));
      form.clearFieldError(`variations.${index}.${field}`);
    },
  });

  const totalStock = values.variations.reduce((sum, row) => sum + (Number(row.qty) || 0), 0);

  return (
    <Stack gap="lg">
      <FormSection
        title="Variations"
        description="Sizes, materials, colours: each variation has its own price and stock."
      >
        <Switch
          label="This product has variations"
          description="A variable product is sold as one of its variations."
          {...form.getInputProps('is_variable_product', { type: 'checkbox' })}
        />
      </FormSection>

      {values.is_variable_product && (
        <>
          <FormSection
            title="Build variations"
            description="Choose attributes, their values and colours; every combination becomes a variation."
          >
            <Stack gap="md">
              {attributes.isError && (
                <Alert color="red" role="alert">
                  Failed to load attributes
                </Alert>
              )}
              <MultiSelect
                label="Attributes"
                placeholder={values.attribute_ids.length === 0 ? 'Choose attributes' : undefined}
                data={allAttributes.map((a) => ({ value: String(a.id), label: a.name }))}
                nothingFoundMessage="No attributes. Add them in Catalogue settings."
                hidePickedOptions
                clearable
                value={values.attribute_ids}
                onChange={(ids) => form.setFieldValue('attribute_ids', ids)}
              />
              {values.attribute_ids.map((id) => {
                const attribute = allAttributes.find((a) => String(a.id) === id);
                if (!attribute) return null;
                const own = attribute.values.map((v) => String(v.id));
                return (
                  <Input.Wrapper key={id} label={`${attribute.name} values`}>
                    {attribute.values.length === 0 ? (
                      <Text size="sm" c="dimmed" mt={4}>
                        {attribute.name} has no values yet.
                      </Text>
                    ) : (
                      <Chip.Group
                        multiple
                        value={values.attribute_value_ids.filter((v) => own.includes(v))}
                        onChange={(picked) =>
                          form.setFieldValue('attribute_value_ids', [
                            ...values.attribute_value_ids.filter((v) => !own.includes(v)),
                            ...picked,
                          ])
                        }
                      >
                        <Group gap="xs" mt={6} role="group" aria-label={`${attribute.name} values`}>
                          {attribute.values.map((value) => (
                            <Chip key={value.id} value={String(value.id)} size="sm">
                              <Group gap={6} wrap="nowrap">
                                {value.color_code && <ColorSwatch color={value.color_code} size={12} />}
                                {value.value}
                              </Group>
                            </Chip>
                          ))}
                        </Group>
                      </Chip.Group>
                    )}
                  </Input.Wrapper>
                );
              })}
              <MultiSelect
                label="Colours"
                description="Optional: each colour is combined with the values above."
                placeholder={values.variation_color_ids.length === 0 ? 'No colours' : undefined}
                data={colourData}
                renderOption={({ option }) => <ColourOption colour={colourOf(option.value)} />}
                hidePickedOptions
                clearable
                value={values.variation_color_ids}
                onChange={(ids) => form.setFieldValue('variation_color_ids', ids)}
                error={colours.isError ? 'Failed to load colours' : null}
              />
              <Group>
                <Button leftSection={<IconWand size={16} />} onClick={generate} disabled={!canGenerate}>
                  Generate variations
                </Button>
                {canGenerate && (
                  <Text size="sm" c="dimmed">
                    {[...chosen.map((a) => a.values.length), values.variation_color_ids.length]
                      .filter((n) => n > 0)
                      .reduce((a, b) => a * b, 1)}{' '}
                    combinations
                  </Text>
                )}
              </Group>
            </Stack>
          </FormSection>

          <FormSection
            title={`Variations (${values.variations.length})`}
            description={values.variations.length > 0 ? `Total stock ${totalStock}` : undefined}
            actions={
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('variations', blankVariation(newRowKey(), values.price))}
              >
                Add variation
              </Button>
            }
          >
            {listError && (
              <Alert color="red" mb="md" role="alert">
                {listError}
              </Alert>
            )}
            {values.variations.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                No variations yet. Choose attributes and values above, then generate them.
              </Text>
            ) : (
              <ScrollArea type="auto">
                <Table verticalSpacing="xs" miw={900} aria-label="Variations" striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={64}>Image</Table.Th>
                      <Table.Th>Variation</Table.Th>
                      <Table.Th w={170}>SKU</Table.Th>
                      <Table.Th w={130}>Price</Table.Th>
                      <Table.Th w={100}>Qty</Table.Th>
                      <Table.Th w={200}>Colours</Table.Th>
                      <Table.Th w={48}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {values.variations.map((row, index) => {
                      const name = row.variant || `Variation ${index + 1}`;
                      return (
                        <Table.Tr key={row.key} data-testid="variation-row">
                          <Table.Td>
                            <Tooltip label={row.image ? 'Change image' : 'Choose image'}>
                              <UnstyledButton
                                aria-label={`Image of ${name}`}
                                onClick={() => setImageRow(index)}
                              >
                                {row.image ? (
                                  <FileThumb file={row.image} size={44} />
                                ) : (
                                  <Stack
                                    w={44}
                                    h={44}
                                    align="center"
                                    justify="center"
                                    bg="gray.0"
                                    style={{
                                      borderRadius: 'var(--mantine-radius-sm)',
                                      border: '1px dashed var(--mantine-color-gray-4)',
                                    }}
                                  >
                                    <IconPhoto size={18} color="var(--mantine-color-gray-5)" aria-hidden />
                                  </Stack>
                                )}
                              </UnstyledButton>
                            </Tooltip>
                            {row.image && (
                              <Tooltip label="Remove image">
                                <ActionIcon
                                  size="xs"
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Remove image of ${name}`}
                                  onClick={() => form.setFieldValue(`variations.${index}.image`, null)}
                                >
                                  <IconX size={12} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label={`Name of variation ${index + 1}`}
                              maxLength={200}
                              {...form.getInputProps(`variations.${index}.variant`)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label={`SKU of ${name}`}
                              placeholder="Generated"
                              maxLength={100}
                              {...form.getInputProps(`variations.${index}.sku`)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label={`Price of ${name}`}
                              leftSection={currency.symbol}
                              {...DECIMAL_INPUT}
                              {...rowInput(index, 'price', keepPriceCharacters)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label={`Quantity of ${name}`}
                              {...WHOLE_INPUT}
                              {...rowInput(index, 'qty', keepDigits)}
                              // A saved variation's stock changes on the stock sheet (decision 0022).
                              disabled={row.id !== null}
                              title={row.id !== null ? STOCK_SHEET_HINT : undefined}
                            />
                          </Table.Td>
                          <Table.Td>
                            <MultiSelect
                              aria-label={`Colours of ${name}`}
                              data={colourData}
                              renderOption={({ option }) => <ColourOption colour={colourOf(option.value)} />}
                              hidePickedOptions
                              placeholder={row.color_ids.length === 0 ? 'None' : undefined}
                              {...form.getInputProps(`variations.${index}.color_ids`)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Tooltip label="Remove variation">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Remove ${name}`}
                                onClick={() => form.removeListItem('variations', index)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </FormSection>
        </>
      )}

      <FileManagerModal
        opened={imageRow !== null}
        onClose={() => setImageRow(null)}
        onSelect={(files) => {
          if (imageRow !== null) form.setFieldValue(`variations.${imageRow}.image`, files[0] ?? null);
        }}
        accept="image"
        context="products"
        title="Variation image: choose from the file library"
      />
    </Stack>
  );
}
