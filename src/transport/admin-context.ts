import type { AdminRealm } from '../auth/admin/admin-realm.js';
import type { TokensApi } from '../auth/auth-service.js';
import type { TransferTokensStore } from '../auth/transfer-tokens.js';
import type { TransportContext } from './transport-context.js';
import type { WebhookService } from '../webhooks/webhook-service.js';
import type { FolderService } from '../upload/folder-service.js';
import type { UploadService } from '../upload/upload-service.js';

export type { AdminLogin, AdminRealm } from '../auth/admin/admin-realm.js';
export type { TokensApi } from '../auth/auth-service.js';
export { transferDisabledError, type TransferTokensStore, type TransferTokenInput, type TransferTokenChanges } from '../auth/transfer-tokens.js';
export type { WebhookService } from '../webhooks/webhook-service.js';

/**
 * What the admin API transport (src/admin/) receives: the transport context, plus the admin
 * realm's services its actions call (login, sessions, users, roles) and the API token service,
 * each call inside an `operations.action` (permission, policies) as REST's auth routes do.
 */
export interface AdminTransportContext extends TransportContext {
  readonly admin: {
    readonly realm: AdminRealm;
    readonly tokens: TokensApi;
    /** transfer tokens (`strapi transfer --to`); undefined without a transfer token salt: the routes answer 501 */
    readonly transferTokens: TransferTokensStore | undefined;
    /** webhooks as data, their delivery log, redelivery and trigger (webhook-routes.ts) */
    readonly webhooks: WebhookService;
    /** `admin.url`: the admin API's prefix and the refresh cookie's Path (default `/admin`) */
    readonly path: string;
    /** `admin.serveAdminPanel`: the built panel is served at `path` (src/admin/panel-routes.ts) */
    readonly serveAdminPanel: boolean;
    /** the refresh cookie is `Secure` (production) */
    readonly secureCookies: boolean;
  };
  /** the media library's services the admin upload routes' actions call (their entry writes are operations) */
  readonly media: { readonly uploads: UploadService; readonly folders: FolderService };
  /** the content-type builder's schema files (src/content-type-builder/, wired by the app) */
  readonly contentTypeBuilder: ContentTypeBuilderPort;
}

/** What a schema write answers: the uids changed, the project files written and removed. */
export interface SchemaWriteResult {
  readonly contentTypes: readonly string[];
  readonly components: readonly string[];
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

/**
 * The content-type builder as the admin routes see it (src/content-type-builder/builder.ts
 * implements it; the admin layer does not import that folder). Writes reject with a 403 unless
 * the server runs under `vellum develop`, with a 400 when start-up would refuse the schema.
 */
export interface ContentTypeBuilderPort {
  /** `vellum develop`: writes allowed */
  readonly autoReload: boolean;
  contentTypes(): Promise<readonly object[]>;
  components(): Promise<readonly object[]>;
  reservedNames(): { readonly models: readonly string[]; readonly attributes: readonly string[] };
  updateSchema(body: unknown): Promise<SchemaWriteResult>;
  write(model: 'contentType' | 'component', uid: string | undefined, body: unknown): Promise<SchemaWriteResult>;
  remove(model: 'contentType' | 'component', uid: string): Promise<SchemaWriteResult>;
  /** develop's restart on the new schema, once the answer has left */
  restart(): void;
}
