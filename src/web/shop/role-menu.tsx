import { Button, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { SIGN_IN_MESSAGES } from '../../domain/accounts/sign-in-codes';
import { HttpError, http, navigation } from '../lib/http';

type SwitchReply = { data: { dashboard_url: string } };

/** spec 3 §6: admin reads "Administrator"; the others their name. */
export function roleLabel(role: string): string {
  return role === 'admin' ? 'Administrator' : role.charAt(0).toUpperCase() + role.slice(1);
}

/**
 * The shop header's role menu for a user holding several roles (spec 3 §4, §6): a button that
 * opens the list of held roles (a disclosure: Tab moves through it, Escape closes it and gives the
 * focus back). Choosing one switches the active role on the server, which rotates the session and
 * CSRF token (DECISIONS 26), and then loads the dashboard it answers as a whole new page, so
 * every store of the page starts again in the new role.
 */
export function RoleMenu({ roles, active }: { roles: string[]; active: string | null }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (roles.length < 2) return null;

  const switchTo = async (role: string) => {
    setBusy(role);
    setProblem(null);
    try {
      const reply = await http.post<SwitchReply>('/api/user/roles/switch', { role });
      navigation.assign(reply.data.dashboard_url);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : SIGN_IN_MESSAGES.switchRoleFailed);
      setBusy(null);
    }
  };

  return (
    <div ref={root} style={{ position: 'relative' }}>
      <Button
        ref={button}
        variant="default"
        size="xs"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="role-menu-button"
      >
        Role: {active ? roleLabel(active) : 'none'} <span aria-hidden="true">&nbsp;▾</span>
      </Button>
      <div
        id={panelId}
        hidden={!open}
        style={{
          position: 'absolute',
          right: 0,
          top: 'calc(100% + 4px)',
          zIndex: 300,
          minWidth: 200,
          padding: 6,
          background: '#fff',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
          boxShadow: '0 6px 18px rgba(0,0,0,0.12)',
        }}
      >
        <Text size="xs" c="dimmed" px={8} py={4} id={`${panelId}-title`}>
          Switch role
        </Text>
        <ul aria-labelledby={`${panelId}-title`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {roles.map((role) => (
            <li key={role}>
              <Button
                variant={role === active ? 'light' : 'subtle'}
                size="xs"
                fullWidth
                styles={{ inner: { justifyContent: 'flex-start' } }}
                aria-current={role === active ? 'true' : undefined}
                disabled={busy !== null && busy !== role}
                loading={busy === role}
                onClick={() => (role === active ? setOpen(false) : switchTo(role))}
              >
                {roleLabel(role)}
                {role === active ? ' (current)' : ''}
              </Button>
            </li>
          ))}
        </ul>
        {problem && (
          <Text size="xs" c="red.8" role="alert" px={8} py={4} maw={220}>
            {problem}
          </Text>
        )}
      </div>
    </div>
  );
}
