/**
 * Strapi's content-type builder admin routes (`packages/core/content-type-builder/server/src/routes/admin.ts`),
 * at the root as Strapi mounts them, whatever the admin path: `GET /content-type-builder/content-types[/:uid]`,
 * `GET /content-type-builder/components[/:uid]`, `GET /content-type-builder/reserved-names`, the batch write
 * `POST /content-type-builder/update-schema` (`{ data: { contentTypes, components } }`) and the per-type writes
 * `POST /content-types`, `PUT|DELETE /content-types/:uid`, `POST /components`, `PUT|DELETE /components/:uid`.
 * Every route needs `plugin::content-type-builder.read`, as Strapi's (only a Super Admin holds it unless
 * granted); writes answer 403 unless the server runs under `vellum develop`. A write answers first, then
 * develop restarts the app on the new schema. `GET /admin/information` (Strapi's, any signed-in admin)
 * tells the panel whether the server runs in development (`autoReload`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFoundError } from '../errors/index.js';
import type { AdminTransportContext, SchemaWriteResult } from '../transport/admin-context.js';
import { adminCallerOf } from './admin-caller.js';

const READ = 'plugin::content-type-builder.read';
const ROOT = '/content-type-builder';

type Model = 'contentType' | 'component';
type Uid = { Params: { uid: string } };

/** `process.version` without the `v`, as Strapi's information answers it */
const NODE_VERSION = process.versions.node;

export function registerContentTypeBuilderRoutes(server: FastifyInstance, ctx: AdminTransportContext): void {
  const { operations } = ctx;
  const builder = ctx.contentTypeBuilder;
  const find = async (model: Model, uid: string): Promise<object> => {
    const all: readonly object[] = model === 'contentType' ? await builder.contentTypes() : await builder.components();
    const found = all.find((item) => 'uid' in item && item.uid === uid);
    if (found === undefined) throw new NotFoundError(`${model === 'contentType' ? 'Content type' : 'Component'} not found`);
    return found;
  };
  const list = operations.action(READ, ({ input }: { input: Model }) => (input === 'contentType' ? builder.contentTypes() : builder.components()));
  const one = operations.action(READ, ({ input }: { input: { model: Model; uid: string } }) => find(input.model, input.uid));
  const reserved = operations.action(READ, () => builder.reservedNames());
  const batch = operations.action(READ, ({ input }: { input: unknown }) => builder.updateSchema(input));
  const write = operations.action(READ, ({ input }: { input: { model: Model; uid?: string; body: unknown } }) => builder.write(input.model, input.uid, input.body));
  const remove = operations.action(READ, ({ input }: { input: { model: Model; uid: string } }) => builder.remove(input.model, input.uid));

  /** the answer leaves, then develop restarts (Strapi replies, then reloads) */
  const answered = (reply: FastifyReply, result: SchemaWriteResult, uid?: string) => {
    reply.raw.once('finish', () => builder.restart());
    return { data: { ...(uid === undefined ? {} : { uid }), ...result, restarting: true } };
  };
  const firstUid = (result: SchemaWriteResult, model: Model): string | undefined => (model === 'contentType' ? result.contentTypes[0] : result.components[0]);

  for (const [path, model] of [['content-types', 'contentType'], ['components', 'component']] as const) {
    server.get(`${ROOT}/${path}`, async (request) => ({ data: await list(adminCallerOf(request), model) }));
    server.get<Uid>(`${ROOT}/${path}/:uid`, async (request) => ({ data: await one(adminCallerOf(request), { model, uid: request.params.uid }) }));
    server.post(`${ROOT}/${path}`, async (request, reply) => {
      const result = await write(adminCallerOf(request), { model, body: request.body });
      return reply.code(201).send(answered(reply, result, firstUid(result, model)));
    });
    server.put<Uid>(`${ROOT}/${path}/:uid`, async (request, reply) => {
      const result = await write(adminCallerOf(request), { model, uid: request.params.uid, body: request.body });
      return answered(reply, result, request.params.uid);
    });
    server.delete<Uid>(`${ROOT}/${path}/:uid`, async (request, reply) => {
      const result = await remove(adminCallerOf(request), { model, uid: request.params.uid });
      return answered(reply, result, request.params.uid);
    });
  }
  server.get(`${ROOT}/reserved-names`, async (request) => reserved(adminCallerOf(request), undefined));
  server.post(`${ROOT}/update-schema`, async (request, reply) => answered(reply, await batch(adminCallerOf(request), request.body)));
}

/** how long `?waitForRestart=` holds an answer when no restart comes (the panel asks again) */
const HOLD_MS = 25_000;

/**
 * `GET /admin/information` (inside the admin path's scope): the environment and whether the builder
 * may write. `?waitForRestart=<startedAt>` (the panel, after a save): when this very app answers
 * it holds the answer until the app begins to close for develop's restart (`preClose`), so the
 * panel knows the new app is about to listen without knocking on a closed port; another app
 * answers at once.
 */
export function registerAdminInformation(ctx: AdminTransportContext): void {
  // which app answers: the panel waits for a new value after a schema save (develop's restart)
  const startedAt = new Date().toISOString();
  let release: () => void = () => {};
  const closing = new Promise<void>((done) => {
    release = done;
  });
  ctx.server.addHook('preClose', (done) => {
    release();
    done();
  });
  const information = ctx.operations.action('admin::information', async ({ input }: { input: unknown }) => {
    if (input === startedAt) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closing, new Promise((done) => (timer = setTimeout(done, HOLD_MS)))]);
      clearTimeout(timer);
    }
    return { currentEnvironment: ctx.environment, autoReload: ctx.contentTypeBuilder.autoReload, nodeVersion: NODE_VERSION, communityEdition: true, startedAt };
  });
  ctx.server.get<{ Querystring: { waitForRestart?: string } }>('/information', async (request, reply) => {
    const data = await information(adminCallerOf(request), request.query.waitForRestart);
    // a held answer: this app is closing, the browser must not send its next question down this connection
    if (request.query.waitForRestart === startedAt) reply.header('connection', 'close');
    return { data };
  });
}
