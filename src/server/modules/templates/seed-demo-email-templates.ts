import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { saveEmailTemplate } from './save-email-template';
import { emailTemplates } from './templates.tables';

const DEMO = [
  {
    name: 'Order confirmation',
    slug: 'order-confirmation',
    type: 'order_confirmation',
    subject: 'Your order {{order_code}} is confirmed',
    body: '<h2>Thank you, {{customer_name}}!</h2><p>We received your order <strong>{{order_code}}</strong> of {{order_date}}.</p><p>Total: <strong>{{grand_total}}</strong> ({{payment_method}})</p><p>Delivery to: {{delivery_address}}</p><p><a href="{{order_link}}">View your order</a></p><p>{{shop_name}}</p>',
    context: 'Sent when an order is placed.',
  },
  {
    name: 'Password reset',
    slug: 'password-reset',
    type: 'password_reset',
    subject: 'Reset your {{shop_name}} password',
    body: '<p>Hello {{customer_name}},</p><p>Someone asked to reset the password of your account. The link works once, for {{expires_in_minutes}} minutes:</p><p><a href="{{reset_link}}">Choose a new password</a></p><p>If it was not you, ignore this e-mail.</p>',
    context: 'Sent from the forgot-password form.',
  },
  {
    name: 'Monthly newsletter',
    slug: 'monthly-newsletter',
    type: 'custom',
    subject: 'News from {{shop_name}}',
    body: '<h2>Hello {{customer_name}}</h2><p>This month we added new mobility aids and home-care products. Visit the shop to see them.</p><p>Questions? Write to <a href="mailto:{{shop_email}}">{{shop_email}}</a>.</p>',
    context: null,
  },
] as const;

/** A few e-mail templates while the table is empty (README "Demo data"). */
export async function seedDemoEmailTemplates(ctx: AppContext, actor: Actor): Promise<void> {
  const [row] = await ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(emailTemplates);
  if ((row?.n ?? 0) > 0) return;
  for (const template of DEMO) {
    await saveEmailTemplate(ctx, actor, null, { ...template, status: 'active' });
  }
}
