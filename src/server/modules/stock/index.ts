export { DEMO_LOCATIONS, seedDemoStock } from './seed-demo-stock';
export { sendStockAlerts, stockAlertsMail } from './send-stock-alerts';
export { presentStockItem } from './stock.presenter';
export { stockHeldBy, stockOnHand } from './stock.queries';
export { stockRoutes, stockSettingsRoutes } from './stock.routes';
export { type FoundStockItem, findStockItem } from './stock-history.queries';
export {
  type AdjustInput,
  type AdjustResult,
  adjust,
  type DeductInput,
  type DeductResult,
  deduct,
  discardStock,
  hasActiveStoreLocations,
  isStockManagementEnabled,
  lockStockItems,
  type ReturnInput,
  type ReturnResult,
  returnStock,
  type StockItem,
  type StockReference,
  setInitialStock,
} from './stock-service';
export { stockSheetRoutes } from './stock-sheet.routes';
