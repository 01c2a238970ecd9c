import { Alert, Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShopMenuItem } from '../../contracts/shop-catalogue';
import { ORDERING_CLOSED_MESSAGE, type ShopViewer } from '../../contracts/storefront';
import { CartLink } from './cart-link';
import { RoleMenu } from './role-menu';
import { ShopNav } from './shop-nav';
import { SignOutButton } from './sign-out-button';

/** The primary button of the storefront, in the active theme's primary colour. */
export const themedButton = {
  background: 'var(--theme-primary)',
  color: 'var(--theme-on-primary, #fff)',
} as const;

/**
 * The storefront frame. The active theme's colours are CSS variables (--theme-primary, ...) that the
 * server writes into the page head (docs/decisions/0027); the logo comes with the document.
 */
export function ShopLayout({
  siteName,
  logoUrl,
  viewer,
  menu = [],
  path = null,
  cartCount = 0,
  orderingOpen = true,
  children,
}: {
  siteName: string;
  logoUrl: string | null;
  viewer: ShopViewer | null;
  menu?: ShopMenuItem[];
  path?: string | null;
  /** Units in the visitor's cart when the page was made. */
  cartCount?: number;
  /** False while the admin has switched online ordering off. */
  orderingOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      mih="100vh"
      style={{ display: 'flex', flexDirection: 'column', color: 'var(--theme-text)' }}
      data-testid="shop-frame"
    >
      <a href="#main" className="shop-skip-link">
        Skip to content
      </a>
      <Box
        component="header"
        py="sm"
        style={{
          borderTop: '4px solid var(--theme-primary)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
          background: 'var(--theme-background)',
        }}
      >
        <Container size="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Anchor
              href="/"
              fw={800}
              size="xl"
              underline="never"
              style={{ color: 'var(--theme-primary)', display: 'flex', alignItems: 'center', gap: 8 }}
              data-testid="shop-brand"
            >
              {logoUrl && (
                <img src={logoUrl} alt="" height={36} style={{ maxWidth: 160, objectFit: 'contain' }} />
              )}
              {siteName}
            </Anchor>
            <ShopNav items={menu} path={path} />
            <Group gap="sm">
              <CartLink initialCount={cartCount} />
              {viewer ? (
                <>
                  <Text size="sm" c="dimmed" visibleFrom="xs">
                    {viewer.name}
                  </Text>
                  <RoleMenu roles={viewer.roles} active={viewer.active_role} />
                  {viewer.dashboard_url && (
                    <Button component="a" href={viewer.dashboard_url} variant="light" size="xs">
                      My account
                    </Button>
                  )}
                  <SignOutButton />
                </>
              ) : (
                <>
                  <Button component="a" href="/login" variant="subtle" size="xs">
                    Sign in
                  </Button>
                  <Button component="a" href="/register" size="xs" style={themedButton}>
                    Create account
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }} bg="gray.0" py="xl">
        <Container size="lg">
          {!orderingOpen && (
            <Alert color="yellow" mb="lg" data-testid="ordering-closed">
              {ORDERING_CLOSED_MESSAGE}
            </Alert>
          )}
          {children}
        </Container>
      </Box>
      <Box
        component="footer"
        py="md"
        style={{ borderTop: '3px solid var(--theme-accent)', background: 'var(--theme-background)' }}
      >
        <Container size="lg">
          <Text size="xs" c="dimmed">
            © {siteName}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
