import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGift } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DISCOUNT_MESSAGES,
  DISCOUNT_ROLE_LABELS,
  DISCOUNT_ROLES,
  type DiscountRuleSavedReply,
  MAX_PRIORITY,
  RULE_TYPE_LABELS,
  RULE_TYPES,
  type RuleType,
} from '../../../../contracts/discounts';
import type { DateFormat } from '../../../../domain/dates/date-format';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useUiSettings } from '../../../lib/ui-settings';
import { notifyError } from '../../../ui/notify';
import { bodyOf, type DiscountFormValues, targetsOf, validateDiscount } from '../discount-form-values';
import { DiscountDateInput } from './discount-date-input';
import { TargetPicker } from './target-picker';

const TYPE_HINTS: Record<RuleType, string> = {
  global: 'Every product, for the roles below.',
  role_based: 'Every product, for the chosen roles only.',
  category: 'Products in the chosen categories (a top category covers its sub-categories).',
  product: 'The chosen products.',
  giveaway: 'Free: 100 % off the chosen products and categories (all products when none are chosen).',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * The discount rule form (spec 2 §2–§6): name, type, value (percent), roles, dates in the shop's
 * format, priority, quantity and usage limits, active, and the product and category pickers of its
 * type. It checks with the server's contract before sending and shows the server's 422 errors on
 * the fields.
 */
export function DiscountForm({
  mode,
  initialValues,
  onSubmit,
  onSaved,
}: {
  mode: 'create' | 'edit';
  initialValues: DiscountFormValues;
  onSubmit: (body: Record<string, unknown>) => Promise<DiscountRuleSavedReply>;
  onSaved: (reply: DiscountRuleSavedReply) => void;
}) {
  const settings = useUiSettings();
  const format: DateFormat = settings.date_format;
  const form = useForm<DiscountFormValues>({
    initialValues,
    validate: (values) => validateDiscount(values, format),
    validateInputOnBlur: ['start_date', 'end_date'],
  });
  const { values } = form;
  const targets = targetsOf(values.type);
  const isGiveaway = values.type === 'giveaway';
  const isFixed = values.discount_type === 'fixed';

  const submit = form.onSubmit(async (current) => {
    try {
      onSaved(await onSubmit(bodyOf(current, format)));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        form.setErrors(fields);
        notifyError(DISCOUNT_MESSAGES.correctErrors);
      } else {
        notifyError(DISCOUNT_MESSAGES.save);
      }
    }
  });

  const errorOf = (field: string) => (form.errors[field] as string | undefined) ?? null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={mode === 'create' ? 'New discount rule' : 'Edit discount rule'}
    >
      <Stack gap="lg">
        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" role="alert">
            <Text size="sm">{DISCOUNT_MESSAGES.correctErrors}</Text>
          </Alert>
        )}

        <Section title="Rule">
          <Stack gap="md">
            <TextInput label="Name" withAsterisk maxLength={255} {...form.getInputProps('name')} />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Type"
                withAsterisk
                allowDeselect={false}
                data={RULE_TYPES.map((type) => ({ value: type, label: RULE_TYPE_LABELS[type] }))}
                description={TYPE_HINTS[values.type]}
                {...form.getInputProps('type')}
                onChange={(value) => {
                  if (!value) return;
                  form.setFieldValue('type', value as RuleType);
                  form.clearFieldError('type');
                  form.clearFieldError('product_ids');
                  form.clearFieldError('category_ids');
                  form.clearFieldError('applicable_roles');
                  form.clearFieldError('discount_value');
                }}
              />
              {isGiveaway ? (
                <TextInput
                  label="Value"
                  value="100 %"
                  readOnly
                  leftSection={<IconGift size={16} />}
                  description="A giveaway is always 100 % off."
                  aria-describedby={undefined}
                />
              ) : (
                <NumberInput
                  label="Value"
                  withAsterisk
                  min={0}
                  max={isFixed ? undefined : 100}
                  decimalScale={2}
                  allowNegative={false}
                  {...(isFixed
                    ? { prefix: settings.currency.symbol, description: 'A fixed amount per item.' }
                    : { suffix: ' %', description: 'Percent off the price, up to 100.' })}
                  {...form.getInputProps('discount_value')}
                />
              )}
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title="Who and when">
          <Stack gap="md">
            <MultiSelect
              label="Applicable roles"
              withAsterisk={values.type === 'role_based'}
              data={DISCOUNT_ROLES.map((role) => ({ value: role, label: DISCOUNT_ROLE_LABELS[role] }))}
              placeholder={values.applicable_roles.length === 0 ? 'All Roles' : undefined}
              description={
                values.type === 'role_based'
                  ? 'Choose at least one role.'
                  : 'Leave empty for All Roles (guests included).'
              }
              hidePickedOptions
              clearable
              {...form.getInputProps('applicable_roles')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DiscountDateInput label="Start date" format={format} {...form.getInputProps('start_date')} />
              <DiscountDateInput label="End date" format={format} {...form.getInputProps('end_date')} />
            </SimpleGrid>
            <Switch
              label="Active"
              description="An inactive rule never applies."
              {...form.getInputProps('is_active', { type: 'checkbox' })}
            />
          </Stack>
        </Section>

        {(targets.products || targets.categories) && (
          <Section title={targets.products && targets.categories ? 'Products and categories' : 'Applies to'}>
            <Stack gap="lg">
              {targets.products && (
                <TargetPicker
                  kind="products"
                  label="Products"
                  required={values.type === 'product'}
                  value={values.products}
                  onChange={(items) => {
                    form.setFieldValue('products', items);
                    form.clearFieldError('product_ids');
                  }}
                  error={errorOf('product_ids')}
                />
              )}
              {targets.categories && (
                <TargetPicker
                  kind="categories"
                  label="Categories"
                  required={values.type === 'category'}
                  value={values.categories}
                  onChange={(items) => {
                    form.setFieldValue('categories', items);
                    form.clearFieldError('category_ids');
                  }}
                  error={errorOf('category_ids')}
                />
              )}
            </Stack>
          </Section>
        )}

        <Section title="Priority and limits">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Priority"
              description="Higher wins when several rules apply."
              min={0}
              max={MAX_PRIORITY}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('priority')}
            />
            <NumberInput
              label="Minimum quantity"
              description="Items in the line; empty for any."
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('min_quantity')}
            />
            <NumberInput
              label="Uses per customer"
              description="Empty for no limit."
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('max_usage_per_user')}
            />
            <NumberInput
              label="Total uses"
              description="Empty for no limit."
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('total_usage_limit')}
            />
          </SimpleGrid>
        </Section>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/admin/discounts">
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {mode === 'create' ? 'Create discount rule' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
