/** The content-type builder's admin API (`/content-type-builder/*`, root paths as Strapi's) and `GET /admin/information`. */
import { useQuery } from '@tanstack/react-query';
import { adminPath, apiRequest } from '../api/client';

export type AttributeJson = Record<string, unknown> & { type: string };

export interface ContentTypeItem {
  readonly uid: string;
  /** set on a plugin's type (users-permissions' user…): listed as a relation target, never edited */
  readonly plugin?: string;
  readonly schema: {
    readonly displayName: string;
    readonly singularName: string;
    readonly pluralName: string;
    readonly description: string;
    readonly draftAndPublish: boolean;
    readonly kind: 'collectionType' | 'singleType';
    readonly pluginOptions: Record<string, unknown>;
    readonly attributes: Record<string, AttributeJson>;
    readonly visible?: boolean;
    /** the relation kinds a relation to this type may have (null: any; []: none) */
    readonly restrictRelationsTo?: readonly string[] | null;
  };
}

export interface ComponentItem {
  readonly uid: string;
  readonly category: string;
  readonly schema: { readonly displayName: string; readonly icon?: string; readonly attributes: Record<string, AttributeJson> };
}

export interface Information {
  readonly currentEnvironment: string;
  readonly autoReload: boolean;
  /** which app answers: a new value after develop's restart */
  readonly startedAt: string;
}

export const informationRequest = (signal?: AbortSignal) => apiRequest<{ data: Information }>(adminPath('/information'), { signal }).then((body) => body.data);

/** `GET /admin/information`: the Main nav shows the builder in development only */
export function useAdminInformation() {
  return useQuery({ queryKey: ['admin', 'information'], queryFn: ({ signal }) => informationRequest(signal), staleTime: Infinity });
}

export function useBuilderSchemas() {
  return useQuery({
    queryKey: ['content-type-builder', 'schemas'],
    queryFn: async ({ signal }) => {
      const [types, components] = await Promise.all([
        apiRequest<{ data: ContentTypeItem[] }>('/content-type-builder/content-types', { signal }),
        apiRequest<{ data: ComponentItem[] }>('/content-type-builder/components', { signal }),
      ]);
      return { contentTypes: types.data, components: components.data };
    },
    staleTime: Infinity,
  });
}

export function saveSchema(body: unknown): Promise<unknown> {
  return apiRequest('/content-type-builder/update-schema', { method: 'POST', body });
}
