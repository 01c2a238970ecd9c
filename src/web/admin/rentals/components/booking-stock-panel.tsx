import { Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { useBookingStockStatus } from '../rentals.api';

/**
 * Stock status of the booking (spec 3 §3 "Stock status: items with product_id and period_number",
 * §8: a failure sets an error text on the panel). The booking's status moves the stock (ready and
 * later statuses deduct, returned gives back); the panel only shows it.
 */
export function BookingStockPanel({ bookingId }: { bookingId: number }) {
  const { date_format, timezone } = useUiSettings();
  const status = useBookingStockStatus(bookingId);
  const deductedAt = status.data?.stock_deducted_at ?? null;
  const deducted = Boolean(deductedAt);

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Stock status
        </Title>
        {status.isPending ? (
          <Skeleton h={60} />
        ) : status.isError ? (
          <Text c="red" size="sm" role="alert" data-testid="stock-error">
            {status.error instanceof Error && status.error.message
              ? `Failed to load stock status: ${status.error.message}`
              : 'Failed to load stock status'}
          </Text>
        ) : status.data.stock_management_enabled === false ? (
          <Text size="sm" c="dimmed">
            Stock management is switched off: rentals do not move stock.
          </Text>
        ) : (
          <>
            <Group gap="xs">
              <Badge color={deducted ? 'teal' : 'gray'} variant="light" data-testid="stock-state">
                {deducted ? 'Deducted' : 'Not deducted'}
              </Badge>
              {deductedAt && (
                <Text size="xs" c="dimmed">
                  {displayDateTime(deductedAt, date_format, timezone)}
                </Text>
              )}
            </Group>
            {status.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No stock movements for this booking.
              </Text>
            ) : (
              <Table aria-label="Stock of the booking's items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Rented</Table.Th>
                    <Table.Th ta="right">In stock</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.data.items.map((item) => (
                    <Table.Tr
                      key={`${item.product_id}-${item.product_stock_id ?? ''}-${item.period_number ?? 0}`}
                    >
                      <Table.Td>
                        <Text size="sm">{item.name ?? `Product #${item.product_id}`}</Text>
                        <Text size="xs" c="dimmed">
                          {item.period_number === null ? 'Booking item' : `Period ${item.period_number}`}
                          {item.deducted ? ' · taken from stock' : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{item.quantity ?? '—'}</Table.Td>
                      <Table.Td ta="right">{item.current_stock ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
