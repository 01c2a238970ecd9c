import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetPasswordBody } from '../../../contracts/accounts';
import { http, navigation } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { AuthCard } from './auth-card';
import { ProblemAlert } from './problem-alert';

export function ResetPasswordPage({ token, email }: { token: string; email: string }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { token, email, password: '', password_confirmation: '' },
    validate: zodValidate(resetPasswordBody),
  });

  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) => http.post<{ redirect_url: string }>('/reset-password', values),
    (reply) => navigation.assign(reply.redirect_url),
    { leavesPage: true },
  );

  return (
    <AuthCard title="Choose a new password">
      <ProblemAlert problem={problem} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={busy} fullWidth>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
