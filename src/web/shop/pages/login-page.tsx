import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { countdownText, SIGN_IN_MESSAGES as M } from '../../../domain/accounts/sign-in-codes';
import { HttpError, http, navigation } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { AuthCard } from './auth-card';
import { ProblemAlert } from './problem-alert';

// spec 3 §5 Login: "Email is required", "Mobile number is required", "OTP code is required".
// zod/mini: the sign-in page is the storefront's busiest form and needs no shared contract, so it
// loads without the whole of zod.
const loginForm = z.object({
  email: z.string().check(z.trim(), z.minLength(1, M.emailRequired)),
  password: z.string().check(z.minLength(1, 'Password is required')),
});
const magicLinkForm = z.object({ email: z.string().check(z.trim(), z.minLength(1, M.emailRequired)) });
const mobileForm = z.object({ mobile: z.string().check(z.trim(), z.minLength(1, M.mobileRequired)) });
const codeForm = z.object({ otp_code: z.string().check(z.trim(), z.minLength(1, M.otpRequired)) });

const STATUS_MESSAGES: Record<string, string> = {
  'password-reset': 'Your password has been reset. You can now sign in.',
};

type Method = 'password' | 'magic-link' | 'sms';
type SignedInReply = { redirect_url: string };
type OtpSent = { message: string; data: { session_id: string; resend_cooldown: number; expires_at: string } };

/** A failure that is not the server's answer (network) reads as the spec's words (spec 3 §8 Auth). */
async function orSay<T>(words: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(0, words);
  }
}

/**
 * /login (spec 3 §2, §4): password (the default), an e-mail sign-in link, or a code by SMS when
 * the shop can send one (docs/decisions/0056). The method is a segmented control (radio buttons:
 * arrow keys move between them); each method's form is its own.
 */
export function LoginPage({
  redirect,
  status,
  sms_enabled,
}: {
  redirect: string | null;
  status: string | null;
  sms_enabled: boolean;
}) {
  const [method, setMethod] = useState<Method>('password');
  const methods = [
    // "With …": a segment named "Password" would share its name with the password field.
    { value: 'password', label: 'With password' },
    { value: 'magic-link', label: 'With e-mail link' },
    ...(sms_enabled ? [{ value: 'sms', label: 'With SMS code' }] : []),
  ];
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
      <SegmentedControl
        fullWidth
        aria-label="Sign-in method"
        // On a phone the three segments share 300 px: their words wrap rather than hide.
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25 } }}
        data={methods}
        value={method}
        onChange={(value) => setMethod(value as Method)}
        data-testid="sign-in-method"
      />
      {method === 'password' && <PasswordForm redirect={redirect} />}
      {method === 'magic-link' && <MagicLinkForm />}
      {method === 'sms' && <SmsCodeForm redirect={redirect} />}
    </AuthCard>
  );
}

function PasswordForm({ redirect }: { redirect: string | null }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: false },
    validate: zodValidate(loginForm),
  });
  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) => http.post<SignedInReply>('/login', { ...values, redirect: redirect ?? undefined }),
    (reply) => navigation.assign(reply.redirect_url),
    { leavesPage: true },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ProblemAlert problem={problem} />
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
  );
}

/** DECISIONS 4: the link comes by e-mail; the answer is the same whether or not the account exists. */
function MagicLinkForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(magicLinkForm),
  });
  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) =>
      orSay(M.sendMagicLinkFailed, () => http.post<{ message: string }>('/auth/magic-link', values)),
    (reply) => setSent(reply.message),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          We e-mail you a link that signs you in once, within 15 minutes.
        </Text>
        <ProblemAlert problem={problem} />
        {sent && (
          <Alert color="teal" role="status">
            {sent}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={busy} fullWidth mt="xs">
          {sent ? 'Send another link' : 'Send sign-in link'}
        </Button>
      </Stack>
    </form>
  );
}

/** Seconds left until `until` (ms), counted down each second while above zero (spec 3 §4). */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * spec 3 §4: send a code; the code form counts the resend cooldown down each second and blocks
 * resend while it is above zero; verify signs in and goes where the server says. "Use another
 * number" clears the code's session.
 */
function SmsCodeForm({ redirect }: { redirect: string | null }) {
  const [otp, setOtp] = useState<{ sessionId: string; mobile: string; notice: string } | null>(null);
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const secondsLeft = useCountdown(cooldownUntil);
  const [resending, setResending] = useState(false);
  const [resendProblem, setResendProblem] = useState<string | null>(null);

  const mobile = useForm({
    mode: 'controlled',
    initialValues: { mobile: '' },
    validate: zodValidate(mobileForm),
  });
  const code = useForm({
    mode: 'controlled',
    initialValues: { otp_code: '' },
    validate: zodValidate(codeForm),
  });

  const sendCode = (number: string) =>
    orSay(M.sendOtpFailed, () => http.post<OtpSent>('/sms-otp/send', { mobile: number }));
  const started = (number: string, reply: OtpSent) => {
    setOtp({ sessionId: reply.data.session_id, mobile: number, notice: reply.message });
    setCooldownUntil(Date.now() + reply.data.resend_cooldown * 1000);
    code.reset();
  };
  const holdFor = (error: unknown) => {
    const wait = (error instanceof HttpError && (error.body as { retry_after?: unknown })?.retry_after) || 0;
    if (typeof wait === 'number' && wait > 0) setCooldownUntil(Date.now() + wait * 1000);
  };

  const sending = useFormSubmit(
    mobile,
    async (values) => {
      try {
        return { number: values.mobile, reply: await sendCode(values.mobile) };
      } catch (error) {
        holdFor(error);
        throw error;
      }
    },
    ({ number, reply }) => started(number, reply),
  );
  const verifying = useFormSubmit(
    code,
    (values) =>
      orSay(M.invalidOtp, () =>
        http.post<SignedInReply>('/sms-otp/verify', {
          otp_code: values.otp_code,
          session_id: otp?.sessionId ?? '',
          redirect: redirect ?? undefined,
        }),
      ),
    (reply) => navigation.assign(reply.redirect_url),
    { leavesPage: true },
  );

  const resend = async () => {
    if (!otp || secondsLeft > 0) return;
    setResending(true);
    setResendProblem(null);
    try {
      started(otp.mobile, await sendCode(otp.mobile));
    } catch (error) {
      holdFor(error);
      setResendProblem(error instanceof Error ? error.message : M.sendOtpFailed);
    }
    setResending(false);
  };

  if (!otp) {
    return (
      <form onSubmit={sending.submit} noValidate>
        <Stack gap="sm">
          <ProblemAlert problem={sending.problem} />
          <TextInput
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            description="In international form with the country code, e.g. +230 5250 0004."
            required
            {...mobile.getInputProps('mobile')}
          />
          <Button type="submit" loading={sending.busy} fullWidth mt="xs">
            Send code
          </Button>
        </Stack>
      </form>
    );
  }
  return (
    <form onSubmit={verifying.submit} noValidate>
      <Stack gap="sm">
        <Alert color="teal" role="status">
          {otp.notice} ({otp.mobile})
        </Alert>
        <ProblemAlert problem={verifying.problem ?? resendProblem} />
        <TextInput
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...code.getInputProps('otp_code')}
        />
        <Button type="submit" loading={verifying.busy} fullWidth mt="xs">
          Verify and sign in
        </Button>
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            onClick={resend}
            loading={resending}
            disabled={secondsLeft > 0}
            aria-describedby="resend-countdown"
          >
            Resend code
          </Button>
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            onClick={() => {
              setOtp(null);
              setCooldownUntil(0);
              setResendProblem(null);
            }}
          >
            Use another number
          </Button>
        </Group>
        <Text size="xs" c="dimmed" id="resend-countdown" aria-live="off" data-testid="resend-countdown">
          {secondsLeft > 0
            ? `You can ask for a new code in ${countdownText(secondsLeft)}.`
            : 'You can ask for a new code now.'}
        </Text>
      </Stack>
    </form>
  );
}
