import type { StockSettingsValues } from './stock.api';

/** spec 2 §4 stock deduction timing: on_payment (order paid), on_order (order placed), on_shipping (order shipped). */
export const DEDUCTION_TIMING_OPTIONS: {
  value: StockSettingsValues['stock_deduction_timing'];
  label: string;
}[] = [
  { value: 'on_order', label: 'When the order is placed' },
  { value: 'on_payment', label: 'When the order is paid' },
  { value: 'on_shipping', label: 'When the order is shipped' },
];

/** spec 2 §4 out-of-stock behaviour: hide, show_disabled, show_notify. */
export const OUT_OF_STOCK_OPTIONS: { value: StockSettingsValues['out_of_stock_behavior']; label: string }[] =
  [
    { value: 'hide', label: 'Hide them from the shop' },
    { value: 'show_disabled', label: 'Show them, not orderable' },
    { value: 'show_notify', label: 'Show them with "notify me when back"' },
  ];
