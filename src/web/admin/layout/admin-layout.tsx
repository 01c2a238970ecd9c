import { AppShell, Box, Burger, Center, Group, Loader, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ADMIN_PAGES } from '../../../contracts/admin-pages';
import { loginUrl, navigation } from '../../lib/http';
import { useUiSettings } from '../../lib/ui-settings';
import { useViewer } from '../session';
import { SignedInUser } from './signed-in-user';

const AccountControls = lazy(() => import('./account-controls'));

/** The admin frame: navigation to every area the active role may open, the user, role switch, sign-out. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const viewer = useViewer();
  const settings = useUiSettings();

  if (viewer.isLoading) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Loading" />
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
          <Suspense fallback={<SignedInUser user={user} />}>
            <AccountControls user={user} />
          </Suspense>
        </Group>
      </AppShell.Header>
      {/* Scrolls natively: Mantine's ScrollArea would bring floating-ui into the first chunk. */}
      <AppShell.Navbar p="sm" aria-label="Admin navigation">
        <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
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
        </Box>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
