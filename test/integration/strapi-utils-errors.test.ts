/**
 * Project code that throws Strapi's error classes — `require('@strapi/utils').errors.X` in
 * JavaScript, `import { errors } from '@strapi/utils'` in TypeScript — gets the running server's
 * own classes in every file Vellum loads (src/index, a content type's lifecycles, policies, named
 * and config/middlewares middlewares, controllers, services, routes, config), so each error answers
 * with its status in REST and its code in GraphQL, not as a 500 — also when the project has
 * Strapi's own `@strapi/utils` installed, and in CommonJS files Node loads and ES module files.
 * Run as users run it:
 * `node bin/vellum.js start` over the built bundle.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const NOTE_SCHEMA = {
  kind: 'collectionType',
  collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' } },
};

const FILES: Record<string, string> = {
  // A project migrated from Strapi has Strapi's own @strapi/utils installed: a second set of error
  // classes the server does not know (here a small stand-in package with classes of the same
  // names). Project code must still get the server's.
  'node_modules/@strapi/utils/package.json': JSON.stringify({ name: '@strapi/utils', version: '5.0.0', main: 'index.js' }),
  'node_modules/@strapi/utils/index.js': `class ApplicationError extends Error {
  constructor(message, details = {}) { super(message); this.name = 'ApplicationError'; this.details = details; }
}
const named = (name) => ({ [name]: class extends ApplicationError { constructor(m, d) { super(m, d); this.name = name; } } })[name];
const errors = { ApplicationError };
for (const name of ['ValidationError', 'NotFoundError', 'ForbiddenError', 'UnauthorizedError', 'PolicyError', 'RateLimitError', 'PayloadTooLargeError']) errors[name] = named(name);
module.exports = { errors };
`,
  'src/api/note/content-types/note/schema.json': JSON.stringify(NOTE_SCHEMA),
  // config files get the server's module too (YupValidationError: a name the stand-in lacks)
  'config/plugins.ts': `import { errors } from '@strapi/utils';
if (errors.YupValidationError === undefined) throw new Error('config/plugins.ts: not the server\\'s @strapi/utils');
export default {};
`,
  'config/api.js': `const { errors } = require('@strapi/utils');
module.exports = { rest: { defaultLimit: errors.YupValidationError === undefined ? 3 : 7 } };
`,
  'config/middlewares.js': `module.exports = ['strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::query', 'strapi::body', 'global::gate'];
`,
  'src/index.js': `const { errors } = require('@strapi/utils');
const { factories } = require('@strapi/strapi');
const refuse = (Class, message, details) => () => { throw new Class(message, details); };
module.exports = {
  register({ strapi }) {
    if (typeof factories.createCoreController !== 'function') throw new Error('@strapi/strapi has no factories');
    strapi.plugin('graphql').service('extension').use(({ nexus }) => ({
      types: [nexus.extendType({ type: 'Query', definition(t) {
        t.string('forbidden', { resolve: refuse(errors.ForbiddenError, 'not for you') });
        t.string('invalid', { resolve: refuse(errors.ValidationError, 'bad input', { field: 'x' }) });
        t.string('missing', { resolve: refuse(errors.NotFoundError, 'no such thing') });
        t.string('unauthorized', { resolve: refuse(errors.UnauthorizedError, 'who are you') });
        t.string('limited', { resolve: refuse(errors.RateLimitError, 'slow down') });
        t.string('fromService', { resolve: () => strapi.service('api::note.note').guarded() });
        t.string('fromLifecycle', { resolve: async () => { await strapi.documents('api::note.note').create({ data: { title: 'bad' } }); return 'created'; } });
      } })],
      resolversConfig: Object.fromEntries(['forbidden', 'invalid', 'missing', 'unauthorized', 'limited', 'fromService', 'fromLifecycle'].map((name) => ['Query.' + name, { auth: false }])),
    }));
  },
};
`,
  'src/api/note/content-types/note/lifecycles.js': `const { errors } = require('@strapi/utils');
module.exports = {
  beforeCreate(event) {
    if (event.params.data.title === 'bad') throw new errors.ValidationError('title must not be bad', { path: ['title'] });
  },
};
`,
  'src/api/note/controllers/note.ts': `import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';

export default factories.createCoreController('api::note.note', ({ strapi }) => ({
  async tooBig() { throw new errors.PayloadTooLargeError('too big', { max: 1 }); },
  async refused() { throw new errors.ApplicationError('the application says no', { reason: 'test' }); },
  async limit() { return { data: strapi.config.get('api.rest.defaultLimit') }; },
  async viaService() { return strapi.service('api::note.note').guarded(); },
  async make(ctx) {
    const title = String(ctx.query.title ?? '');
    return { data: await strapi.documents('api::note.note').create({ data: { title } }) };
  },
}));
`,
  'src/api/note/services/note.js': `const { factories } = require('@strapi/strapi');
const { errors } = require('@strapi/utils');
module.exports = factories.createCoreService('api::note.note', () => ({
  guarded() { throw new errors.NotFoundError('nothing here', { where: 'service' }); },
}));
`,
  'src/api/note/routes/01-custom.js': `const open = { auth: false };
module.exports = { routes: [
  { method: 'GET', path: '/note-errors/too-big', handler: 'note.tooBig', config: open },
  { method: 'GET', path: '/note-errors/refused', handler: 'note.refused', config: open },
  { method: 'GET', path: '/note-errors/limit', handler: 'note.limit', config: open },
  { method: 'GET', path: '/note-errors/service', handler: 'note.viaService', config: open },
  { method: 'POST', path: '/note-errors/make', handler: 'note.make', config: open },
  { method: 'GET', path: '/note-errors/policy', handler: 'note.refused', config: { auth: false, policies: ['global::deny'] } },
  { method: 'GET', path: '/note-errors/esm-policy', handler: 'note.refused', config: { auth: false, policies: ['api::note.esm-deny'] } },
  { method: 'GET', path: '/note-errors/middleware', handler: 'note.refused', config: { auth: false, middlewares: ['api::note.limit'] } },
] };
`,
  'src/api/note/routes/02-note.ts': `import { factories } from '@strapi/strapi';
export default factories.createCoreRouter('api::note.note');
`,
  'src/policies/deny.ts': `import { errors } from '@strapi/utils';
export default () => { throw new errors.PolicyError('policy says no', { policy: 'deny' }); };
`,
  // an ES module file: jiti must not hand it to Node's loader, which knows no virtual modules
  'src/api/note/policies/esm-deny.mjs': `import { errors } from '@strapi/utils';
export default () => { throw new errors.ForbiddenError('esm says no'); };
`,
  'src/api/note/middlewares/limit.js': `const { errors } = require('@strapi/utils');
module.exports = () => async () => { throw new errors.RateLimitError('slow down'); };
`,
  'src/middlewares/gate.ts': `import { errors } from '@strapi/utils';
export default () => async (ctx: any, next: () => Promise<void>) => {
  if (ctx.request.headers['x-gate'] === 'closed') throw new errors.UnauthorizedError('gate closed');
  await next();
};
`,
};

let dir = '';
let server: VellumProcess | undefined;
let url = '';

beforeAll(async () => {
  dir = await writeProject(FILES);
  server = await startVellumProcess(dir, TEST_SECRETS);
  url = server.url;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function rest(path: string, init: RequestInit = {}): Promise<{ status: number; error: unknown }> {
  const response = await fetch(`${url}${path}`, init);
  const body = (await response.json()) as { data: unknown; error: unknown };
  expect(body.data).toBeNull();
  return { status: response.status, error: body.error };
}

async function graphql(field: string): Promise<Array<{ message: string; code: string; name: string }>> {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ ${field} }` }) });
  const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string; error?: { name: string } } }> };
  return body.errors.map((e) => ({ message: e.message, code: e.extensions.code, name: e.extensions.error?.name ?? '' }));
}

describe("Strapi's error classes from project code, under vellum start", () => {
  it('REST: controllers, services, lifecycles, policies and middlewares answer with the error\'s status', async () => {
    expect(await rest('/api/note-errors/too-big')).toEqual({ status: 413, error: { status: 413, name: 'PayloadTooLargeError', message: 'too big', details: { max: 1 } } });
    expect(await rest('/api/note-errors/refused')).toEqual({ status: 400, error: { status: 400, name: 'ApplicationError', message: 'the application says no', details: { reason: 'test' } } });
    expect(await rest('/api/note-errors/service')).toEqual({ status: 404, error: { status: 404, name: 'NotFoundError', message: 'nothing here', details: { where: 'service' } } });
    expect(await rest('/api/note-errors/make?title=bad', { method: 'POST' })).toEqual({ status: 400, error: { status: 400, name: 'ValidationError', message: 'title must not be bad', details: { path: ['title'] } } });
    expect(await rest('/api/note-errors/policy')).toEqual({ status: 403, error: { status: 403, name: 'PolicyError', message: 'policy says no', details: { policy: 'deny' } } });
    expect(await rest('/api/note-errors/esm-policy')).toEqual({ status: 403, error: { status: 403, name: 'ForbiddenError', message: 'esm says no', details: {} } });
    expect(await rest('/api/note-errors/middleware')).toMatchObject({ status: 429, error: { status: 429, name: 'RateLimitError', message: 'slow down' } });
    expect(await rest('/api/note-errors/refused', { headers: { 'x-gate': 'closed' } })).toMatchObject({ status: 401, error: { status: 401, name: 'UnauthorizedError', message: 'gate closed' } });
    // config/api.js read the server's module
    expect(await (await fetch(`${url}/api/note-errors/limit`)).json()).toEqual({ data: 7 });
    // and a write the lifecycle lets through works
    const made = await fetch(`${url}/api/note-errors/make?title=fine`, { method: 'POST' });
    expect(made.status).toBe(200);
    expect(((await made.json()) as { data: { title: string } }).data.title).toBe('fine');
  });

  it('GraphQL: resolvers of src/index.js, services and lifecycles answer with the error\'s code', async () => {
    expect(await graphql('forbidden')).toEqual([{ message: 'not for you', code: 'FORBIDDEN', name: 'ForbiddenError' }]);
    expect(await graphql('invalid')).toEqual([{ message: 'bad input', code: 'BAD_USER_INPUT', name: 'ValidationError' }]);
    expect(await graphql('missing')).toEqual([{ message: 'no such thing', code: 'NOT_FOUND', name: 'NotFoundError' }]);
    expect(await graphql('unauthorized')).toEqual([{ message: 'who are you', code: 'UNAUTHENTICATED', name: 'UnauthorizedError' }]);
    expect(await graphql('limited')).toEqual([{ message: 'slow down', code: 'TOO_MANY_REQUESTS', name: 'RateLimitError' }]);
    expect(await graphql('fromService')).toEqual([{ message: 'nothing here', code: 'NOT_FOUND', name: 'NotFoundError' }]);
    expect(await graphql('fromLifecycle')).toEqual([{ message: 'title must not be bad', code: 'BAD_USER_INPUT', name: 'ValidationError' }]);
  });
});
