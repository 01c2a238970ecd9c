import type { DashboardRangeQuery } from '../../../contracts/dashboard';
import type { DateRange } from '../../../domain/dashboard/dashboard-range';
import { type IsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';

/**
 * The range a dashboard request asks for, with the shop's time zone it is read in: the query's
 * days (the contract checked them), or today in the shop's time zone when none is given
 * (spec 3 §9).
 */
export async function resolveRange(
  ctx: AppContext,
  query: DashboardRangeQuery,
): Promise<{ range: DateRange; timeZone: string }> {
  const timeZone = await getSetting(ctx.db, 'app_timezone');
  if (query.date_from && query.date_to)
    return { range: { from: query.date_from as IsoDate, to: query.date_to as IsoDate }, timeZone };
  const today = isoDateInZone(ctx.now(), timeZone);
  return { range: { from: today, to: today }, timeZone };
}
