import { Anchor, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import type { AreaOrdersProps } from '../../../contracts/customer-areas';
import { navigation } from '../../lib/http';
import { AreaOrdersTable } from './area-orders-table';
import { AreaShell } from './area-shell';

/** /customer/orders, /partner/orders: the signed-in user's orders, newest first, a page at a time. */
export function AreaOrdersPage({ role, orders }: AreaOrdersProps) {
  return (
    <AreaShell role={role} section="orders" title="Your orders">
      <Card withBorder padding="lg">
        {orders.data.length === 0 ? (
          <Stack gap={4}>
            <Text c="dimmed">
              {orders.current_page > 1 ? 'No orders on this page.' : 'You have not placed any orders yet.'}
            </Text>
            <Anchor href={orders.current_page > 1 ? `/${role}/orders` : '/products'}>
              {orders.current_page > 1 ? 'Back to the first page' : 'Browse the products'}
            </Anchor>
          </Stack>
        ) : (
          <AreaOrdersTable role={role} orders={orders.data} caption="Your orders" />
        )}
      </Card>
      {orders.last_page > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Orders {orders.from}–{orders.to} of {orders.total}
          </Text>
          <Pagination
            total={orders.last_page}
            value={orders.current_page}
            onChange={(page) => navigation.assign(`/${role}/orders?page=${page}`)}
            getItemProps={(page) => ({ component: 'a', href: `/${role}/orders?page=${page}` })}
            aria-label="Order pages"
          />
        </Group>
      )}
    </AreaShell>
  );
}

export default AreaOrdersPage;
