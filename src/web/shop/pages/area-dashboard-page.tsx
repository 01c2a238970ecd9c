import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AreaDashboardProps } from '../../../contracts/customer-areas';
import type { ShopViewer } from '../../../contracts/storefront';
import { money } from '../../lib/format';
import { PartnerCreditSummary } from '../credit/partner-credit-summary';
import { AccountPage } from './account-page';
import { AreaOrdersTable } from './area-orders-table';
import { AreaShell } from './area-shell';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/**
 * A customer area's dashboard (spec 3 §3 Customer area "Dashboard", §2): who is signed in (with the
 * role switch of the account page), the greeting, and for customer and partner the order figures
 * and newest orders with pay and modify.
 */
export function AreaDashboardPage({
  role,
  dashboard,
  credit,
  viewer,
}: AreaDashboardProps & { viewer: ShopViewer | null }) {
  const { stats, recent_orders } = dashboard;
  return (
    <AreaShell role={role} section="dashboard">
      <AccountPage role={role} viewer={viewer} />
      <Text size="lg">{dashboard.greeting}</Text>
      {stats && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stat label="Orders" value={stats.total_orders} />
          <Stat label="Awaiting payment" value={stats.unpaid_orders} />
          <Stat label="Total paid" value={money(stats.total_spent, stats.currency_symbol)} />
        </SimpleGrid>
      )}
      {credit && (
        <>
          <PartnerCreditSummary
            credit={credit.account}
            transactions={credit.transactions}
            currencySymbol={stats?.currency_symbol}
          />
          <Group gap="md">
            <Anchor href="/partner/checkout">Buy on credit (partner checkout)</Anchor>
          </Group>
        </>
      )}
      {recent_orders && (
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h4">
              Recent orders
            </Title>
            {recent_orders.length > 0 && <Anchor href={`/${role}/orders`}>View all orders</Anchor>}
          </Group>
          {recent_orders.length === 0 ? (
            <Stack gap={4}>
              <Text c="dimmed">You have not placed any orders yet.</Text>
              <Anchor href="/products">Browse the products</Anchor>
            </Stack>
          ) : (
            <AreaOrdersTable role={role} orders={recent_orders} caption="Recent orders" />
          )}
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb={4}>
            Profile
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {dashboard.user.full_name} · {dashboard.user.email}
          </Text>
          <Anchor href={`/${role}/profile`}>Edit your profile and password</Anchor>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb={4}>
            Addresses
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {dashboard.address_count === 0
              ? 'No addresses yet.'
              : `${dashboard.address_count} address${dashboard.address_count === 1 ? '' : 'es'} saved.`}
          </Text>
          <Anchor href={`/${role}/addresses`}>Manage your addresses</Anchor>
        </Card>
      </SimpleGrid>
    </AreaShell>
  );
}

export default AreaDashboardPage;
