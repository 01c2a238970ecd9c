import { Select } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/form-errors';
import { http, navigation } from '../../lib/http';
import { notifyError } from '../../ui/notify';

type SwitchReply = { data: { dashboard_url: string } };

/** Switches the active role and goes to that role's dashboard (spec 3 §4). */
export function RoleSwitcher({ roles, active }: { roles: string[]; active: string | null }) {
  const [busy, setBusy] = useState(false);
  if (roles.length < 2) return null;
  return (
    <Select
      size="xs"
      w={150}
      aria-label="Active role"
      data={roles.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }))}
      value={active}
      disabled={busy}
      allowDeselect={false}
      onChange={async (role) => {
        if (!role || role === active) return;
        setBusy(true);
        try {
          const reply = await http.post<SwitchReply>('/api/user/roles/switch', { role });
          navigation.assign(reply.data.dashboard_url);
        } catch (error) {
          notifyError(errorMessage(error, 'Failed to switch role'));
          setBusy(false);
        }
      }}
    />
  );
}
