/**
 * The content-type builder's admin API (docs/content-type-builder.md) against `vellum develop`:
 * a new type and component written in Strapi's layout, develop restarts and the type answers in
 * REST and GraphQL; a change start-up would refuse is refused with start-up's own message and
 * nothing written; under `vellum start` every write is a 403.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from '../helpers/http.js';
import { useBuilderProject } from '../helpers/builder-project.js';

const GADGET = 'src/api/gadget/content-types/gadget/schema.json';
const SPEC = 'src/components/catalog/spec.json';

/** Strapi 5's batch shape: a new component and a new collection type using it */
const CREATE = {
  data: {
    components: [{ action: 'create', category: 'catalog', displayName: 'Spec', icon: 'cog', attributes: [{ action: 'create', name: 'label', properties: { type: 'string', required: true } }] }],
    contentTypes: [{
      action: 'create', kind: 'collectionType', displayName: 'Gadget', singularName: 'gadget', pluralName: 'gadgets', draftAndPublish: false,
      attributes: [
        { action: 'create', name: 'name', properties: { type: 'string', required: true, maxLength: 80 } },
        { action: 'create', name: 'price', properties: { type: 'decimal', min: 0 } },
        { action: 'create', name: 'size', properties: { type: 'enumeration', enum: ['small', 'large'], default: 'small' } },
        { action: 'create', name: 'specs', properties: { type: 'component', component: 'catalog.spec', repeatable: true } },
        { action: 'create', name: 'article', properties: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', targetAttribute: 'gadgets' } },
      ],
    }],
  },
};

describe('content-type builder under vellum develop', () => {
  const project = useBuilderProject('develop');

  it('lists the project schemas, reserved names and the development flag; anonymous callers get 401', async () => {
    const types = await project().admin('GET', '/content-type-builder/content-types');
    expect(types.status).toBe(200);
    const article = types.body.data.find((t: { uid: string }) => t.uid === 'api::article.article');
    expect(article.schema).toMatchObject({ singularName: 'article', pluralName: 'articles', displayName: 'Article', draftAndPublish: true, kind: 'collectionType' });
    expect(article.schema.attributes.title).toEqual({ type: 'string', required: true, maxLength: 200 });
    const components = await project().admin('GET', '/content-type-builder/components');
    expect(components.body.data.map((c: { uid: string }) => c.uid)).toContain('shared.seo');
    const one = await project().admin('GET', '/content-type-builder/components/shared.seo');
    expect(one.body.data).toMatchObject({ uid: 'shared.seo', category: 'shared' });
    expect((await project().admin('GET', '/content-type-builder/content-types/api::nope.nope')).status).toBe(404);
    const reserved = await project().admin('GET', '/content-type-builder/reserved-names');
    expect(reserved.body.attributes).toContain('documentId');
    const information = await project().admin('GET', '/admin/information');
    expect(information.body.data).toMatchObject({ currentEnvironment: 'development', autoReload: true });
    const anonymous = await request(`${project().server.url}/content-type-builder/content-types`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses an Editor (no plugin::content-type-builder.read) with 403, reads and writes alike', async () => {
    const roles = await project().admin('GET', '/admin/roles');
    const editorRole = roles.body.data.find((role: { code: string }) => role.code === 'strapi-editor');
    const invited = await project().admin('POST', '/admin/users', { email: 'ed@example.com', firstname: 'Ed', roles: [editorRole.id] });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const registered = await request(`${project().server.url}/admin/register`, { method: 'POST', json: { registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Ed', password: 'Editor-pass-1' } } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const headers = { authorization: `Bearer ${registered.body.data.token}` };
    expect((await request(`${project().server.url}/content-type-builder/content-types`, { headers })).status).toBe(403);
    const write = await request(`${project().server.url}/content-type-builder/update-schema`, { method: 'POST', headers, json: CREATE });
    expect(write.status).toBe(403);
    expect(existsSync(join(project().dir, GADGET))).toBe(false);
    // any signed-in admin reads the server's information
    expect((await request(`${project().server.url}/admin/information`, { headers })).body.data.autoReload).toBe(true);
  });

  it('writes a new type and component in Strapi layout, restarts, and the type answers in REST and GraphQL', async () => {
    const before = project().starts();
    const saved = await project().admin('POST', '/content-type-builder/update-schema', CREATE);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.contentTypes).toEqual(['api::gadget.gadget', 'api::article.article']);
    expect(saved.body.data.components).toEqual(['catalog.spec']);
    const schema = JSON.parse(readFileSync(join(project().dir, GADGET), 'utf8'));
    expect(schema).toEqual({
      kind: 'collectionType',
      collectionName: 'gadgets',
      info: { singularName: 'gadget', pluralName: 'gadgets', displayName: 'Gadget' },
      options: { draftAndPublish: false },
      pluginOptions: {},
      attributes: {
        name: { type: 'string', required: true, maxLength: 80 },
        price: { type: 'decimal', min: 0 },
        size: { type: 'enumeration', enum: ['small', 'large'], default: 'small' },
        specs: { type: 'component', component: 'catalog.spec', repeatable: true },
        article: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', inversedBy: 'gadgets' },
      },
    });
    expect(JSON.parse(readFileSync(join(project().dir, SPEC), 'utf8'))).toEqual({
      collectionName: 'components_catalog_spec', info: { displayName: 'Spec', icon: 'cog' }, options: {}, attributes: { label: { type: 'string', required: true } },
    });
    // the inverse side, as Strapi's builder adds it
    const article = JSON.parse(readFileSync(join(project().dir, 'src/api/article/content-types/article/schema.json'), 'utf8'));
    expect(article.attributes.gadgets).toEqual({ type: 'relation', relation: 'oneToMany', target: 'api::gadget.gadget', mappedBy: 'article' });
    // `strapi generate`'s core files, in JavaScript (the project has no tsconfig.json)
    expect(readFileSync(join(project().dir, 'src/api/gadget/controllers/gadget.js'), 'utf8')).toContain("createCoreController('api::gadget.gadget')");
    expect(readFileSync(join(project().dir, 'src/api/gadget/routes/gadget.js'), 'utf8')).toContain("createCoreRouter('api::gadget.gadget')");
    expect(readFileSync(join(project().dir, 'src/api/gadget/services/gadget.js'), 'utf8')).toContain("createCoreService('api::gadget.gadget')");

    await project().waitForStarts(before + 1);
    const created = await project().rest('/gadgets', { method: 'POST', json: { data: { name: 'Lamp', price: 12.5, specs: [{ label: 'warm' }] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await project().rest('/gadgets?populate=specs');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject([{ name: 'Lamp', price: 12.5, size: 'small', specs: [{ label: 'warm' }] }]);
    const graphql = await project().graphql('{ gadgets { data { attributes { name size specs { label } } } } }');
    expect(graphql.body).toEqual({ data: { gadgets: { data: [{ attributes: { name: 'Lamp', size: 'small', specs: [{ label: 'warm' }] } }] } } });
    const listedTypes = await project().admin('GET', '/content-type-builder/content-types/api::gadget.gadget');
    expect(listedTypes.body.data.schema.attributes.name).toEqual({ type: 'string', required: true, maxLength: 80 });
  });

  it('refuses a destructive change with the message start-up gives, writing nothing', async () => {
    const before = readFileSync(join(project().dir, GADGET), 'utf8');
    const starts = project().starts();
    const refused = await project().admin('PUT', '/content-type-builder/content-types/api::gadget.gadget', {
      contentType: { displayName: 'Gadget', attributes: [{ action: 'delete', name: 'name' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeNull();
    const message: string = refused.body.error.message;
    expect(message).toBe([
      'The database schema cannot be synced without losing data:',
      '  - gadgets.name: column would be dropped (1 row holds data)',
      'To allow it, set DATABASE_ALLOW_DESTRUCTIVE_SYNC=true or database.settings.allowDestructiveSync: true.',
    ].join('\n'));
    expect(readFileSync(join(project().dir, GADGET), 'utf8')).toBe(before);
    // the same schema written by hand: develop's restart stops on start-up's sync with that very message
    const edited = JSON.parse(before);
    delete edited.attributes.name;
    writeFileSync(join(project().dir, GADGET), JSON.stringify(edited, null, 2));
    const deadline = Date.now() + 30_000;
    while (!project().server.output().includes('The previous app keeps running.') && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    expect(project().server.output()).toContain(message);
    // the old app kept answering
    expect(project().starts()).toBe(starts);
    expect((await project().rest('/gadgets')).status).toBe(200);
    writeFileSync(join(project().dir, GADGET), before);
    await project().waitForStarts(starts + 1);
  }, 60_000);

  it('refuses a schema start-up would not load (400 naming file and attribute), writing nothing', async () => {
    const refused = await project().admin('POST', '/content-type-builder/content-types', {
      contentType: { displayName: 'Widget', singularName: 'widget', pluralName: 'widgets', attributes: { shape: { type: 'hexagon' } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('src/api/widget/content-types/widget/schema.json');
    expect(refused.body.error.message).toContain('attribute "shape"');
    expect(existsSync(join(project().dir, 'src/api/widget'))).toBe(false);
    const badName = await project().admin('POST', '/content-type-builder/update-schema', { data: { contentTypes: [{ action: 'create', displayName: 'X', singularName: 'Bad Name', pluralName: 'bad-names' }] } });
    expect(badName.status).toBe(400);
    expect(badName.body.error.message).toBe('data.contentTypes[0].singularName: must be lowercase letters, digits and dashes, starting with a letter');
  });

  it("lists the plugins' types, and a one-way relation to the users-permissions user is written, restarted and populated", async () => {
    const listed = await project().admin('GET', '/content-type-builder/content-types');
    const byUid = (uid: string) => listed.body.data.find((type: { uid: string }) => type.uid === uid);
    expect(byUid('plugin::users-permissions.user')).toMatchObject({
      uid: 'plugin::users-permissions.user', plugin: 'users-permissions', apiID: 'user',
      schema: { singularName: 'user', pluralName: 'users', collectionName: 'up_users', visible: true, restrictRelationsTo: ['oneWay', 'manyWay'] },
    });
    expect(byUid('plugin::upload.file')).toMatchObject({ plugin: 'upload', schema: { visible: false, restrictRelationsTo: [] } });
    expect(byUid('plugin::users-permissions.role').schema).toMatchObject({ visible: false, restrictRelationsTo: [] });
    expect(byUid('api::article.article')).not.toHaveProperty('plugin');
    expect(byUid('api::article.article').schema).toMatchObject({ visible: true, restrictRelationsTo: null });
    expect((await project().admin('GET', '/content-type-builder/content-types/plugin::users-permissions.user')).body.data.plugin).toBe('users-permissions');

    const note = (attributes: unknown) => ({ data: { contentTypes: [{ action: 'create', displayName: 'Note', singularName: 'note', pluralName: 'notes', attributes }] } });
    // two-sided: Strapi would write the user's side into src/extensions, which Vellum does not load
    const twoSided = await project().admin('POST', '/content-type-builder/update-schema', note([
      { action: 'create', name: 'readers', properties: { type: 'relation', relation: 'manyToMany', target: 'plugin::users-permissions.user', targetAttribute: 'notes' } },
    ]));
    expect(twoSided.status).toBe(400);
    expect(twoSided.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(twoSided.body.error.message).toBe('data.contentTypes[0].attributes.readers.relation: a relation to plugin::users-permissions.user can only be one-way (oneWay or manyWay): Strapi writes its other side into src/extensions/users-permissions/content-types/user/schema.json, which Vellum does not load');
    const toFile = await project().admin('POST', '/content-type-builder/update-schema', note([{ action: 'create', name: 'file', properties: { type: 'relation', relation: 'oneWay', target: 'plugin::upload.file' } }]));
    expect(toFile.status).toBe(400);
    expect(toFile.body.error.message).toContain('data.contentTypes[0].attributes.file.target: plugin::upload.file cannot be a relation target');
    const editPlugin = await project().admin('PUT', '/content-type-builder/content-types/plugin::users-permissions.user', { contentType: { displayName: 'User', attributes: [{ action: 'create', name: 'nickname', properties: { type: 'string' } }] } });
    expect(editPlugin.status).toBe(400);
    expect(existsSync(join(project().dir, 'src/api/note'))).toBe(false);
    expect(existsSync(join(project().dir, 'src/extensions'))).toBe(false);

    const before = project().starts();
    const saved = await project().admin('POST', '/content-type-builder/update-schema', note([
      { action: 'create', name: 'body', properties: { type: 'text' } },
      { action: 'create', name: 'author', properties: { type: 'relation', relation: 'oneWay', target: 'plugin::users-permissions.user' } },
      { action: 'create', name: 'watchers', properties: { type: 'relation', relation: 'manyWay', target: 'plugin::users-permissions.user' } },
    ]));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.contentTypes).toEqual(['api::note.note']);
    const schema = JSON.parse(readFileSync(join(project().dir, 'src/api/note/content-types/note/schema.json'), 'utf8'));
    expect(schema.attributes).toEqual({
      body: { type: 'text' },
      author: { type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' },
      watchers: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.user' },
    });
    await project().waitForStarts(before + 1);

    const writer = await request(`${project().server.url}/api/auth/local/register`, { method: 'POST', json: { username: 'writer', email: 'writer@example.com', password: 'Writer-pass-1' } });
    expect(writer.status, JSON.stringify(writer.body)).toBe(200);
    const reader = await request(`${project().server.url}/api/auth/local/register`, { method: 'POST', json: { username: 'reader', email: 'reader@example.com', password: 'Reader-pass-1' } });
    expect(reader.status, JSON.stringify(reader.body)).toBe(200);
    const created = await project().rest('/notes', { method: 'POST', json: { data: { body: 'Hello', author: writer.body.user.documentId, watchers: [reader.body.user.documentId, writer.body.user.documentId] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const populated = await project().rest(`/notes/${created.body.data.documentId}?populate[author][fields][0]=username&populate[watchers][fields][0]=username&populate[watchers][sort][0]=username`);
    expect(populated.status, JSON.stringify(populated.body)).toBe(200);
    expect(populated.body.data.body).toBe('Hello');
    expect(populated.body.data.author).toEqual({ id: writer.body.user.id, documentId: writer.body.user.documentId, username: 'writer' });
    expect(populated.body.data.watchers.map((user: { username: string }) => user.username)).toEqual(['reader', 'writer']);
    // the user's own schema is untouched: no inverse side appears on it
    const user = (await project().admin('GET', '/content-type-builder/content-types/plugin::users-permissions.user')).body.data;
    expect(Object.keys(user.schema.attributes)).not.toContain('notes');
  }, 60_000);
});

describe('content-type builder under vellum start', () => {
  const project = useBuilderProject('start');

  it('reads, but refuses every write with 403 and writes nothing', async () => {
    expect((await project().admin('GET', '/content-type-builder/content-types')).status).toBe(200);
    expect((await project().admin('GET', '/admin/information')).body.data).toMatchObject({ currentEnvironment: 'production', autoReload: false });
    const refused = await project().admin('POST', '/content-type-builder/update-schema', CREATE);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ status: 403, name: 'ForbiddenError' });
    expect(refused.body.error.message).toContain('vellum develop');
    expect((await project().admin('DELETE', '/content-type-builder/content-types/api::tag.tag')).status).toBe(403);
    expect(existsSync(join(project().dir, GADGET))).toBe(false);
    expect(existsSync(join(project().dir, 'src/api/tag/content-types/tag/schema.json'))).toBe(true);
  });
});
