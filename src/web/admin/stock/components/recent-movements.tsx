import { Anchor, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { StockMovementReply } from '../../../../contracts/stock';
import { stockWordLabel } from '../../../../domain/stock/stock-rules';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { historyPagePath } from '../stock.api';
import { QuantityChange } from './stock-cells';

/** The overview's latest movements (spec 2 §3 recent_movements), each linking to its item's history. */
export function RecentMovements({ movements }: { movements: StockMovementReply[] }) {
  const settings = useUiSettings();
  if (movements.length === 0) return null;
  return (
    <Paper withBorder radius="md" mt="lg" p="md">
      <Title order={4} mb="xs">
        Recent movements
      </Title>
      <ScrollArea>
        <Table verticalSpacing={6} fz="sm" aria-label="Recent movements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
              <Table.Th>Stock</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {movements.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {displayDateTime(m.created_at, settings.date_format, settings.timezone)}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={historyPagePath('movements', { productId: m.product_id, variantId: m.variant_id })}
                    size="sm"
                  >
                    {m.product_name}
                    {m.variant_name ? ` — ${m.variant_name}` : ''}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <QuantityChange value={m.quantity_changed} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {m.quantity_before} → {m.quantity_after}
                </Table.Td>
                <Table.Td>{stockWordLabel(m.reason)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={m.store_location ? undefined : 'dimmed'}>
                    {m.store_location ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{m.user ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
