import type { AreaDashboardData } from '../../../contracts/customer-areas';
import { fullName } from '../../../domain/accounts/user-rules';
import {
  areaGreeting,
  ORDER_AREA_ROLES,
  RECENT_ORDERS_COUNT,
} from '../../../domain/customer-areas/area-orders';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/database';
import { defaultCurrency } from '../currencies';
import { presentAreaOrderSummary } from './customer-areas.presenter';
import { countOwnAddresses, ownOrderStats, ownOrdersPage } from './customer-areas.queries';

/**
 * GET /api/{role}/dashboard-data (/api/customer/dashboard), spec 3 §3 Customer area "Dashboard":
 * the user, a greeting, and for the order areas the order figures and the newest orders. The
 * partner's credit account parts arrive with the partner credit issue.
 */
export async function areaDashboard(
  db: Executor,
  session: SignedInSession,
  role: string,
): Promise<AreaDashboardData> {
  const user = session.user;
  const name = fullName({
    first_name: user.firstName,
    last_name: user.lastName,
    company_name: user.companyName,
    email: user.email,
  });
  const hasOrders = (ORDER_AREA_ROLES as readonly string[]).includes(role);
  const [stats, recent, currency, addressCount] = await Promise.all([
    hasOrders ? ownOrderStats(db, user.id) : null,
    hasOrders ? ownOrdersPage(db, user.id, 1, RECENT_ORDERS_COUNT) : null,
    hasOrders ? defaultCurrency(db) : null,
    countOwnAddresses(db, user.id),
  ]);
  return {
    user: { first_name: user.firstName, last_name: user.lastName, email: user.email, full_name: name },
    greeting: areaGreeting(user.firstName, name),
    role,
    stats:
      stats && currency
        ? {
            total_orders: stats.total,
            unpaid_orders: stats.unpaid,
            total_spent: toDecimalText(fromDecimal(stats.spent)),
            currency_symbol: currency.symbol,
          }
        : null,
    recent_orders: recent ? recent.data.map(presentAreaOrderSummary) : null,
    address_count: addressCount,
  };
}
