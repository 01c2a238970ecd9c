import {
  Alert,
  Button,
  Card,
  Group,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { createUserBody, type UserReply, updateUserBody } from '../../../../contracts/accounts';
import type { UserType } from '../../../../domain/accounts/user-rules';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { notifyError } from '../../../ui/notify';
import type { UserSaved } from '../users.api';
import { RoleSelect } from './role-select';

export type UserFormValues = {
  user_type: UserType;
  company_name: string;
  company_registration_number: string;
  vat_number: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  roles: string[];
  password: string;
  password_confirmation: string;
  address_type: 'billing' | 'delivery';
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  notes: string;
};

export const EMPTY_USER: UserFormValues = {
  user_type: 'individual',
  company_name: '',
  company_registration_number: '',
  vat_number: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  mobile: '',
  roles: ['customer'],
  password: '',
  password_confirmation: '',
  address_type: 'billing',
  address: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
  notes: '',
};

/** The form's values for a user the server answered with. */
export function valuesOf(user: UserReply): UserFormValues {
  return {
    user_type: user.user_type,
    company_name: user.company_name ?? '',
    company_registration_number: user.company_registration_number ?? '',
    vat_number: user.vat_number ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email,
    phone: user.phone ?? '',
    mobile: user.mobile ?? '',
    roles: user.roles,
    password: '',
    password_confirmation: '',
    address_type: user.address_type === 'delivery' ? 'delivery' : 'billing',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    postal_code: user.postal_code ?? '',
    country: user.country ?? '',
    notes: user.notes ?? '',
  };
}

type Mode = 'create' | 'edit';

/**
 * The request body: an empty password is "not given" (required on create, keeps the current one
 * on edit); on edit the roles are saved by the Roles card, not by this form.
 */
export function bodyOf(values: UserFormValues, mode: Mode): Record<string, unknown> {
  const { roles, password, password_confirmation, ...rest } = values;
  return {
    ...rest,
    ...(mode === 'create' ? { roles } : {}),
    ...(password ? { password, password_confirmation } : {}),
  };
}

const validators = { create: zodValidate(createUserBody), edit: zodValidate(updateUserBody) };

/** spec 2 §5: switching to individual clears the company and the address fields. */
const CLEARED_FOR_INDIVIDUAL = [
  'company_name',
  'company_registration_number',
  'vat_number',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
] as const;

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
 * The user form (spec 2 §2, §3, §5): individual or company, contact, roles (on create), password
 * and the default address. It validates with the server's own schema and shows the server's 422
 * field errors.
 */
export function UserForm({
  mode,
  initialValues,
  onSubmit,
  submitting,
  onSaved,
}: {
  mode: Mode;
  initialValues: UserFormValues;
  onSubmit: (body: Record<string, unknown>) => Promise<UserSaved>;
  submitting: boolean;
  onSaved: (reply: UserSaved) => void;
}) {
  const form = useForm<UserFormValues>({
    initialValues,
    validate: (values) => validators[mode](bodyOf(values, mode)),
  });
  const isCompany = form.values.user_type === 'company';

  const submit = form.onSubmit(async (values) => {
    try {
      onSaved(await onSubmit(bodyOf(values, mode)));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        form.setErrors(fields);
        notifyError('Please correct the errors below.');
      } else {
        notifyError(errorMessage(error, 'Failed to save the user. Please try again.'));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'New user' : 'Edit user'}>
      <Stack gap="lg">
        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" role="alert">
            <Text size="sm">Please correct the errors below.</Text>
          </Alert>
        )}
        <Section title="Account type">
          <Input.Wrapper error={form.errors.user_type}>
            <SegmentedControl
              aria-label="Account type"
              data={[
                { value: 'individual', label: 'Individual' },
                { value: 'company', label: 'Company' },
              ]}
              value={form.values.user_type}
              onChange={(value) => {
                form.setFieldValue('user_type', value as UserType);
                form.clearFieldError('user_type');
                // spec 2 §5: switching to individual clears the company and address fields.
                if (value === 'individual')
                  for (const field of CLEARED_FOR_INDIVIDUAL) form.setFieldValue(field, '');
              }}
            />
          </Input.Wrapper>
          {isCompany && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
              <TextInput label="Company name" withAsterisk {...form.getInputProps('company_name')} />
              <TextInput label="Registration number" {...form.getInputProps('company_registration_number')} />
              <TextInput label="VAT number" {...form.getInputProps('vat_number')} />
            </SimpleGrid>
          )}
        </Section>

        <Section title="Contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" withAsterisk={!isCompany} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk={!isCompany} {...form.getInputProps('last_name')} />
            <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="Mobile" type="tel" {...form.getInputProps('mobile')} />
          </SimpleGrid>
        </Section>

        {mode === 'create' && (
          <Section title="Roles">
            <RoleSelect
              value={form.values.roles}
              onChange={(roles) => {
                form.setFieldValue('roles', roles);
                form.clearFieldError('roles');
              }}
              error={(form.errors.roles as string | undefined) ?? null}
            />
          </Section>
        )}

        <Section title="Password">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Password"
              withAsterisk={mode === 'create'}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              withAsterisk={mode === 'create'}
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {mode === 'create' ? 'At least 8 characters.' : 'Leave blank to keep the current password.'}
          </Text>
        </Section>

        <Section title="Default address">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Address type"
              data={[
                { value: 'billing', label: 'Billing' },
                { value: 'delivery', label: 'Delivery' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('address_type')}
            />
            <TextInput label="Address" {...form.getInputProps('address')} />
            <TextInput label="City" {...form.getInputProps('city')} />
            <TextInput label="State" {...form.getInputProps('state')} />
            <TextInput label="Postal code" {...form.getInputProps('postal_code')} />
            <TextInput label="Country" {...form.getInputProps('country')} />
          </SimpleGrid>
        </Section>

        <Section title="Notes">
          <Textarea
            aria-label="Notes"
            autosize
            minRows={3}
            maxLength={5000}
            {...form.getInputProps('notes')}
          />
        </Section>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/admin/users">
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {mode === 'create' ? 'Create user' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
