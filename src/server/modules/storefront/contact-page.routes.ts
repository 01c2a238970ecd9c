import { defineRoute } from '../../platform/http/define-route';
import { getSetting } from '../../platform/settings/settings-store';
import { closedForMaintenance } from './maintenance';
import { shopDocument } from './shop-document';
import { contactSeo } from './shop-seo';

/** spec 3 §2 /contact: the contact form; it posts to POST /contact (modules/contact). */
export const contactPageRoutes = [
  defineRoute({
    method: 'GET',
    url: '/contact',
    auth: 'public',
    html: true,
    handler: async ({ ctx, req, reply }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const siteName = await getSetting(ctx.db, 'site_name');
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(
          ctx,
          req,
          { page: 'contact', props: {} },
          contactSeo(ctx.config.publicUrl, siteName),
        ),
      );
    },
  }),
];
