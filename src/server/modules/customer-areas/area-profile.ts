import type { AreaAddress, AreaProfile } from '../../../contracts/customer-areas';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/database';
import { presentAreaAddress, presentAreaProfile } from './customer-areas.presenter';
import { findProfileUser, ownAddresses } from './customer-areas.queries';

/** GET /api/{role}/profile: the signed-in user's own profile (spec 3 §3 Profile). */
export async function areaProfile(db: Executor, session: SignedInSession): Promise<AreaProfile> {
  const user = await findProfileUser(db, session.user.id);
  return presentAreaProfile(user!, session.roles);
}

/** GET /api/{role}/addresses: the signed-in user's addresses, the default first. */
export async function areaAddressList(db: Executor, userId: number): Promise<AreaAddress[]> {
  return (await ownAddresses(db, userId)).map(presentAreaAddress);
}
