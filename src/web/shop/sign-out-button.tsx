import { Button } from '@mantine/core';
import { useState } from 'react';
import { http, navigation } from '../lib/http';
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
          const reply = await http.post<{ redirect_url: string }>('/logout');
          navigation.assign(reply.redirect_url);
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
