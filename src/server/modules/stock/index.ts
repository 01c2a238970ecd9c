export { stockRoutes, stockSettingsRoutes } from './stock.routes';
export {
  type AdjustInput,
  type AdjustResult,
  adjust,
  type DeductInput,
  type DeductResult,
  deduct,
  hasActiveStoreLocations,
  isStockManagementEnabled,
  type ReturnInput,
  type ReturnResult,
  returnStock,
  type StockItem,
  type StockReference,
} from './stock-service';
