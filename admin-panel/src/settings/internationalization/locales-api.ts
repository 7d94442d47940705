/**
 * Settings → Internationalization's requests, at Strapi's root addresses (`/i18n/locales`,
 * `/i18n/iso-locales`; admin/i18n-routes.ts). Writes invalidate `['i18n']`: the content manager's
 * locale switcher reads the same list under `['i18n', 'locales']`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export interface AdminLocale {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly isDefault: boolean;
}

export interface IsoLocale {
  readonly code: string;
  readonly name: string;
}

/** per localized type: its documents with a version in the locale, their rows, and those with no other locale */
export interface LocaleContent {
  readonly uid: string;
  readonly documents: number;
  readonly rows: number;
  readonly deletedDocuments: number;
}

export function useAdminLocales() {
  return useQuery({ queryKey: ['i18n', 'locales'], queryFn: ({ signal }) => apiRequest<AdminLocale[]>('/i18n/locales', { signal }) });
}

export function useIsoLocales(enabled: boolean) {
  return useQuery({ queryKey: ['i18n', 'iso-locales'], queryFn: ({ signal }) => apiRequest<IsoLocale[]>('/i18n/iso-locales', { signal }), staleTime: Infinity, enabled });
}

export function useDeletionPreview(id: number | null) {
  return useQuery({
    queryKey: ['i18n', 'deletion-preview', id],
    queryFn: async ({ signal }) => (await apiRequest<{ data: { content: LocaleContent[] } }>(`/i18n/locales/${id}/deletion-preview`, { signal })).data.content,
    enabled: id !== null,
    gcTime: 0,
  });
}

export function useLocaleWrite<I>(write: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      // a preview is asked again when a dialog opens: refetching a deleted locale's would be a 404
      queryClient.removeQueries({ queryKey: ['i18n', 'deletion-preview'] });
      return queryClient.invalidateQueries({ queryKey: ['i18n'] });
    },
  });
}

export const createLocale = (body: { code: string; name: string; isDefault: boolean }) => apiRequest<AdminLocale>('/i18n/locales', { method: 'POST', body });
export const updateLocale = ({ id, ...body }: { id: number; name: string; isDefault?: boolean }) => apiRequest<AdminLocale>(`/i18n/locales/${id}`, { method: 'PUT', body });
export const deleteLocale = ({ id, force }: { id: number; force: boolean }) =>
  apiRequest<AdminLocale>(`/i18n/locales/${id}`, { method: 'DELETE', query: force ? new URLSearchParams({ force: 'true' }) : undefined });
