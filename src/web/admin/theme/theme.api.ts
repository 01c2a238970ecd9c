import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThemeSettingsReply, ThemeUpdateBody } from '../../../contracts/theme-settings';
import type { ThemeName } from '../../../domain/theme/theme';
import { http } from '../../lib/http';
import { uploadWithProgress } from '../../lib/transfer';

export const themeKeys = { settings: ['settings', 'theme'] as const };

/** GET /api/theme-settings (spec 2 §7). */
export function useThemeSettings() {
  return useQuery({
    queryKey: themeKeys.settings,
    queryFn: async ({ signal }) =>
      (await http.get<ThemeSettingsReply>('/api/theme-settings', undefined, signal)).data,
  });
}

function useThemeMutation<A>(call: (arg: A) => Promise<ThemeSettingsReply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => client.setQueryData(themeKeys.settings, reply.data),
  });
}

export const useUpdateTheme = () =>
  useThemeMutation((body: ThemeUpdateBody) =>
    http.post<ThemeSettingsReply>('/api/theme-settings/update', body),
  );

export const useActivateTheme = () =>
  useThemeMutation((body: { theme: ThemeName; apply_defaults: boolean }) =>
    http.post<ThemeSettingsReply>('/api/theme-settings/activate', body),
  );

export const useResetTheme = () =>
  useThemeMutation((theme: ThemeName) =>
    http.post<ThemeSettingsReply>('/api/theme-settings/reset', { theme }),
  );

/** POST /api/theme-settings/upload-logo | upload-favicon with progress (multipart `logo` / `favicon`). */
export const useUploadThemeImage = (kind: 'logo' | 'favicon', onProgress: (percent: number) => void) =>
  useThemeMutation((file: File) => {
    const form = new FormData();
    form.append(kind, file, file.name);
    return uploadWithProgress<ThemeSettingsReply>(`/api/theme-settings/upload-${kind}`, form, onProgress);
  });
