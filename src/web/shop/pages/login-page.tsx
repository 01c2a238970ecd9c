import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod/mini';
import { http, navigation } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { AuthCard } from './auth-card';
import { ProblemAlert } from './problem-alert';

// spec 3 §5 Login: "Email is required". zod/mini: the sign-in page is the storefront's busiest
// form and needs no shared contract, so it loads without the whole of zod.
const loginForm = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
});

const STATUS_MESSAGES: Record<string, string> = {
  'password-reset': 'Your password has been reset. You can now sign in.',
};

type LoginReply = { redirect_url: string };

/** /login: password sign-in (the e-mail link and SMS code tabs come with the storefront accounts). */
export function LoginPage({ redirect, status }: { redirect: string | null; status: string | null }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: false },
    validate: zodValidate(loginForm),
  });

  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) => http.post<LoginReply>('/login', { ...values, redirect: redirect ?? undefined }),
    (reply) => navigation.assign(reply.redirect_url),
    { leavesPage: true },
  );

  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New here? <Anchor href="/register">Create an account</Anchor>
        </>
      }
    >
      {status && STATUS_MESSAGES[status] && <Alert color="teal">{STATUS_MESSAGES[status]}</Alert>}
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
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor href="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
