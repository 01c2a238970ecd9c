import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { saveRentalTemplate } from './save-rental-template';
import { rentalTemplates } from './templates.tables';

const AGREEMENT = `<h1 style="text-align:center">Rental agreement</h1>
<p>Between <strong>{{shop_name}}</strong> ({{shop_email}}, {{shop_phone}}) and <strong>{{customer_name}}</strong> {{company_name}}, {{customer_address}}.</p>
<p>Booking <strong>{{booking_code}}</strong>, from {{start_date}} to {{end_date}}.</p>
<h3>Rented items</h3>
<p>{{items_table}}</p>
<table border="0" cellpadding="4"><tbody>
<tr><td>Monthly total</td><td><strong>{{monthly_total}}</strong></td></tr>
<tr><td>Deposit</td><td><strong>{{deposit_amount}}</strong></td></tr>
</tbody></table>
<p>The customer keeps the items in good condition and returns them at the end of the rental. Monthly payments are due at the start of each period.</p>
<p>Signed on {{current_date}}.</p>
<p>______________________ Customer &nbsp;&nbsp;&nbsp; ______________________ {{shop_name}}</p>`;

/** One default rental agreement while the table is empty (README "Demo data"). */
export async function seedDemoRentalTemplates(ctx: AppContext, actor: Actor): Promise<void> {
  const [row] = await ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(rentalTemplates);
  if ((row?.n ?? 0) > 0) return;
  await saveRentalTemplate(ctx, actor, null, {
    name: 'Standard rental agreement',
    content: AGREEMENT,
    type: 'rental_agreement',
    status: 'active',
    is_default: true,
  });
}
