import { Group, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { signOut } from '../../lib/http';
import { notifyError } from '../../ui/notify';
import type { Viewer } from '../session';
import { RoleSwitcher } from './role-switcher';
import { SignedInUser } from './signed-in-user';

async function logout() {
  try {
    await signOut();
  } catch {
    notifyError('Failed to sign out. Please try again.');
  }
}

/**
 * The role switch and the account menu, in a chunk of their own: the select and the menu bring
 * Mantine's popover and floating-ui, which the first paint of the admin does not need.
 */
export default function AccountControls({ user }: { user: Viewer }) {
  return (
    <Group gap="sm">
      <RoleSwitcher roles={user.roles} active={user.active_role} />
      <Menu position="bottom-end" withArrow>
        <Menu.Target>
          <UnstyledButton>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <SignedInUser user={user} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.email}</Menu.Label>
          <Menu.Item component="a" href="/">
            View shop
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={14} />} onClick={logout}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
