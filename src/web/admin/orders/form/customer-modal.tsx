import {
  Button,
  Grid,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type CustomerInput,
  type CustomerReply,
  customerBody,
  ORDER_MESSAGES,
} from '../../../../contracts/orders';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { zodValidate } from '../../../lib/zod-form';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { customersApi } from './orders.api';

export type SelectedCustomer = Pick<
  CustomerReply,
  'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'user_type' | 'company_name'
> &
  Partial<CustomerReply>;

type Values = {
  user_type: 'individual' | 'company';
  first_name: string;
  last_name: string;
  company_name: string;
  company_registration_number: string;
  vat_number: string;
  email: string;
  phone: string;
  mobile: string;
  address: string;
};

/** New customer (customer null) and edit customer modals (spec 1 §2, §5 customer rules). */
export function CustomerModal({
  customer,
  onClose,
  onSaved,
}: {
  customer: SelectedCustomer | null;
  onClose: () => void;
  onSaved: (customer: CustomerReply) => void;
}) {
  const isEdit = customer !== null;
  // spec 3 §5: the supplier and partner roles mean company information is required.
  const companyRequired = (customer?.roles ?? []).some((role) => role === 'supplier' || role === 'partner');
  const form = useForm<Values>({
    initialValues: {
      user_type: customer?.user_type === 'company' || companyRequired ? 'company' : 'individual',
      first_name: customer?.first_name ?? '',
      last_name: customer?.last_name ?? '',
      company_name: customer?.company_name ?? '',
      company_registration_number: customer?.company_registration_number ?? '',
      vat_number: customer?.vat_number ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      mobile: customer?.mobile ?? '',
      address: customer?.address ?? '',
    },
    // The shared contract's rules: company needs a company name, individual first and last name.
    validate: zodValidate(customerBody),
  });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const body = values as CustomerInput;
    try {
      const reply = customer ? await customersApi.update(customer.id, body) : await customersApi.create(body);
      notifySuccess(
        reply.message ?? (isEdit ? ORDER_MESSAGES.customerUpdated : ORDER_MESSAGES.customerCreated),
      );
      onSaved(reply.data);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else if (error instanceof HttpError)
        notifyError(
          error.status < 500 && error.message
            ? error.message
            : isEdit
              ? 'Failed to update customer'
              : 'Failed to create customer',
        );
      else
        notifyError(
          isEdit
            ? 'Network error occurred while updating customer'
            : 'Network error occurred while creating customer',
        );
    }
    setBusy(false);
  });

  const company = form.getValues().user_type === 'company';
  return (
    <Modal opened onClose={onClose} title={isEdit ? 'Edit customer' : 'New customer'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            disabled={companyRequired}
            data={[
              { value: 'individual', label: 'Individual' },
              { value: 'company', label: 'Company' },
            ]}
            {...form.getInputProps('user_type')}
          />
          {companyRequired && (
            <Text size="xs" c="dimmed">
              Suppliers and partners are companies: the company information is required.
            </Text>
          )}
          <Grid>
            <Grid.Col span={6}>
              <TextInput label="First name" withAsterisk={!company} {...form.getInputProps('first_name')} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label="Last name" withAsterisk={!company} {...form.getInputProps('last_name')} />
            </Grid.Col>
            {company && (
              <>
                <Grid.Col span={12}>
                  <TextInput label="Company name" withAsterisk {...form.getInputProps('company_name')} />
                </Grid.Col>
                <Grid.Col span={6}>
                  <TextInput
                    label="Registration number"
                    {...form.getInputProps('company_registration_number')}
                  />
                </Grid.Col>
                <Grid.Col span={6}>
                  <TextInput label="VAT number" {...form.getInputProps('vat_number')} />
                </Grid.Col>
              </>
            )}
            <Grid.Col span={12}>
              <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label="Phone" {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label="Mobile" {...form.getInputProps('mobile')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {isEdit ? 'Save customer' : 'Create customer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
