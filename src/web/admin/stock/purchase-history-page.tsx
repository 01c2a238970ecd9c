import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PurchaseHistoryRowReply } from '../../../contracts/stock';
import { displayDateTime, money } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { SystemDateInput } from '../../ui/date-input';
import type { Column } from '../../ui/list/data-table';
import { useListState } from '../../ui/list/use-list-state';
import { DeliveryStatusBadge, PaymentStatusBadge } from '../orders/list/order-badges';
import { HistoryList, StockItemPage, variantColumns } from './components/history-frame';
import { type StockItemRef, usePurchaseHistory } from './stock.api';
import { PURCHASE_DEFAULTS, purchaseQueryOf } from './stock-history-query';
import { STOCK_UI_MESSAGES } from './stock-messages';

/**
 * The purchase history of a product or variant (spec 2 §2, DECISIONS 13): the orders that bought
 * it, with dates, paging and the stock histories' look. Rental bookings join when rentals exist.
 */
export function PurchaseHistoryPage() {
  return (
    <StockItemPage title="Purchase history">{(item) => <PurchaseHistory itemRef={item} />}</StockItemPage>
  );
}

function PurchaseHistory({ itemRef }: { itemRef: StockItemRef }) {
  const list = useListState(PURCHASE_DEFAULTS);
  const { state } = list;
  const history = usePurchaseHistory(itemRef, purchaseQueryOf(state));
  const settings = useUiSettings();

  const columns: Column<PurchaseHistoryRowReply>[] = [
    {
      key: 'order',
      title: 'Order',
      render: (p) => (
        <Anchor component={Link} to={p.order_url} size="sm" ff="monospace">
          {p.order_code}
        </Anchor>
      ),
    },
    {
      key: 'date',
      title: 'Date',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDateTime(p.date, settings.date_format, settings.timezone)}
        </Text>
      ),
    },
    { key: 'customer', title: 'Customer', render: (p) => <Text size="sm">{p.customer}</Text> },
    ...variantColumns<PurchaseHistoryRowReply>(history.data?.item),
    {
      key: 'quantity',
      title: 'Quantity',
      align: 'right',
      render: (p) => (
        <Badge variant="light" color="gray">
          {p.quantity}
        </Badge>
      ),
    },
    {
      key: 'price',
      title: 'Unit price',
      align: 'right',
      render: (p) => <Text size="sm">{money(p.unit_price, p.currency_symbol)}</Text>,
    },
    {
      key: 'total',
      title: 'Line total',
      align: 'right',
      render: (p) => (
        <Text size="sm" fw={500}>
          {money(p.line_total, p.currency_symbol)}
        </Text>
      ),
    },
    { key: 'payment', title: 'Payment', render: (p) => <PaymentStatusBadge status={p.payment_status} /> },
    { key: 'delivery', title: 'Delivery', render: (p) => <DeliveryStatusBadge status={p.delivery_status} /> },
  ];

  return (
    <HistoryList
      title="Purchase history"
      itemRef={itemRef}
      current="purchases"
      filters={
        <>
          <SystemDateInput
            label="From"
            value={state.filters.date_from ?? null}
            onChange={(iso) => list.setFilter('date_from', iso)}
            w={130}
          />
          <SystemDateInput
            label="To"
            value={state.filters.date_to ?? null}
            onChange={(iso) => list.setFilter('date_to', iso)}
            w={130}
          />
        </>
      }
      query={history}
      failed={STOCK_UI_MESSAGES.purchasesFailed}
      label="Purchases"
      columns={columns}
      list={list}
      empty={(filtered) => ({
        title: filtered ? 'No purchases in these dates' : 'No purchases yet',
        description: filtered ? 'Try other dates.' : 'Orders that include this item show here.',
      })}
    />
  );
}

export default PurchaseHistoryPage;
