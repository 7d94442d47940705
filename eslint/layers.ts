/**
 * The layers of `src/`, as the table in docs/architecture.md states them (eslint/layers.test.ts
 * keeps the two in step). A folder may import the folders it names and, transitively, what
 * those may import, never the folders in its `never` list. The map lists the layers bottom up,
 * as the table does: `all` means every layer listed before this one.
 * The import-boundary lint rules are generated from this map (eslint/layer-rules.ts).
 */
export interface Layer {
  /** the folders this one imports directly */
  readonly imports: readonly string[] | 'all';
  /** folders excluded even when reachable through `imports` */
  readonly never?: readonly string[];
}

export const LAYERS: Readonly<Record<string, Layer>> = {
  util: { imports: [] },
  errors: { imports: ['util'] },
  config: { imports: ['errors'] },
  model: { imports: ['errors'] },
  db: { imports: ['model'] },
  query: { imports: ['model', 'config'] },
  engine: { imports: ['db', 'query'] },
  documents: { imports: ['engine'] },
  upload: { imports: ['documents'] },
  email: { imports: ['config'] },
  auth: { imports: ['documents', 'config', 'email'] },
  // webhooks as data, the outbox recorder the operation layer hands each write, the delivery worker
  webhooks: { imports: ['documents', 'config'] },
  operations: { imports: ['auth', 'upload', 'webhooks'], never: ['db'] },
  transport: { imports: ['operations'] },
  rest: { imports: ['transport', 'operations', 'query', 'upload'], never: ['db', 'engine', 'documents', 'auth', 'email'] },
  graphql: { imports: ['transport', 'operations', 'query', 'upload'], never: ['db', 'engine', 'documents', 'auth', 'email'] },
  // the admin API (issue 20): the third transport on the operation layer, as REST
  admin: { imports: ['transport', 'operations', 'query', 'upload'], never: ['db', 'engine', 'documents', 'auth', 'email'] },
  // the Strapi adapter (src/strapi/README.md): project code, the `strapi` object, Koa ctx, factories,
  // the GraphQL extension service; it plugs into the transports, which do not import it
  strapi: { imports: ['rest', 'graphql'] },
  // `vellum import` / `vellum export`: Strapi's data-transfer archives read and written; rows through the engine, files through the provider
  transfer: { imports: ['upload'] },
  // the content-type builder's schema files: checked by the model loader, written in Strapi's layout (develop only)
  'content-type-builder': { imports: ['model'] },
  // `strapi transfer --to <vellum>/admin`: Strapi's push protocol (a WebSocket transport) writing through src/transfer's writer
  'transfer-push': { imports: ['transfer', 'transport'] },
  app: { imports: 'all' },
  cli: { imports: ['app'] },
};

/** The only folders that build SQL: everywhere else `knex` and the dialects' raw fragments are off limits. */
export const SQL_LAYERS: readonly string[] = ['engine', 'db'];

/** Every folder `name` may import (its own excluded), following `imports` transitively. */
export function allowedImports(name: string): Set<string> {
  const layer = LAYERS[name];
  if (!layer) throw new Error(`unknown layer ${name}`);
  const reached = new Set<string>();
  const visit = (from: string): void => {
    const imports = LAYERS[from]?.imports ?? [];
    const names = Object.keys(LAYERS);
    for (const next of imports === 'all' ? names.slice(0, names.indexOf(from)) : imports) {
      if (next === name || reached.has(next)) continue;
      reached.add(next);
      visit(next);
    }
  };
  visit(name);
  for (const excluded of layer.never ?? []) reached.delete(excluded);
  return reached;
}

/** The folders `name` must not import. */
export function forbiddenImports(name: string): string[] {
  const allowed = allowedImports(name);
  return Object.keys(LAYERS).filter((other) => other !== name && !allowed.has(other));
}
