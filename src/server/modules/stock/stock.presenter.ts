import type { StoreLocationReply } from '../../../contracts/stock';
import type { storeLocations } from './stock.tables';

export function presentStoreLocation(row: typeof storeLocations.$inferSelect): StoreLocationReply {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    address: row.address,
    is_active: row.isActive,
  };
}
