/** The admin API's shapes the shell reads (contracts: Strapi-shaped). */
export interface AdminUser {
  readonly id: number;
  readonly firstname: string | null;
  readonly lastname: string | null;
  readonly username?: string | null;
  readonly email: string;
}

export interface Permission {
  readonly action: string;
  readonly subject: string | null;
  readonly properties?: { readonly fields?: readonly string[]; readonly locales?: readonly string[] };
  readonly conditions?: readonly string[];
}

export interface Attribute {
  readonly type: string;
  readonly [key: string]: unknown;
}

export interface ContentTypeInfo {
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly info: { readonly displayName: string; readonly singularName: string; readonly pluralName: string };
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly options?: { readonly draftAndPublish?: boolean };
  readonly pluginOptions?: { readonly i18n?: { readonly localized?: boolean } };
  readonly mainField: string;
  readonly isDisplayed: boolean;
}

export interface ContentManagerInit {
  readonly contentTypes: readonly ContentTypeInfo[];
  readonly components: readonly unknown[];
}

export type EntryStatus = 'draft' | 'published' | 'modified';

export interface ListEntry {
  readonly id: number;
  readonly documentId: string;
  readonly status?: EntryStatus;
  readonly locale?: string | null;
  readonly [field: string]: unknown;
}

export interface Pagination {
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
  readonly total: number;
}

export interface ListResponse {
  readonly results: readonly ListEntry[];
  readonly pagination: Pagination;
}

export interface Locale {
  readonly code: string;
  readonly name: string;
  readonly isDefault: boolean;
}
