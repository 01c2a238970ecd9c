import {
  type AreaOrderDetail,
  type AreaOrdersPage,
  AREA_MESSAGES as M,
} from '../../../contracts/customer-areas';
import { AREA_ORDERS_PER_PAGE } from '../../../domain/customer-areas/area-orders';
import type { Executor } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { itemsOfOrder } from '../orders';
import { presentAreaOrder, presentAreaOrderSummary } from './customer-areas.presenter';
import { findOwnOrder, ownOrdersPage } from './customer-areas.queries';

/** GET /api/{role}/orders: the signed-in user's orders, newest first, paged in SQL. */
export async function areaOrders(db: Executor, userId: number, page: number): Promise<AreaOrdersPage> {
  const rows = await ownOrdersPage(db, userId, page, AREA_ORDERS_PER_PAGE);
  return { ...rows, data: rows.data.map(presentAreaOrderSummary) };
}

/** GET /api/{role}/orders/{id} and /{role}/order/{id}: one of the user's orders; anyone else's is 404. */
export async function areaOrder(db: Executor, userId: number, id: number): Promise<AreaOrderDetail> {
  const order = await findOwnOrder(db, userId, id);
  if (!order) throw notFound(M.orderNotFound);
  return presentAreaOrder(order, await itemsOfOrder(db, order.id));
}
