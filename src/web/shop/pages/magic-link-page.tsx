import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SIGN_IN_MESSAGES as M } from '../../../domain/accounts/sign-in-codes';
import { HttpError, http, navigation } from '../../lib/http';
import { AuthCard } from './auth-card';
import { ProblemAlert } from './problem-alert';

/**
 * GET /auth/magic-link/{token} (DECISIONS 4, docs/decisions/0056): says whom the link signs in,
 * masked, and signs in only when the button is pressed (a POST), so a mail scanner opening the
 * link spends nothing. A link that no longer works says so and leads back to /login.
 */
export function MagicLinkPage({ token, masked_email }: { token: string; masked_email: string | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!masked_email) {
    return (
      <AuthCard title="Sign-in link">
        <Alert color="red" role="alert">
          {M.magicLinkInvalid}
        </Alert>
        <Text size="sm">You can ask for a new link, or sign in another way.</Text>
        <Anchor href="/login">Back to sign in</Anchor>
      </AuthCard>
    );
  }
  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const reply = await http.post<{ redirect_url: string }>(
        `/auth/magic-link/${encodeURIComponent(token)}`,
      );
      navigation.assign(reply.redirect_url);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : 'Network error. Please try again.');
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Sign in with your link" subtitle="The link works once. Press the button to sign in.">
      <Stack gap="sm">
        <ProblemAlert problem={problem} />
        <Button onClick={signIn} loading={busy} fullWidth>
          Sign in as {masked_email}
        </Button>
        <Anchor href="/login" size="sm">
          Not you? Back to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
