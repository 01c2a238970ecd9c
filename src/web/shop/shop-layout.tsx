import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShopViewer } from '../../contracts/storefront';
import { SignOutButton } from './sign-out-button';

export function ShopLayout({
  siteName,
  viewer,
  children,
}: {
  siteName: string;
  viewer: ShopViewer | null;
  children: ReactNode;
}) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        bg="white"
      >
        <Container size="lg">
          <Group justify="space-between">
            <Anchor href="/" fw={800} size="xl" underline="never" c="shop.7">
              {siteName}
            </Anchor>
            <Group gap="sm">
              {viewer ? (
                <>
                  <Text size="sm" c="dimmed" visibleFrom="xs">
                    {viewer.name}
                  </Text>
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
                  <Button component="a" href="/register" size="xs">
                    Create account
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }} bg="gray.0" py="xl">
        <Container size="lg">{children}</Container>
      </Box>
      <Box
        component="footer"
        py="md"
        bg="white"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
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
