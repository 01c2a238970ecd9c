import { useQuery } from '@tanstack/react-query';
import type { UiSettings } from '../../contracts/ui-settings';
import { http } from './http';

/** Used until the shop's settings arrive (spec 1 §9, spec 2 §9 defaults). */
export const DEFAULT_UI_SETTINGS: UiSettings = {
  site_name: 'Emporium',
  date_format: 'DD/MM/YYYY',
  timezone: 'Indian/Mauritius',
  default_per_page: 10,
  currency: { code: 'USD', symbol: '$' },
  upload: {
    max_file_mb: 5,
    max_total_mb: 50,
    allowed_types: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xls', 'xlsx'],
  },
  vat: { enabled: true, method: 'exclusive' },
};

export function useUiSettings(): UiSettings {
  const { data } = useQuery({
    queryKey: ['ui-settings'],
    queryFn: () => http.get<UiSettings>('/api/ui-settings'),
    staleTime: 5 * 60_000,
  });
  return data ?? DEFAULT_UI_SETTINGS;
}
