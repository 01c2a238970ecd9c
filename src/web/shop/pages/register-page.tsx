import { Anchor, Button, Group, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerBody } from '../../../contracts/accounts';
import { http, navigation } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { AuthCard } from './auth-card';
import { ProblemAlert } from './problem-alert';

/** /register: an individual or a company account with the customer role (DECISIONS 3). */
export function RegisterPage() {
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      user_type: 'individual' as 'individual' | 'company',
      first_name: '',
      last_name: '',
      company_name: '',
      company_registration_number: '',
      vat_number: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
    },
    validate: zodValidate(registerBody),
  });
  const isCompany = form.values.user_type === 'company';

  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) => http.post<{ redirect_url: string }>('/register', values),
    (reply) => navigation.assign(reply.redirect_url),
    { leavesPage: true },
  );

  return (
    <AuthCard
      title="Create an account"
      subtitle={
        <>
          Already have one? <Anchor href="/login">Sign in</Anchor>
        </>
      }
    >
      <ProblemAlert problem={problem} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Account type"
            data={[
              { value: 'individual', label: 'Individual' },
              { value: 'company', label: 'Company' },
            ]}
            {...form.getInputProps('user_type')}
          />
          {isCompany ? (
            <>
              <TextInput label="Company name" required {...form.getInputProps('company_name')} />
              <Group grow>
                <TextInput
                  label="Registration number"
                  {...form.getInputProps('company_registration_number')}
                />
                <TextInput label="VAT number" {...form.getInputProps('vat_number')} />
              </Group>
              <Group grow>
                <TextInput label="Contact first name" {...form.getInputProps('first_name')} />
                <TextInput label="Contact last name" {...form.getInputProps('last_name')} />
              </Group>
            </>
          ) : (
            <Group grow>
              <TextInput label="First name" required {...form.getInputProps('first_name')} />
              <TextInput label="Last name" required {...form.getInputProps('last_name')} />
            </Group>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput label="Phone" autoComplete="tel" {...form.getInputProps('phone')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={busy} fullWidth mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
