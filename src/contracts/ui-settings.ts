import type { DateFormat } from '../domain/dates/date-format';
import type { VatSettings } from '../domain/pricing/vat';

/** What every screen needs to show dates and money the shop's way (GET /api/ui-settings). */
export type UiSettings = {
  site_name: string;
  date_format: DateFormat;
  timezone: string;
  default_per_page: number;
  currency: { code: string; symbol: string };
  upload: { max_file_mb: number; max_total_mb: number; allowed_types: string[] };
  /** The shop's VAT system and method (spec 1 §9): the order form prices new orders with them. */
  vat: VatSettings;
};
