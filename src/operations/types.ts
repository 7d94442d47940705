/**
 * The vocabulary of the operation layer: who calls (a `Caller`), what is done (an
 * `OperationAction`, Strapi 5's Document Service names), and the three seams user code plugs
 * into: policies, operation middlewares and lifecycles.
 */
import type { Actor } from '../auth/actor.js';
import type { AuthRequest } from '../auth/auth-service.js';
import type { DocumentData, Page, WriteStatus } from '../documents/types.js';
import type { Entry } from '../engine/types.js';
import type { ContentType } from '../model/types.js';
import type { FilterNode, PublicationStatus, Query, Selection } from '../query/ast.js';

/**
 * The vocabulary transports share with the operation layer (they import no layer below it
 * except query/ and model/): who calls (`Actor`), what operations answer (`Entry`, `Page`).
 */
export type { Actor } from '../auth/actor.js';
export type { AuthRequest } from '../auth/auth-service.js';
export type { Entry } from '../engine/types.js';
export type { DocumentData, Page, PaginationMeta, WriteStatus } from '../documents/types.js';

/**
 * What an operation does, named as Strapi 5's Document Service names its methods (so
 * `strapi.documents.use` middlewares that test `context.action` run unchanged). REST and GraphQL
 * `find` on a collection is `findMany`, on a single type `findFirst`; a single type's PUT is
 * `update` (creating the document when there is none).
 */
export type OperationAction =
  | 'findMany'
  | 'findFirst'
  | 'findOne'
  | 'count'
  | 'create'
  | 'update'
  | 'delete'
  | 'publish'
  | 'unpublish'
  | 'discardDraft';

/**
 * Who calls. `null` is user code (the document service): no actor, full access, no sanitising,
 * as in Strapi. A transport passes the request; its actor (user, API token or public) is
 * resolved from its credentials once per request (auth/strategy.ts).
 */
export interface Caller {
  readonly request: AuthRequest;
  /** the transport's own context (REST's Koa-style ctx, GraphQL's resolver arguments), for policies */
  readonly transport?: unknown;
  /**
   * A per-route or per-resolver override of the permission check (GraphQL `resolversConfig`):
   * `false` skips it (no actor), `{ scope }` checks those permissions instead of the action's own.
   */
  readonly auth?: ActionConfig['auth'];
  /**
   * The permission this request's route already checked (`requirementOf`: a custom route's
   * handler name or its scope): an operation that would ask the same resolves the actor for
   * sanitising and checks nothing again.
   */
  readonly checked?: string;
  /**
   * `admin`: a request of the admin API, whose actor is an admin user (auth/admin/), resolved
   * from an admin access token; any other credential is a 401 there, as admin tokens are on
   * the content API.
   */
  readonly realm?: 'admin';
}

/**
 * The parameters of each action (the AST the transports parsed, or the document service built).
 * `locale` (localized types, locale-params.ts): a transport may put it in `query`/`selection` or
 * here; the operation layer settles it (default locale when absent) into all of them.
 */
export interface OperationParams {
  findMany: { query: Query; locale?: string };
  findFirst: { selection: Selection; locale?: string };
  /** `live`: the published version when there is one, else the draft (GraphQL v4's reading) */
  findOne: { documentId: string; selection: Selection; live?: boolean; locale?: string };
  count: { filters: FilterNode | null; status: PublicationStatus; locale?: string };
  /** `checkRequired`: check required attributes of a draft too (GraphQL v4's create) */
  create: { data: DocumentData; status: PublicationStatus; selection: Selection; locale?: string; checkRequired?: boolean };
  /**
   * `documentId: null`: a single type's one document, created when there is none (one
   * transaction). Localized types: a document without a version in `locale` gets one.
   * `checkRequired`: as create's, when the update creates the single type's document.
   */
  update: { documentId: string | null; data: DocumentData; status: WriteStatus; unpublish?: boolean; selection: Selection; locale?: string; checkRequired?: boolean };
  /** `documentId: null`: a single type's one document; `selection`: read it (as `live` says) before it goes; `locale: '*'`: every version */
  delete: { documentId: string | null; selection?: Selection; live?: boolean; locale?: string };
  publish: { documentId: string; selection: Selection; locale?: string };
  unpublish: { documentId: string; selection: Selection; locale?: string };
  discardDraft: { documentId: string; selection: Selection; locale?: string };
}

/** What each action resolves to. `delete`: null when there was no such document. */
export interface OperationResults {
  findMany: Page;
  findFirst: Entry | null;
  findOne: Entry | null;
  count: number;
  create: Entry;
  update: Entry | null;
  delete: { value: Entry | null } | null;
  publish: Entry | null;
  unpublish: Entry | null;
  discardDraft: Entry | null;
}

/**
 * One operation as the seams see it (Strapi's document-middleware context, plus the caller).
 * `params` may be changed by policies and middlewares before the repository call; `state` is
 * free for user code.
 */
export interface OperationContext<A extends OperationAction = OperationAction> {
  readonly uid: string;
  readonly contentType: ContentType;
  readonly action: A;
  params: OperationParams[A];
  readonly caller: Caller | null;
  /** null for user code and `auth: false` */
  readonly actor: Actor | null;
  readonly state: Record<string, unknown>;
}

/** A policy: `false` refuses the operation (403 PolicyError); anything else lets it through. */
export type Policy = (context: OperationContext, config: unknown) => boolean | void | Promise<boolean | void>;
/** how route/resolver config names a policy: registered name, `{ name, config }` or inline */
export type PolicyRef = string | Policy | { readonly name: string; readonly config?: unknown };

/**
 * An operation middleware (Strapi 5 `strapi.documents.use`): runs around the lifecycles and the
 * repository call; `next()` resolves to the result, which the middleware returns (or replaces).
 */
export type OperationMiddleware = (context: OperationContext, next: () => Promise<unknown>) => Promise<unknown>;

/**
 * Per-action configuration from routes and resolvers (set once, when they are built):
 * `auth: false` skips the permission check (no actor, like user code but the query is still
 * checked for private attributes); `{ scope }` requires one of those action names instead of the
 * action's own; `policies` run after the permission check, before sanitising.
 */
export interface ActionConfig {
  readonly auth?: false | { readonly scope: readonly string[] };
  readonly policies?: readonly Policy[];
  readonly middlewares?: readonly OperationMiddleware[];
}
export type TypeOperationsConfig = Partial<Readonly<Record<OperationAction, ActionConfig>>>;

/** Lifecycle event names: Strapi's database lifecycles plus the draft & publish writes. */
export type LifecycleName =
  | 'Create' | 'Update' | 'Delete' | 'FindOne' | 'FindMany' | 'Count' | 'Publish' | 'Unpublish' | 'DiscardDraft';

/**
 * What a lifecycle hook receives: the operation itself, in the operation layer's own terms (the
 * parsed AST, the `DocumentData` written). `params` is the operation's params object: what a
 * before-hook leaves in it is what runs (a create's or update's `data` is written, a read runs
 * its query, filters and selection). `state` is shared by one subscriber's before and after hook.
 * The Strapi adapter (strapi/lifecycle-events.ts) translates this to and from Strapi's event.
 */
export interface LifecycleEvent {
  action: `before${LifecycleName}` | `after${LifecycleName}`;
  readonly uid: string;
  readonly contentType: ContentType;
  readonly operation: OperationAction;
  readonly params: OperationParams[OperationAction];
  result?: unknown;
  readonly state: Record<string, unknown>;
}
export type LifecycleHook = (event: LifecycleEvent) => unknown;

/** `strapi.db.lifecycles.subscribe` shape; without `models`, every content type. */
export type LifecycleSubscriber = { readonly models?: readonly string[] } & Partial<Record<`before${LifecycleName}` | `after${LifecycleName}`, LifecycleHook>>;
