import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageReply,
  SliderDetailReply,
  SliderSavedReply,
  SlidersReply,
} from '../../../contracts/sliders';
import { http } from '../../lib/http';

export const sliderKeys = { all: ['sliders'] as const, one: (id: number) => ['sliders', id] as const };

export type SliderSaveBody = {
  name: string;
  description: string;
  is_active: boolean;
  slides: { id?: number | null; title: string; description: string; link: string; image_id: number }[];
};

export function useSliders() {
  return useQuery({
    queryKey: sliderKeys.all,
    queryFn: async ({ signal }) => (await http.get<SlidersReply>('/api/sliders', undefined, signal)).data,
  });
}

export function useSlider(id: number | null) {
  return useQuery({
    queryKey: sliderKeys.one(id ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get<SliderDetailReply>(`/api/sliders/${id}`, undefined, signal)).data,
    enabled: id !== null,
  });
}

/** POST /api/sliders or PUT /api/sliders/{id} (DECISIONS 14) with the ordered slides. */
export function useSaveSlider(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SliderSaveBody) =>
      id === null
        ? http.post<SliderSavedReply>('/api/sliders', body)
        : http.put<SliderSavedReply>(`/api/sliders/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: sliderKeys.all }),
  });
}

export function useDeleteSlider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<MessageReply>(`/api/sliders/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: sliderKeys.all }),
  });
}
