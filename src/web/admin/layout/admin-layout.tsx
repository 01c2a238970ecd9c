import {
  AppShell,
  Avatar,
  Burger,
  Center,
  Group,
  Loader,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { ADMIN_PAGES } from '../../../contracts/admin-pages';
import { loginUrl, navigation, signOut } from '../../lib/http';
import { useUiSettings } from '../../lib/ui-settings';
import { notifyError } from '../../ui/notify';
import { useViewer } from '../session';
import { RoleSwitcher } from './role-switcher';

async function logout() {
  try {
    await signOut();
  } catch {
    notifyError('Failed to sign out. Please try again.');
  }
}

/** The admin frame: navigation to every area the active role may open, the user, role switch, sign-out. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const viewer = useViewer();
  const settings = useUiSettings();

  if (viewer.isLoading) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!viewer.data) {
    navigation.assign(loginUrl());
    return null;
  }
  const user = viewer.data;
  const pages = ADMIN_PAGES.filter((p) => p.nav && user.permissions.includes(p.permission));
  const groups = [...new Set(pages.map((p) => p.nav!.group))];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      {/* The active theme's colours arrive as CSS variables in the page head (docs/decisions/0027). */}
      <AppShell.Header
        style={{ borderTop: '4px solid var(--theme-primary, #3490dc)' }}
        data-testid="admin-header"
      >
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Text
              fw={700}
              size="lg"
              component={Link}
              to="/dashboard"
              c="shop.7"
              style={{ textDecoration: 'none' }}
            >
              {settings.site_name}
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="sm">
              Back office
            </Text>
          </Group>
          <Group gap="sm">
            <RoleSwitcher roles={user.roles} active={user.active_role} />
            <Menu position="bottom-end" withArrow>
              <Menu.Target>
                <UnstyledButton aria-label="Account menu">
                  <Group gap={8}>
                    <Avatar size={30} radius="xl" color="shop">
                      {user.full_name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <div>
                      <Text size="sm" fw={500} lh={1.1} data-testid="signed-in-user">
                        {user.full_name}
                      </Text>
                      <Text size="xs" c="dimmed" lh={1.1}>
                        {user.active_role}
                      </Text>
                    </div>
                    <IconChevronDown size={14} />
                  </Group>
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
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin navigation">
        <ScrollArea>
          {groups.map((group) => (
            <div key={group}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="sm" mb={4}>
                {group}
              </Text>
              {pages
                .filter((p) => p.nav!.group === group)
                .map((p) => (
                  <NavLink
                    key={p.path}
                    component={Link}
                    to={p.path}
                    label={p.nav!.label}
                    active={pathname === p.path || pathname.startsWith(`${p.path}/`)}
                    onClick={close}
                  />
                ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
