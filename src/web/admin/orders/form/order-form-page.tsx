import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Select,
  Skeleton,
  Stack,
  Switch,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ORDER_MESSAGES, type OrderReply } from '../../../../contracts/orders';
import { toDecimalText } from '../../../../domain/money/money';
import { errorMessage } from '../../../lib/form-errors';
import { HttpError, newIdempotencyKey } from '../../../lib/http';
import { useUiSettings } from '../../../lib/ui-settings';
import { useLoadFailure } from '../../../lib/use-load-failure';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard';
import { can, useViewer } from '../../session';
import { CustomerLinkPanel } from '../panels/customer-link-panel';
import { OrderDocumentsPanel } from '../panels/order-documents-panel';
import { CustomerSection, type SelectedCustomer } from './customer-section';
import { DeliverySection } from './delivery-section';
import { ItemsSection } from './items-section';
import { OrderAudit } from './order-audit';
import {
  EMPTY_ITEMS,
  emptyOrderValues,
  type ItemProduct,
  type ItemRow,
  type ItemsState,
  itemsTotals,
  orderBody,
  orderFormErrors,
  orderItemsJson,
  rowOfItem,
  splitServerErrors,
  valuesOfOrder,
} from './order-form-state';
import {
  fetchVariants,
  ordersApi,
  useActiveCurrencies,
  useActivePaymentMethods,
  useActivePickupPoints,
  useDefaultCurrency,
  useFetchFreshOrder,
  useOrder,
  useOrderReferenceData,
} from './orders.api';
import { PaymentRecords } from './payment-records';
import { PaymentSection } from './payment-section';
import { QuickStatus } from './quick-status';
import { StockStatusPanel } from './stock-status-panel';

const LEAVE_MESSAGE = 'This order has unsaved changes. Leave the page and lose them?';

/** /admin/orders/create and /admin/orders/{id}/edit (spec 1 §2 "Order form"). */
export default function OrderFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const order = useOrder(id);
  if (id !== null && order.isPending)
    return (
      <Stack data-testid="order-loading">
        <Skeleton h={40} w={320} />
        <Skeleton h={160} />
        <Skeleton h={240} />
      </Stack>
    );
  if (id !== null && order.isError) return <Alert color="red">Failed to load order</Alert>;
  return <OrderForm key={order.data?.id ?? 'new'} order={order.data ?? null} />;
}

/** Saved items as rows, keeping the variant lists already known for their products. */
function itemsOf(order: OrderReply, known: Map<number, ItemProduct>): ItemsState {
  return {
    rows: order.order_items.map((item) => {
      const row = rowOfItem(item);
      const product = row.product && known.get(row.product.id);
      return product ? { ...row, product: { ...product, vat: row.product?.vat ?? product.vat } } : row;
    }),
    editing: null,
  };
}

function productsOf(rows: readonly ItemRow[]): Map<number, ItemProduct> {
  return new Map(rows.flatMap((r) => (r.product ? [[r.product.id, r.product] as const] : [])));
}

function OrderForm({ order }: { order: OrderReply | null }) {
  const isNew = order === null;
  const navigate = useNavigate();
  const ui = useUiSettings();
  const reference = useOrderReferenceData();
  const viewer = useViewer();
  const pickupPoints = useActivePickupPoints();
  const methods = useActivePaymentMethods();
  // Sellers, carriers, pickup points and payment methods: an empty picker must not hide a failure.
  useLoadFailure(reference.isError);
  useLoadFailure(methods.isError, 'Failed to load payment methods. Please try again.');
  const defaultCurrency = useDefaultCurrency();
  const currencies = useActiveCurrencies();
  const fetchFresh = useFetchFreshOrder();

  const form = useForm({ initialValues: order ? valuesOfOrder(order) : emptyOrderValues() });
  const values = form.getValues();
  const [items, setItems] = useState<ItemsState>(() => (order ? itemsOf(order, new Map()) : EMPTY_ITEMS));
  const [savedItemsJson, setSavedItemsJson] = useState(() => orderItemsJson(items.rows));
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  // One key for this page's Create: a double click or a retry after a lost reply takes one order.
  const [createKey] = useState(newIdempotencyKey);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  // The variant lists of the saved items' products (spec 1 §7 POST /api/products/variants/batch).
  const variantsLoaded = useRef(false);
  useEffect(() => {
    if (!order || variantsLoaded.current) return;
    variantsLoaded.current = true;
    const ids = [...new Set(order.order_items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])))];
    if (ids.length === 0) return;
    fetchVariants(ids, order.user_id)
      .then((reply) =>
        setItems((state) => ({
          ...state,
          rows: state.rows.map((row) => {
            const variants = row.product && reply[String(row.product.id)];
            if (!row.product || !variants) return row;
            return {
              ...row,
              product: {
                ...row.product,
                is_variable_product: variants.length > 0,
                variants: variants.map((v) => ({
                  id: v.id,
                  variant: v.variant,
                  price: v.final_price,
                  qty: v.qty,
                })),
              },
            };
          }),
        })),
      )
      .catch(() => notifyError(`Failed to load variants for product ${ids.join(', ')}`));
  }, [order]);

  // After a change made elsewhere on the page (quick status, payments) the order is read again:
  // follow it when nothing is being typed, else keep the typing and take the delivery status only.
  const updatedAt = order?.updated_at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the order's version only
  useEffect(() => {
    if (!order) return;
    const fresh = valuesOfOrder(order);
    if (!form.isDirty()) {
      form.setInitialValues(fresh);
      form.setValues(fresh);
    } else {
      form.setFieldValue('delivery_status', fresh.delivery_status);
      form.setFieldValue('status_reason', fresh.status_reason);
    }
  }, [updatedAt]);

  const currency = isNew
    ? (currencies.data?.find((c) => String(c.id) === values.currency_id) ?? defaultCurrency.data)
    : { symbol: order.currency_symbol };
  const symbol = currency?.symbol ?? ui.currency.symbol;
  // VAT: the order keeps what it was priced with (0030); a new order uses the shop's settings.
  const vat = order ? { enabled: order.vat_enabled, method: order.vat_method } : ui.vat;
  const totalsOf = (
    rows: readonly ItemRow[],
    rest: { shipping: string; globalDiscount: number } = {
      shipping: values.shipping_cost,
      globalDiscount: values.global_discount,
    },
  ) => itemsTotals(rows, { ...rest, vat });
  const totals = totalsOf(items.rows);

  const itemsDirty = items.editing !== null || orderItemsJson(items.rows) !== savedItemsJson;
  useUnsavedChangesGuard(leavingTo === null && (form.isDirty() || itemsDirty), LEAVE_MESSAGE);
  useEffect(() => {
    if (leavingTo) navigate(leavingTo);
  }, [leavingTo, navigate]);

  const initialCustomer = useMemo<SelectedCustomer | null>(
    () =>
      order?.customer
        ? { ...order.customer, user_type: order.customer.user_type === 'company' ? 'company' : 'individual' }
        : null,
    [order?.customer],
  );

  /** The saved order read again (edit page). */
  const refreshedOrder = async () => (order ? await fetchFresh(order.id).catch(() => null) : null);

  /** Edit page: a row save stores every item at once (spec 1 §7 update-items). */
  const commitItems = async (rows: ItemRow[]): Promise<ItemsState | null> => {
    if (!order) return { rows, editing: null };
    setItemErrors({});
    try {
      const reply = await ordersApi.updateItems(order.id, {
        order_items_json: orderItemsJson(rows),
        // The server prices the items with the saved shipping and discount, not unsaved edits of them.
        grand_total: toDecimalText(
          totalsOf(rows, { shipping: order.shipping_cost, globalDiscount: order.global_discount }).grandTotal,
        ),
      });
      if (reply.error_type === 'paid_order_restriction') {
        showOrderLocked(reply.message);
        return null;
      }
      notifySuccess(reply.message || ORDER_MESSAGES.itemsSaved);
      if (reply.stock_reversed) showStockReversed();
      const fresh = await refreshedOrder();
      const next = fresh ? itemsOf(fresh, productsOf(rows)) : { rows, editing: null };
      setSavedItemsJson(orderItemsJson(next.rows));
      return next;
    } catch (error) {
      if (isOrderLocked(error)) {
        showOrderLocked((error as HttpError).message);
        return null;
      }
      if (error instanceof HttpError && error.status === 422) {
        setItemErrors(splitServerErrors(error.errors, rows).items);
        notifyError(error.firstError() ?? 'Failed to save order items');
      } else if (error instanceof HttpError) notifyError(errorMessage(error, 'Failed to save order items'));
      else notifyError('Network error occurred while saving order items');
      return null;
    }
  };

  // A button, not a <form> around the page: the modals inside (customer, payment) have their own
  // forms, and React would bubble their submit events up to an outer form.
  const submit = async () => {
    setItemsError(null);
    const errors = orderFormErrors(values, items.rows, { grandTotal: totals.grandTotal, symbol, isNew });
    if (items.editing) errors.order_items ??= 'Save or cancel the item being edited first.';
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      setItemsError(errors.order_items ?? null);
      notifyError(ORDER_MESSAGES.validationFailed);
      return;
    }
    setBusy(true);
    const body = orderBody(values, items.rows, totals.grandTotal);
    // amount_paid is the first payment of a new order; a saved order's payments are records.
    if (order) delete body.amount_paid;
    try {
      const reply = order ? await ordersApi.update(order.id, body) : await ordersApi.create(body, createKey);
      notifySuccess(reply.message || (order ? ORDER_MESSAGES.updated : ORDER_MESSAGES.created));
      if (reply.stock_reversed) showStockReversed();
      if (!order) {
        setLeavingTo(`/admin/orders/${reply.order.id}/edit`);
        return;
      }
      form.resetDirty();
      const fresh = await refreshedOrder();
      if (fresh) {
        const next = itemsOf(fresh, productsOf(items.rows));
        setItems(next);
        setSavedItemsJson(orderItemsJson(next.rows));
      }
    } catch (error) {
      if (isOrderLocked(error)) showOrderLocked((error as HttpError).message);
      else if (error instanceof HttpError && error.status === 422) {
        const { fields, items: rowErrors } = splitServerErrors(error.errors, items.rows);
        form.setErrors(fields);
        setItemErrors(rowErrors);
        setItemsError(fields.order_items ?? fields.grand_total ?? null);
        notifyError(ORDER_MESSAGES.validationFailed);
      } else notifyError(errorMessage(error, ORDER_MESSAGES.saveFailed));
    }
    setBusy(false);
  };

  // orders.view without orders.manage: the order is shown, nothing can be changed (issue 12).
  const readOnly = viewer.data !== undefined && !can(viewer.data, 'orders.manage');
  const locked = readOnly || (order?.items_locked ?? false);
  return (
    <Box>
      <PageHeader
        title={order ? `Order ${order.order_code}` : 'New order'}
        description={
          order
            ? 'Change the order, record payments and follow its delivery.'
            : 'Create an order for a customer or a guest.'
        }
        actions={
          <>
            <Button component={Link} to="/admin/orders" variant="default">
              Back to orders
            </Button>
            {!readOnly && (
              <Button loading={busy} onClick={submit}>
                {order ? 'Save changes' : 'Create order'}
              </Button>
            )}
          </>
        }
      />
      {readOnly && (
        <Alert color="blue" mb="md" title="Read only">
          You can see this order and its documents. Changing it needs the permission to manage orders
          (orders.manage).
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: order ? 8 : 12 }}>
          <Stack>
            <CustomerSection
              form={form}
              sellers={reference.data?.sellers}
              initialCustomer={initialCustomer}
            />
            <ItemsSection
              items={items}
              customerId={values.user_id}
              onItemsChange={(next) => {
                setItems(next);
                setItemsError(null);
              }}
              symbol={symbol}
              vat={vat}
              shipping={values.shipping_cost}
              globalDiscount={values.global_discount}
              onGlobalDiscountChange={(percent) => form.setFieldValue('global_discount', percent)}
              locked={locked}
              onCommit={order ? commitItems : undefined}
              error={itemsError}
              serverRowErrors={itemErrors}
            />
            <PaymentSection
              form={form}
              methods={methods.data}
              order={order}
              grandTotal={totals.grandTotal}
              symbol={symbol}
            />
            <DeliverySection
              form={form}
              carriers={reference.data?.carriers}
              pickupPoints={pickupPoints.data}
              symbol={symbol}
            />
            <Card withBorder>
              <Stack gap="sm">
                <Title order={4}>Other details</Title>
                {isNew && (
                  <Select
                    label="Currency"
                    w={240}
                    data={(currencies.data ?? []).map((c) => ({
                      value: String(c.id),
                      label: `${c.code} (${c.symbol})`,
                    }))}
                    placeholder={
                      defaultCurrency.data
                        ? `${defaultCurrency.data.code} (${defaultCurrency.data.symbol})`
                        : undefined
                    }
                    {...form.getInputProps('currency_id')}
                  />
                )}
                <Textarea label="Billing address" autosize minRows={2} {...form.getInputProps('address')} />
                <Textarea
                  label="Additional information"
                  autosize
                  minRows={2}
                  {...form.getInputProps('additional_info')}
                />
                <Switch label="Customer notified" {...form.getInputProps('notified', { type: 'checkbox' })} />
              </Stack>
            </Card>
            {order && <PaymentRecords order={order} methods={methods.data} />}
            {/* The documents table needs the wide column: seven types, each with four actions. */}
            {order && <OrderDocumentsPanel orderId={order.id} />}
          </Stack>
        </Grid.Col>
        {order && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <QuickStatus order={order} />
              <StockStatusPanel orderId={order.id} />
              <CustomerLinkPanel orderId={order.id} />
              <OrderAudit audit={order.audit} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Box>
  );
}

/** spec 1 §8: paid_order_restriction shows an "Order Locked" error for 6 seconds. */
function showOrderLocked(message: string) {
  notifications.show({
    color: 'red',
    title: ORDER_MESSAGES.orderLocked,
    message: message || ORDER_MESSAGES.paidOrderRestriction,
    autoClose: 6000,
  });
}

/** spec 1 §4: saving items may reverse the stock deduction; say so. */
function showStockReversed() {
  notifications.show({
    color: 'yellow',
    title: 'Stock deduction reversed',
    message: 'The stock deduction of this order was reversed: deduct the stock again when ready.',
    autoClose: 6000,
  });
}

/** The server refused because the order is paid and its items are locked (spec 1 §8 paid_order_restriction). */
function isOrderLocked(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    (error.body as { error_type?: string } | undefined)?.error_type === 'paid_order_restriction'
  );
}
