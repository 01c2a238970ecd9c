import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useEffect, useState } from 'react';
import type { StoreLocationReply, UpdateStockReply } from '../../../../contracts/stock';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import {
  type StockItemPreset,
  type StockSearchProduct,
  useStockProductOf,
  useStoreLocations,
  useUpdateStock,
} from '../stock.api';
import { STOCK_UI_MESSAGES } from '../stock-messages';
import {
  currentStockHint,
  EMPTY_STOCK_UPDATE,
  locationOptions,
  REASON_OPTIONS,
  type StockUpdateValues,
  stockUpdateBody,
  validateStockUpdate,
  variantOptions,
} from '../stock-update-form';
import { StockProductPicker } from './stock-product-picker';

type Props = {
  opened: boolean;
  /** The row the dialog was opened from; null for a blank dialog with the product search. */
  preset: StockItemPreset | null;
  /** The sheet's location filter, chosen first when set. */
  defaultLocationId: string | null;
  onClose: () => void;
  onUpdated: (message: string) => void;
};

/**
 * The stock-update dialog (spec 2 §2, §5, §7): product (searched), variant for a variable product,
 * store location while active locations exist, the counted quantity, a reason and notes.
 */
export function StockUpdateDialog(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Update stock" size="lg" centered>
      {props.opened && (
        <StockUpdateForm
          key={`${props.preset?.productId ?? 'new'}-${props.preset?.variantId ?? ''}`}
          {...props}
        />
      )}
    </Modal>
  );
}

function StockUpdateForm({ preset, defaultLocationId, onClose, onUpdated }: Props) {
  const locations = useStoreLocations();
  const presetProduct = useStockProductOf(preset);
  const update = useUpdateStock();
  const [product, setProduct] = useState<StockSearchProduct | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const active: StoreLocationReply[] = (locations.data ?? []).filter((l) => l.is_active);

  const form = useForm<StockUpdateValues>({
    initialValues: {
      ...EMPTY_STOCK_UPDATE,
      variant_id: preset?.variantId ? String(preset.variantId) : null,
    },
  });

  // The row's product arrives from the search; the variant of the row stays chosen.
  useEffect(() => {
    if (presetProduct.data) setProduct(presetProduct.data);
  }, [presetProduct.data]);

  // One active location, or the one the sheet is filtered by, is chosen for the user.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the locations arrive
  useEffect(() => {
    if (form.values.store_location_id !== null || active.length === 0) return;
    const preferred =
      active.find((l) => String(l.id) === defaultLocationId) ?? (active.length === 1 ? active[0] : null);
    if (preferred) form.setFieldValue('store_location_id', String(preferred.id));
  }, [locations.data]);

  const choose = (next: StockSearchProduct | null) => {
    setProduct(next);
    form.setFieldValue('variant_id', null);
    form.clearFieldError('product_id');
    form.clearFieldError('variant_id');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const errors = validateStockUpdate(form.values, product, active);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0 || !product) return;
    try {
      const reply: UpdateStockReply = await update.mutateAsync(stockUpdateBody(form.values, product, active));
      onUpdated(successText(reply, product, form.values, active));
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else setProblem(errorMessage(error, STOCK_UI_MESSAGES.updateFailed));
    }
  };

  if (preset && presetProduct.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label="Loading product" />
      </Center>
    );
  }

  const variants = variantOptions(product);
  const hint = currentStockHint(product, form.values, active);

  return (
    <form onSubmit={submit} noValidate aria-label="Update stock">
      <Stack gap="sm">
        {preset && presetProduct.isSuccess && !presetProduct.data && (
          <Alert color="orange" variant="light">
            {STOCK_UI_MESSAGES.productUnavailable}. Search for it below.
          </Alert>
        )}
        {presetProduct.isError && (
          <Alert color="red" variant="light">
            {errorMessage(presetProduct.error, STOCK_UI_MESSAGES.productUnavailable)}
          </Alert>
        )}
        <StockProductPicker value={product} onChange={choose} error={form.errors.product_id} />
        {product?.is_variable_product && (
          <Select
            label="Variant"
            withAsterisk
            placeholder="Choose a variant"
            data={variants}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No variant matches"
            {...form.getInputProps('variant_id')}
          />
        )}
        {locations.isError && (
          <Alert color="red" variant="light">
            {STOCK_UI_MESSAGES.locationsFailed}
          </Alert>
        )}
        {active.length > 0 && (
          <Select
            label="Store location"
            withAsterisk
            placeholder="Choose a location"
            description="The count you enter is what this location holds."
            allowDeselect={false}
            data={locationOptions(active, product, form.values.variant_id)}
            {...form.getInputProps('store_location_id')}
          />
        )}
        <NumberInput
          label="New quantity"
          withAsterisk
          min={0}
          allowNegative={false}
          allowDecimal={false}
          placeholder="0 or more"
          description={hint ?? undefined}
          {...form.getInputProps('new_quantity')}
        />
        <Select
          label="Reason"
          data={REASON_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('reason')}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={1000}
          {...form.getInputProps('notes')}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update stock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function successText(
  reply: UpdateStockReply,
  product: StockSearchProduct,
  values: StockUpdateValues,
  active: StoreLocationReply[],
): string {
  const variant = product.variants.find((v) => String(v.id) === values.variant_id);
  const item = variant ? `${product.name} — ${variant.variant}` : product.name;
  const location = active.find((l) => l.id === reply.data.store_location_id);
  const where = location ? ` at ${location.name}, ${reply.data.current_stock} in all` : '';
  // A count that confirmed the stock changed nothing: the server's words say so on their own.
  if (reply.data.old_quantity === reply.data.new_quantity) return `${item}: ${reply.message}`;
  return `${reply.message}: ${item} now ${reply.data.new_quantity}${where}.`;
}

export function useStockUpdateDialog() {
  const [state, setState] = useState<{ opened: boolean; preset: StockItemPreset | null }>({
    opened: false,
    preset: null,
  });
  return {
    ...state,
    open: (preset: StockItemPreset | null) => setState({ opened: true, preset }),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}
