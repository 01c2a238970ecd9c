import { Button } from '@mantine/core';
import { useState } from 'react';
import { signOut } from '../lib/http';
import { notifyError } from '../ui/notify';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await signOut();
        } catch {
          notifyError('Failed to sign out. Please try again.');
          setBusy(false);
        }
      }}
    >
      Sign out
    </Button>
  );
}
