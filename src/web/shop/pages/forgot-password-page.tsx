import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { forgotPasswordBody } from '../../../contracts/accounts';
import { http } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { AuthCard } from './auth-card';
import { ProblemAlert } from './problem-alert';

export function ForgotPasswordPage() {
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(forgotPasswordBody),
  });

  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) => http.post<{ message: string }>('/forgot-password', values),
    (reply) => setDone(reply.message),
  );

  return (
    <AuthCard title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one.">
      {done ? (
        <Alert color="teal" role="status">
          {done}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ProblemAlert problem={problem} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor href="/login" size="sm">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
