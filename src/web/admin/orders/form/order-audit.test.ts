import { describe, expect, it } from 'vitest';
import { actionLabel, changeLines } from './order-audit';

describe('the order audit trail lines', () => {
  it.each([
    ['order.created', 'Order created'],
    ['order.payment_added', 'Order payment added'],
    ['order.stock_deducted', 'Order stock deducted'],
  ])('labels %s as "%s"', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it('shows field changes as from → to and empty values as a dash', () => {
    expect(
      changeLines({
        delivery_status: { from: 'pending', to: 'shipped' },
        tracking_code: { from: null, to: 'T1' },
      }),
    ).toEqual(['delivery_status: pending → shipped', 'tracking_code: — → T1']);
  });

  it('reads the items summary as one line per kind of change, leaving out kinds without entries', () => {
    expect(
      changeLines({
        items: { added: ['2 × Teak side table', '1 × Robe (M)'], changed: [], removed: ['3 × Lamp'] },
        grand_total: '594.18',
      }),
    ).toEqual([
      'Items added: 2 × Teak side table; 1 × Robe (M)',
      'Items removed: 3 × Lamp',
      'grand_total: 594.18',
    ]);
  });
});
