import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import {
  PUBLIC_RENTAL_MAX_MONTHS,
  PUBLIC_RENTAL_MAX_QUANTITY,
  submitBookingBody,
} from '../../../contracts/rentals';
import type { StorefrontProduct } from '../../../contracts/shop-catalogue';
import { fieldErrorsOf } from '../../lib/form-errors';
import { HttpError, http } from '../../lib/http';
import { zodValidate } from '../../lib/zod-form';
import { type RequestValues, requestProblems, todayIso } from './rental-request-rules';

type PickupPoint = { id: number; name: string; address: string; service_fee: string | number };
type ProductInfo = {
  /** The shop's date (its time zone): the earliest start it accepts. */
  today?: string;
  free_units?: number | null;
  available_units?: number | null;
  max_quantity?: number | null;
  variants?: { id: number; max_quantity?: number | null }[];
};

const MONTH_OPTIONS = Array.from({ length: PUBLIC_RENTAL_MAX_MONTHS }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? '1 month' : `${i + 1} months`,
}));

/**
 * The public rental request modal (spec 3 §2, §5 "Public rental request modal", §7): contact
 * details, start date, months, quantity, variant, delivery or pickup; the cost follows the inputs
 * (POST /api/rental/calculate-cost) and the reply's booking number is shown after submitting.
 */
export default function RentalRequestDialog({
  product,
  symbol,
  onClose,
}: {
  product: Pick<StorefrontProduct, 'id' | 'name' | 'is_variable_product' | 'productStocks'>;
  symbol: string;
  onClose: () => void;
}) {
  const [info, setInfo] = useState<ProductInfo | null>(null);
  const [points, setPoints] = useState<PickupPoint[]>([]);
  const [pointsFailed, setPointsFailed] = useState(false);
  const [cost, setCost] = useState<string | null>(null);
  const [costFailed, setCostFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [bookingNumber, setBookingNumber] = useState<string | null>(null);

  // The shop's today once the server has said it (it checks the start against its own calendar);
  // until then the visitor's.
  const today = info?.today ?? todayIso();
  const [variantId, setVariantId] = useState<string | null>(null);
  const variantInfo = info?.variants?.find((v) => String(v.id) === variantId);
  const free = variantInfo?.max_quantity ?? info?.max_quantity ?? info?.available_units ?? null;
  // spec 3 §9: at most 10 by default, or fewer when fewer units are free for the chosen dates.
  const max =
    free === null ? PUBLIC_RENTAL_MAX_QUANTITY : Math.max(0, Math.min(free, PUBLIC_RENTAL_MAX_QUANTITY));

  const form = useForm<RequestValues>({
    initialValues: {
      product_id: product.id,
      product_stock_id: null,
      name: '',
      email: '',
      phone: '',
      start_date: todayIso(),
      rental_months: '1',
      quantity: '1',
      delivery_method: 'delivery',
      delivery_address: '',
      pickup_point_id: null,
      notes: '',
    },
    validate: (values) => ({
      ...zodValidate(submitBookingBody)(values),
      ...requestProblems(values, { max, today, needsVariant: product.is_variable_product }),
    }),
  });
  const values = form.getValues();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product; the form's handle is stable
  useEffect(() => {
    const controller = new AbortController();
    http
      .get<{ data?: ProductInfo } & ProductInfo>(
        `/api/rental/product-info/${product.id}`,
        undefined,
        controller.signal,
      )
      .then((reply) => {
        const data = reply.data ?? reply;
        setInfo(data);
        // A start still before the shop's today (the visitor's calendar is behind the shop's)
        // moves to it, so the default never fails the server's check.
        const start = form.getValues().start_date;
        if (data.today && start < data.today) form.setFieldValue('start_date', data.today);
      })
      .catch(() => setInfo(null));
    http
      .get<{ pickup_points: PickupPoint[] }>('/api/checkout/pickup-points', undefined, controller.signal)
      .then((reply) => setPoints(reply.pickup_points))
      .catch((error) => {
        if (!controller.signal.aborted) setPointsFailed(true);
        return error;
      });
    return () => controller.abort();
  }, [product.id]);

  // The cost follows the inputs (spec 3 §7), once they settle.
  const [costInput] = useDebouncedValue(
    JSON.stringify([values.product_stock_id, values.quantity, values.rental_months]),
    300,
  );
  useEffect(() => {
    const [stockId, quantity, months] = JSON.parse(costInput) as [string | null, string, string];
    if (product.is_variable_product && !stockId) {
      setCost(null);
      return;
    }
    let current = true;
    http
      .post<{ data?: { base_cost?: string | number; formatted_cost?: string } }>(
        '/api/rental/calculate-cost',
        {
          product_id: product.id,
          product_stock_id: stockId ?? '',
          quantity,
          rental_months: months,
        },
      )
      .then((reply) => {
        if (!current) return;
        setCostFailed(false);
        const data = reply.data;
        setCost(
          data?.formatted_cost ?? (data?.base_cost === undefined ? null : `${symbol}${data.base_cost}`),
        );
      })
      .catch(() => {
        if (!current) return;
        setCost(null);
        setCostFailed(true);
      });
    return () => {
      current = false;
    };
  }, [costInput, product.id, product.is_variable_product, symbol]);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setFailure(null);
    try {
      const reply = await http.post<{ booking_number?: string; data?: { booking_number?: string } }>(
        '/api/rental/submit-booking',
        v,
      );
      setBookingNumber(reply.booking_number ?? reply.data?.booking_number ?? '');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else
        setFailure(
          error instanceof HttpError && error.status < 500 && error.message
            ? error.message
            : 'Your request could not be sent. Please try again.',
        );
    }
    setBusy(false);
  });

  const chosenPoint = points.find((p) => String(p.id) === values.pickup_point_id);
  const pointFee = chosenPoint ? String(chosenPoint.service_fee) : null;

  return (
    <Modal opened onClose={onClose} title={`Request rental: ${product.name}`} size="lg" centered>
      {bookingNumber !== null ? (
        <Stack>
          <Alert color="teal" title="Request sent" role="status" data-testid="rental-request-sent">
            Thank you! Your rental request has been received. Your booking number is{' '}
            <Text span fw={700} data-testid="booking-number">
              {bookingNumber}
            </Text>
            . We will contact you to confirm it.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Grid>
              <Grid.Col span={12}>
                <TextInput
                  label="Name"
                  withAsterisk
                  autoComplete="name"
                  data-autofocus
                  {...form.getInputProps('name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="E-mail"
                  type="email"
                  withAsterisk
                  autoComplete="email"
                  {...form.getInputProps('email')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Phone"
                  type="tel"
                  withAsterisk
                  autoComplete="tel"
                  {...form.getInputProps('phone')}
                />
              </Grid.Col>
              {product.is_variable_product && (
                <Grid.Col span={12}>
                  <Select
                    label="Variant"
                    withAsterisk
                    placeholder="Choose a variant"
                    data={product.productStocks.map((v) => ({ value: String(v.id), label: v.variant }))}
                    value={values.product_stock_id}
                    onChange={(value) => {
                      form.setFieldValue('product_stock_id', value);
                      setVariantId(value);
                    }}
                    error={form.errors.product_stock_id}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Grid.Col>
              )}
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Start date"
                  type="date"
                  withAsterisk
                  min={today}
                  {...form.getInputProps('start_date')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Duration"
                  withAsterisk
                  allowDeselect={false}
                  data={MONTH_OPTIONS}
                  value={values.rental_months}
                  onChange={(value) => form.setFieldValue('rental_months', value ?? '1')}
                  error={form.errors.rental_months}
                  comboboxProps={{ withinPortal: true }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Quantity"
                  withAsterisk
                  inputMode="numeric"
                  description={max > 0 ? `At most ${max}` : 'Fully booked'}
                  {...form.getInputProps('quantity')}
                />
              </Grid.Col>
            </Grid>
            <Radio.Group label="Delivery or pickup" withAsterisk {...form.getInputProps('delivery_method')}>
              <Group mt={6}>
                <Radio value="delivery" label="Delivery" />
                <Radio value="pickup" label="Pickup" />
              </Group>
            </Radio.Group>
            {values.delivery_method === 'delivery' ? (
              <Textarea
                label="Delivery address"
                withAsterisk
                autosize
                minRows={2}
                autoComplete="street-address"
                {...form.getInputProps('delivery_address')}
              />
            ) : (
              <Stack gap={4}>
                <Select
                  label="Pickup point"
                  withAsterisk
                  placeholder={pointsFailed ? 'Pickup points could not be loaded' : 'Choose a pickup point'}
                  data={points.map((p) => ({ value: String(p.id), label: `${p.name} — ${p.address}` }))}
                  value={values.pickup_point_id}
                  onChange={(value) => form.setFieldValue('pickup_point_id', value)}
                  error={form.errors.pickup_point_id}
                  comboboxProps={{ withinPortal: true }}
                />
                {pointFee !== null && isAboveZero(pointFee) && (
                  <Text size="sm" c="dimmed" data-testid="pickup-fee">
                    Service fee: {symbol}
                    {pointFee}
                  </Text>
                )}
              </Stack>
            )}
            <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
            <Group justify="space-between" align="center">
              <Text size="sm" aria-live="polite" data-testid="rental-cost">
                {cost !== null
                  ? `Estimated cost: ${cost}`
                  : costFailed
                    ? 'The cost could not be calculated for these choices.'
                    : ''}
              </Text>
              <Group>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy} disabled={max === 0} data-testid="submit-rental-request">
                  Send request
                </Button>
              </Group>
            </Group>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            {max === 0 && (
              <Text size="sm" c="red">
                No units of this product are free to rent at the moment.
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** A decimal text above zero ("0.00" is not). */
const isAboveZero = (text: string) => /[1-9]/.test(text) && !text.trim().startsWith('-');
