/**
 * Settings → Internationalization, as Strapi 5's i18n plugin serves its admin panel, at the
 * server's ROOT whatever `admin.url` is (Strapi's addresses, as the content manager's): the
 * project's locales (`GET/POST /i18n/locales`, `PUT/DELETE /i18n/locales/:id`) and the codes one
 * may add (`GET /i18n/iso-locales`), each an `operations.action` with the admin caller, named by
 * Strapi's admin permission (`plugin::i18n.locale.read|create|update|delete`; the ISO list asks
 * `read`). The list itself asks only for an admin session, as Strapi's (`isAuthenticatedAdmin`):
 * the content manager's locale switcher reads it for every admin. A locale is
 * `{ id, documentId, name, code, isDefault, createdAt, updatedAt, publishedAt }`.
 *
 * Deleting a locale states what happens to its content: `GET /i18n/locales/:id/deletion-preview`
 * counts, per localized type, the documents with a version in it, their rows, and the documents
 * that have no other locale (they would be deleted entirely). `DELETE` refuses (400, the same
 * counts in `details.content`) while content uses the locale; `DELETE …?force=true` deletes the
 * locale with that content, as Strapi's deletion does, and answers what went. The default locale
 * is never deleted: make another the default first (`PUT` with `isDefault: true`).
 */
import type { FastifyRequest } from 'fastify';
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { Locale, LocaleService } from '../transport/transport-context.js';
import type { AdminTransportContext } from '../transport/admin-context.js';
import { listedLocale as answer } from '../transport/locale-list.js';
import { adminCallerOf as caller } from './admin-caller.js';

type RemovedContent = Awaited<ReturnType<LocaleService['deletionPreview']>>;

const ACTION = 'plugin::i18n.locale';
/** no permission of Strapi's: every admin may list the locales (auth/admin/admin-grants.ts SELF_ACTIONS) */
const LIST_ACTION = 'plugin::i18n.locales.list';

function bodyOf(request: FastifyRequest, keys: readonly string[]): Record<string, unknown> {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('The body must be a JSON object');
  for (const key of Object.keys(body)) {
    if (!keys.includes(key)) throw new ValidationError(`Unknown key ${key} (expected ${keys.join(', ')})`, { errors: [{ path: [key], message: 'this field has unspecified keys', name: 'ValidationError' }] });
  }
  return body as Record<string, unknown>;
}

function optional<T extends 'string' | 'boolean'>(body: Record<string, unknown>, key: string, type: T): (T extends 'string' ? string : boolean) | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== type) throw new ValidationError(`${key} must be a ${type}`, { errors: [{ path: [key], message: `must be a ${type}`, name: 'ValidationError' }] });
  return value as T extends 'string' ? string : boolean;
}

/** `api::page.page: 3 documents have a fr version (6 rows); 1 has no other locale and is deleted entirely` */
function describe(code: string, content: RemovedContent): string {
  return content.map((type) => `${type.uid}: ${type.documents} document(s) have a ${code} version (${type.rows} row(s)); ${type.deletedDocuments} of them have no other locale and would be deleted entirely`).join('; ');
}

/** `ctx.server`: the root server (Strapi's paths, beside the admin path's routes) */
export function registerI18nAdminRoutes(ctx: AdminTransportContext): void {
  const { server, operations, locales } = ctx;

  async function byId(raw: string): Promise<Locale> {
    const found = /^\d{1,10}$/.test(raw) ? (await locales.find()).find((locale) => locale.id === Number(raw)) : undefined;
    if (!found) throw new NotFoundError('locale not found');
    return found;
  }

  const list = operations.action(LIST_ACTION, async () => (await locales.find()).map(answer));
  server.get('/i18n/locales', (request) => list(caller(request), undefined));

  // Strapi asks only for an admin session here; Vellum asks what reading the locales asks
  const isoList = operations.action(`${ACTION}.read`, () => locales.isoLocales());
  server.get('/i18n/iso-locales', (request) => isoList(caller(request), undefined));

  const create = operations.action(`${ACTION}.create`, async ({ input }: { input: Record<string, unknown> }) => {
    const code = optional(input, 'code', 'string');
    if (code === undefined) throw new ValidationError('code is a required field', { errors: [{ path: ['code'], message: 'code is a required field', name: 'ValidationError' }] });
    if (await locales.findByCode(code)) throw new ValidationError('This locale already exists', { errors: [{ path: ['code'], message: 'This locale already exists', name: 'ValidationError' }] });
    const name = optional(input, 'name', 'string');
    return answer(await locales.create({ code, ...(name === undefined || name === '' ? {} : { name }), isDefault: optional(input, 'isDefault', 'boolean') === true }));
  });
  server.post('/i18n/locales', (request) => create(caller(request), bodyOf(request, ['code', 'name', 'isDefault'])));

  const update = operations.action(`${ACTION}.update`, async ({ input }: { input: { id: string; body: Record<string, unknown> } }) => {
    const locale = await byId(input.id);
    const name = optional(input.body, 'name', 'string');
    const isDefault = optional(input.body, 'isDefault', 'boolean');
    if (isDefault === false && locale.isDefault) throw new ValidationError('The default locale stays the default until another locale is made the default', { errors: [{ path: ['isDefault'], message: 'make another locale the default instead', name: 'ValidationError' }] });
    if (name !== undefined && name !== locale.name) await locales.rename(locale.code, name);
    if (isDefault === true && !locale.isDefault) await locales.setDefaultLocale({ code: locale.code });
    return answer(await byId(input.id));
  });
  server.put<{ Params: { id: string } }>('/i18n/locales/:id', (request) => update(caller(request), { id: request.params.id, body: bodyOf(request, ['name', 'isDefault']) }));

  const preview = operations.action(`${ACTION}.read`, async ({ input }: { input: string }) => {
    const locale = await byId(input);
    const content = await locales.deletionPreview(locale.code);
    return { data: { locale: answer(locale), deletable: !locale.isDefault, content } };
  });
  server.get<{ Params: { id: string } }>('/i18n/locales/:id/deletion-preview', (request) => preview(caller(request), request.params.id));

  const remove = operations.action(`${ACTION}.delete`, async ({ input }: { input: { id: string; force: boolean } }) => {
    const locale = await byId(input.id);
    if (locale.isDefault) throw new ValidationError(`Locale "${locale.code}" is the default locale: make another locale the default first`, { errors: [{ path: ['id'], message: 'the default locale cannot be deleted', name: 'ValidationError' }] });
    if (!input.force) {
      const content = await locales.deletionPreview(locale.code);
      if (content.length > 0) {
        throw new ValidationError(`Locale "${locale.code}" still has content: ${describe(locale.code, content)}. Delete with ?force=true to delete that content with the locale.`, { content });
      }
    }
    const removed = await locales.delete(locale.code, { force: input.force });
    return { ...answer(locale), removedContent: removed };
  });
  server.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/i18n/locales/:id', (request) => {
    const force = (request.query ?? {}).force;
    if (force !== undefined && force !== 'true' && force !== 'false') throw new ValidationError('force must be true or false', { key: 'force', path: 'force', source: 'query', param: 'force' });
    return remove(caller(request), { id: request.params.id, force: force === 'true' });
  });
}
