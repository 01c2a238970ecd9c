import type { UiSettings } from '../../../contracts/ui-settings';
import { parseAllowedTypes, TOTAL_UPLOAD_LIMIT_BYTES } from '../../../domain/files/file-rules';
import { defineRoute } from '../../platform/http/define-route';
import { getSettings } from '../../platform/settings/settings-store';
import { defaultCurrency } from '../currencies';

/** Public display settings for the browser: date format, time zone, currency, upload limits. */
export const settingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/ui-settings',
    auth: 'public',
    handler: async ({ ctx }): Promise<UiSettings> => {
      const s = await getSettings(ctx.db, [
        'site_name',
        'app_date_format',
        'app_timezone',
        'default_per_page',
        'file_upload_max_size',
        'file_upload_allowed_types',
        'vat_system_enabled',
        'vat_calculation_method',
      ]);
      const currency = await defaultCurrency(ctx.db);
      return {
        site_name: s.site_name,
        date_format: s.app_date_format,
        timezone: s.app_timezone,
        default_per_page: s.default_per_page,
        currency: { code: currency.code, symbol: currency.symbol },
        upload: {
          max_file_mb: s.file_upload_max_size,
          max_total_mb: TOTAL_UPLOAD_LIMIT_BYTES / (1024 * 1024),
          allowed_types: parseAllowedTypes(s.file_upload_allowed_types),
        },
        vat: { enabled: s.vat_system_enabled, method: s.vat_calculation_method },
      };
    },
  }),
];
