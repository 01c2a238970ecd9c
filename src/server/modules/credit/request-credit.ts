import type { CreditRequestBody } from '../../../contracts/credit';
import { CREDIT_REQUEST_MESSAGES } from '../../../contracts/credit';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { AppContext } from '../../platform/context';
import { creditRequests } from './credit.tables';

/** POST /api/partner/credit-request (spec 3 §3, §7): kept pending for the shop to answer. */
export async function requestCredit(ctx: AppContext, userId: number, body: CreditRequestBody) {
  await ctx.db.insert(creditRequests).values({
    userId,
    amount: toDecimalText(fromDecimal(body.amount)),
    businessJustification: body.business_justification,
    contactPhone: body.contact_phone,
    createdAt: ctx.now(),
  });
  return { success: true as const, message: CREDIT_REQUEST_MESSAGES.sent };
}
