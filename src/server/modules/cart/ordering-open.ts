import { ORDERING_CLOSED_MESSAGE } from '../../../contracts/storefront';
import { AppError } from '../../../domain/errors';
import type { Executor } from '../../platform/db/database';
import { getSetting } from '../../platform/settings/settings-store';

/**
 * Refuses buying while the admin has switched online ordering off (system settings,
 * online_shop_enabled; docs/decisions/0060): adding to the cart and checking out answer 409 with
 * the shop's message. Orders already placed can still be paid.
 */
export async function assertOrderingOpen(db: Executor): Promise<void> {
  if (!(await getSetting(db, 'online_shop_enabled'))) throw new AppError('conflict', ORDERING_CLOSED_MESSAGE);
}
