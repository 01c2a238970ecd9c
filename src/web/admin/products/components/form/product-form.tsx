import { Alert, Button, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconBoxMultiple,
  IconCurrencyDollar,
  IconInfoCircle,
  IconPhoto,
  IconSeo,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProductSaveReply } from '../../../../../contracts/catalogue';
import type { FileReply } from '../../../../../contracts/files';
import { formatInstant } from '../../../../../domain/dates/date-format';
import { errorMessage } from '../../../../lib/form-errors';
import { HttpError } from '../../../../lib/http';
import { useUiSettings } from '../../../../lib/ui-settings';
import { notifyError } from '../../../../ui/notify';
import { useAttributes } from '../../../catalogue/reference.api';
import {
  bodyOf,
  CORRECT_ERRORS,
  formErrorsOf,
  PRODUCT_TAB_LABELS,
  PRODUCT_TABS,
  type ProductFormValues,
  type ProductTab,
  tabsWithErrors,
  touchesVariations,
  validateProduct,
  withGeneratedSkus,
} from '../../product-form-values';
import { ApplicableRulesPanel } from './applicable-rules-panel';
import { GeneralTab } from './general-tab';
import { ImagesTab } from './images-tab';
import { PriceStockTab } from './price-stock-tab';
import { SeoTab } from './seo-tab';
import { ShippingTab } from './shipping-tab';
import { useProductDraft } from './use-product-draft';
import { skuRandom, VariationsTab } from './variations-tab';

const TAB_ICONS: Record<ProductTab, ReactNode> = {
  general: <IconInfoCircle size={16} />,
  files: <IconPhoto size={16} />,
  price: <IconCurrencyDollar size={16} />,
  variation: <IconBoxMultiple size={16} />,
  shipping: <IconTruckDelivery size={16} />,
  seo: <IconSeo size={16} />,
};

export const SAVE_FAILED = 'Failed to save the product. Please try again.';

/**
 * The product form (spec 2 §2–§6): six tabs, checked with the server's contract before sending;
 * tabs holding errors are flagged in red and the first of them opens; server errors on variations
 * make the product variable and open Variations. Drafts are kept in the browser meanwhile.
 */
export function ProductForm({
  productId,
  initialValues,
  onSubmit,
  onSaved,
  onImagesReordered,
}: {
  productId: number | null;
  initialValues: ProductFormValues;
  onSubmit: (body: Record<string, unknown>) => Promise<ProductSaveReply>;
  onSaved: (reply: ProductSaveReply) => void;
  /**
   * On the edit page: a change of image order alone, saved at once (spec 2 §7 reorder-images);
   * true when it was saved.
   */
  onImagesReordered?: (images: FileReply[]) => Promise<boolean>;
}) {
  const settings = useUiSettings();
  const attributes = useAttributes();
  const [tab, setTab] = useState<ProductTab>('general');
  const [busy, setBusy] = useState(false);
  const onChange = useRef<() => void>(() => {});
  const form = useForm<ProductFormValues>({
    initialValues,
    onValuesChange: () => onChange.current(),
  });
  const draft = useProductDraft(form, productId, initialValues);
  onChange.current = draft.changed;

  const flagged = tabsWithErrors(form.errors);
  const showErrors = (errors: Record<string, string>, open: ProductTab | undefined) => {
    form.setErrors(errors);
    const first = open ?? tabsWithErrors(errors)[0];
    if (first) setTab(first);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const valueNames = new Map(
      (attributes.data?.data ?? []).flatMap((a) => a.values.map((v) => [v.id, v.value] as const)),
    );
    // spec 2 §5: a variation without SKU gets the generated one.
    const values = withGeneratedSkus(form.getValues(), valueNames, skuRandom);
    if (values !== form.getValues()) form.setFieldValue('variations', values.variations);
    const errors = validateProduct(values);
    if (Object.keys(errors).length > 0) {
      showErrors(errors, undefined);
      notifyError(CORRECT_ERRORS);
      return;
    }
    setBusy(true);
    try {
      const reply = await onSubmit(bodyOf(values));
      draft.clear();
      onSaved(reply);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        // spec 2 §2: errors on variations make the product variable and open Variations.
        if (touchesVariations(error.errors)) {
          form.setFieldValue('is_variable_product', true);
          showErrors(formErrorsOf(error.errors), 'variation');
        } else {
          showErrors(formErrorsOf(error.errors), undefined);
        }
        notifyError(CORRECT_ERRORS);
      } else {
        notifyError(errorMessage(error, SAVE_FAILED));
      }
    }
    setBusy(false);
  };

  // A saved order is no longer an unsaved change (nor a reason to keep a draft).
  const imagesReordered =
    onImagesReordered &&
    (async (images: FileReply[]) => {
      if (!(await onImagesReordered(images))) return;
      const baseline = { ...form.getInitialValues(), images };
      form.setInitialValues(baseline);
      form.resetDirty(baseline);
    });

  const hasErrors = Object.values(form.errors).some(Boolean);

  return (
    <form onSubmit={submit} noValidate aria-label={productId === null ? 'New product' : 'Edit product'}>
      <Stack gap="lg">
        {draft.restoredAt !== null && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Draft restored">
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                Your unsaved changes from{' '}
                {formatInstant(new Date(draft.restoredAt), settings.date_format, settings.timezone)} were
                restored.
              </Text>
              <Button size="xs" variant="default" onClick={draft.discard}>
                Discard draft
              </Button>
            </Group>
          </Alert>
        )}
        {hasErrors && (
          <Alert color="red" role="alert" icon={<IconAlertCircle size={18} />}>
            <Text size="sm">{CORRECT_ERRORS}</Text>
          </Alert>
        )}

        <Tabs value={tab} onChange={(value) => value && setTab(value as ProductTab)} keepMounted={false}>
          <Tabs.List mb="md">
            {PRODUCT_TABS.map((value) => {
              const isFlagged = flagged.includes(value);
              return (
                <Tabs.Tab
                  key={value}
                  value={value}
                  leftSection={TAB_ICONS[value]}
                  color={isFlagged ? 'red' : undefined}
                  c={isFlagged ? 'red.9' : undefined}
                  data-has-errors={isFlagged || undefined}
                  aria-description={isFlagged ? 'This tab has errors' : undefined}
                  rightSection={
                    isFlagged ? (
                      <Tooltip label="This tab has errors">
                        <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden />
                      </Tooltip>
                    ) : value === 'variation' && form.values.is_variable_product ? (
                      <Text size="xs" c="dimmed">
                        {form.values.variations.length}
                      </Text>
                    ) : undefined
                  }
                >
                  {PRODUCT_TAB_LABELS[value]}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralTab form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="files">
            <ImagesTab form={form} onReordered={imagesReordered} />
          </Tabs.Panel>
          <Tabs.Panel value="price">
            <PriceStockTab
              form={form}
              // A saved simple product's stock changes on the stock sheet (decision 0022).
              stockLocked={productId !== null && !initialValues.is_variable_product}
            />
            {productId !== null && <ApplicableRulesPanel productId={productId} />}
          </Tabs.Panel>
          <Tabs.Panel value="variation">
            <VariationsTab form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="shipping">
            <ShippingTab form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="seo">
            <SeoTab form={form} />
          </Tabs.Panel>
        </Tabs>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/admin/products">
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {productId === null ? 'Create product' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
