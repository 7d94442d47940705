/** The content manager's reads: its init (content types with attributes) and the locales. */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import type { ContentManagerInit, Locale } from '../api/types';

export function useContentManagerInit() {
  return useQuery({
    queryKey: ['content-manager', 'init'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: ContentManagerInit }>('/content-manager/init', { signal })).data,
    staleTime: Infinity,
  });
}

export function useContentType(uid: string) {
  const init = useContentManagerInit();
  return { ...init, contentType: init.data?.contentTypes.find((type) => type.uid === uid) };
}

/** The project's locales (Strapi's `GET /i18n/locales`), asked only for localized types. */
export function useLocales(enabled: boolean) {
  return useQuery({
    queryKey: ['i18n', 'locales'],
    queryFn: ({ signal }) => apiRequest<Locale[]>('/i18n/locales', { signal }),
    staleTime: Infinity,
    enabled,
  });
}
