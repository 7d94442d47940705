import { describe, expect, it } from 'vitest';
import { loadRegistry, type RawSchemaFile } from './load-models.js';
import {
  POST, WRITER, baseFiles, collectionType, component, componentFile, problems, typeFile, withPostAttributes, writeProject
} from '../../test/helpers/schema-projects.js';

describe('loadRegistry accepts a valid project', () => {
  it('loads the base model and plugin content types given as extras', async () => {
    const files = withPostAttributes({
      owner: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' },
    });
    const user: RawSchemaFile = {
      uid: 'plugin::users-permissions.user',
      file: '<users-permissions>',
      definition: collectionType('user', 'users', { username: { type: 'string' }, password: { type: 'password' } }),
    };
    const registry = await loadRegistry(await writeProject(files), { extraContentTypes: [user] });
    expect(registry.contentType('plugin::users-permissions.user').namespace).toBe('users-permissions');
    expect(registry.contentType('plugin::users-permissions.user').attributes.password).toMatchObject({ private: true });
    expect(registry.byRouteSegment('users')).toBeUndefined();
    expect(registry.contentType('api::post.post').draftAndPublish).toBe(false);
  });

  it('loads a project with no src folder: only the built-in types', async () => {
    const registry = await loadRegistry(await writeProject({}));
    expect([...registry.contentTypes.keys()]).toEqual(['plugin::upload.file', 'plugin::upload.folder']);
    expect(registry.components.size).toBe(0);
  });
});

describe('loadRegistry refuses schema mistakes, naming the file and the attribute', () => {
  it('an unknown attribute type', async () => {
    expect(await problems(withPostAttributes({ rating: { type: 'stars' } }))).toEqual([
      `${POST}: attribute "rating": has an unknown type "stars" (expected relation, media, component, dynamiczone or one of string, text, richtext, blocks, enumeration, email, password, uid, date, time, datetime, timestamp, integer, biginteger, float, decimal, boolean, json)`,
    ]);
  });

  it('an attribute without a type', async () => {
    expect(await problems(withPostAttributes({ rating: { required: true } }))).toEqual([
      `${POST}: attribute "rating": has no "type" (got nothing)`,
    ]);
  });

  it('an unknown relation kind', async () => {
    expect(
      await problems(withPostAttributes({ files: { type: 'relation', relation: 'morphToMany', target: 'api::writer.writer' } })),
    ).toEqual([
      `${POST}: attribute "files": has an unknown relation kind "morphToMany" (expected oneToOne, oneToMany, manyToOne, manyToMany)`,
    ]);
  });

  it('an unknown relation target', async () => {
    expect(
      await problems(withPostAttributes({ editor: { type: 'relation', relation: 'manyToOne', target: 'api::editor.editor' } })),
    ).toEqual([`${POST}: attribute "editor": relation target "api::editor.editor" is not a known content type`]);
  });

  it('a relation targeting a component', async () => {
    expect(
      await problems(withPostAttributes({ link: { type: 'relation', relation: 'oneToOne', target: 'shared.link' } })),
    ).toEqual([`${POST}: attribute "link": relation target "shared.link" is not a known content type`]);
  });

  it('inversedBy naming a missing attribute', async () => {
    const files = withPostAttributes({
      author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'articles' },
    });
    expect(await problems(files)).toEqual([
      `${POST}: attribute "author": inversedBy "articles" is not an attribute of api::writer.writer`,
      `${WRITER}: attribute "posts": mappedBy "author" requires api::post.post.author to have inversedBy "posts", but it has inversedBy "articles"`,
    ]);
  });

  it('mappedBy naming an attribute that is not a relation back', async () => {
    const files = baseFiles();
    files[WRITER] = collectionType('writer', 'writers', {
      posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'title' },
    });
    files[POST] = collectionType('post', 'posts', { title: { type: 'string' } });
    expect(await problems(files)).toEqual([
      `${WRITER}: attribute "posts": mappedBy "title" must be a relation back to api::writer.writer, but api::post.post.title is a string attribute`,
    ]);
  });

  it('inversedBy naming a relation that targets another type', async () => {
    const files = baseFiles();
    files[typeFile('tag')] = collectionType('tag', 'tags', { label: { type: 'string' } });
    files[WRITER] = collectionType('writer', 'writers', {
      posts: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag', mappedBy: 'author' },
    });
    const lines = await problems(files);
    expect(lines).toContain(
      `${POST}: attribute "author": inversedBy "posts" must be a relation back to api::post.post, but api::writer.writer.posts is a relation to api::tag.tag`,
    );
    expect(lines).toContain(`${WRITER}: attribute "posts": mappedBy "author" is not an attribute of api::tag.tag`);
  });

  it('an inverse side that does not point back', async () => {
    const files = baseFiles();
    files[WRITER] = collectionType('writer', 'writers', {
      posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post' },
    });
    expect(await problems(files)).toEqual([
      `${POST}: attribute "author": inversedBy "posts" requires api::writer.writer.posts to have mappedBy "author", but it has no mappedBy`,
    ]);
  });

  it('a mappedBy side whose owner does not name it back', async () => {
    const files = baseFiles();
    files[POST] = collectionType('post', 'posts', {
      author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer' },
    });
    expect(await problems(files)).toEqual([
      `${WRITER}: attribute "posts": mappedBy "author" requires api::post.post.author to have inversedBy "posts", but it has no inversedBy`,
    ]);
  });

  it('relation kinds that do not pair', async () => {
    const files = withPostAttributes({
      author: { type: 'relation', relation: 'manyToMany', target: 'api::writer.writer', inversedBy: 'posts' },
    });
    expect(await problems(files)).toEqual([
      `${POST}: attribute "author": a manyToMany relation must be paired with a manyToMany on the other side, but api::writer.writer.posts is oneToMany`,
    ]);
  });

  it('a relation with both inversedBy and mappedBy', async () => {
    const files = withPostAttributes({
      author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'posts', mappedBy: 'posts' },
    });
    const lines = await problems(files);
    expect(lines[0]).toBe(
      `${POST}: attribute "author": has both "inversedBy" and "mappedBy"; one side owns the relation, the other maps it`,
    );
  });

  it('an unknown component in a component attribute', async () => {
    expect(await problems(withPostAttributes({ seo: { type: 'component', component: 'shared.seo' } }))).toEqual([
      `${POST}: attribute "seo": component "shared.seo" does not exist`,
    ]);
  });

  it('an unknown component in a dynamic zone', async () => {
    expect(
      await problems(withPostAttributes({ body: { type: 'dynamiczone', components: ['shared.link', 'shared.quote'] } })),
    ).toEqual([`${POST}: attribute "body": component "shared.quote" does not exist`]);
  });

  it('a dynamic zone without components', async () => {
    expect(await problems(withPostAttributes({ body: { type: 'dynamiczone', components: [] } }))).toEqual([
      `${POST}: attribute "body": a dynamic zone needs a non-empty "components" list of component uids`,
    ]);
  });

  it('a dynamic zone inside a component', async () => {
    const files = baseFiles();
    files[componentFile('shared.box')] = component('shared.box', { parts: { type: 'dynamiczone', components: ['shared.link'] } });
    expect(await problems(files)).toEqual([
      `src/components/shared/box.json: attribute "parts": dynamic zones are only allowed in content types, not in components`,
    ]);
  });

  it('a duplicate singularName', async () => {
    const files = baseFiles();
    files[typeFile('entry')] = collectionType('post', 'entries', { title: { type: 'string' } });
    expect(await problems(files)).toEqual([
      `${POST}: info.singularName "post" is already the info.singularName of api::entry.entry (${typeFile('entry')})`,
    ]);
  });

  it('a duplicate pluralName', async () => {
    const files = baseFiles();
    files[typeFile('story')] = collectionType('story', 'posts', { title: { type: 'string' } }, { collectionName: 'stories' });
    expect(await problems(files)).toEqual([
      `${typeFile('story')}: info.pluralName "posts" is already the info.pluralName of api::post.post (${POST})`,
    ]);
  });

  it('the singular name of one type used as the plural of another', async () => {
    const files = baseFiles();
    files[typeFile('story')] = collectionType('story', 'post', { title: { type: 'string' } }, { collectionName: 'stories' });
    expect(await problems(files)).toEqual([
      `${typeFile('story')}: info.pluralName "post" is already the info.singularName of api::post.post (${POST})`,
    ]);
  });

  it('a name that clashes with a built-in type', async () => {
    const files = baseFiles();
    files[typeFile('file')] = collectionType('file', 'files', { title: { type: 'string' } }, { collectionName: 'project_files' });
    expect(await problems(files)).toEqual([
      `${typeFile('file')}: info.singularName "file" is already the info.singularName of the built-in plugin::upload.file`,
      `${typeFile('file')}: info.pluralName "files" is already the info.pluralName of the built-in plugin::upload.file`,
    ]);
  });

  it('the same singular and plural name', async () => {
    const files = baseFiles();
    files[typeFile('news')] = collectionType('news', 'news', { title: { type: 'string' } });
    expect(await problems(files)).toEqual([
      `${typeFile('news')}: info.singularName and info.pluralName must differ (both are "news")`,
    ]);
  });

  it('missing info names', async () => {
    const files = baseFiles();
    files[typeFile('note')] = { kind: 'collectionType', info: { displayName: 'Note' }, attributes: { text: { type: 'text' } } };
    expect(await problems(files)).toEqual([
      `${typeFile('note')}: info.singularName is missing (got nothing)`,
      `${typeFile('note')}: info.pluralName is missing (got nothing)`,
    ]);
  });

  it('names that are not kebab-case', async () => {
    const files = baseFiles();
    files[typeFile('blog-post')] = collectionType('blogPost', 'blog posts', { title: { type: 'string' } }, { collectionName: 'blog_posts' });
    expect(await problems(files)).toEqual([
      `${typeFile('blog-post')}: info.singularName must be kebab-case, such as "blog-post" (got "blogPost")`,
      `${typeFile('blog-post')}: info.pluralName must be kebab-case, such as "blog-post" (got "blog posts")`,
    ]);
  });

  it('attribute names that would share a column', async () => {
    expect(await problems(withPostAttributes({ heroImage: { type: 'string' }, hero_image: { type: 'string' }, documentID: { type: 'string' } }))).toEqual([
      `${POST}: attribute "hero_image": differs from "heroImage" only in case or underscores, so both would use one column`,
      `${POST}: attribute "documentID": differs from "documentId" only in case or underscores, so both would use one column`,
    ]);
  });

  it('two types on the same table', async () => {
    const files = baseFiles();
    files[typeFile('story')] = collectionType('story', 'stories', { text: { type: 'text' } }, { collectionName: 'posts' });
    expect(await problems(files)).toEqual([
      `${typeFile('story')}: collectionName "posts" is already the table of api::post.post (${POST})`,
    ]);
  });

  it.each(['id', 'documentId', 'document_id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status'])(
    'the reserved attribute name %s',
    async (name) => {
      expect(await problems(withPostAttributes({ [name]: { type: 'string' } }))).toEqual([
        `${POST}: attribute "${name}": is a reserved name (Vellum adds this field to every entry)`,
      ]);
    },
  );

  it('attribute names starting with __', async () => {
    expect(await problems(withPostAttributes({ __typename: { type: 'string' } }))).toEqual([
      `${POST}: attribute "__typename": is a reserved name (names starting with "__" are reserved)`,
    ]);
  });

  it.each(['my-field', '1st', '_hidden', 'with space', 'émoji'])('the invalid attribute name %j', async (name) => {
    expect(await problems(withPostAttributes({ [name]: { type: 'string' } }))).toEqual([
      `${POST}: attribute "${name}": is not a valid attribute name (a letter, then letters, digits or "_")`,
    ]);
  });

  it.each([
    ['no enum', {}, `an enumeration needs an "enum" array of non-empty strings`],
    ['an empty enum', { enum: [] }, `an enumeration needs an "enum" array of non-empty strings`],
    ['an empty value', { enum: ['a', ''] }, `an enumeration needs an "enum" array of non-empty strings`],
    ['a non-string value', { enum: ['a', 2] }, `"enum" must be an array of strings (got ["a",2])`],
  ])('an enumeration with %s', async (_label, extra, message) => {
    const lines = await problems(withPostAttributes({ mood: { type: 'enumeration', ...extra } }));
    expect(lines).toContain(`${POST}: attribute "mood": ${message}`);
  });

  it('a component that contains itself', async () => {
    const files = baseFiles();
    files[componentFile('shared.tree')] = component('shared.tree', { children: { type: 'component', component: 'shared.tree', repeatable: true } });
    expect(await problems(files)).toEqual([
      `src/components/shared/tree.json: attribute "children": component "shared.tree" contains itself (shared.tree → shared.tree)`,
    ]);
  });

  it('components that contain each other', async () => {
    const files = baseFiles();
    files[componentFile('blocks.a')] = component('blocks.a', { next: { type: 'component', component: 'blocks.b' } });
    files[componentFile('blocks.b')] = component('blocks.b', { inner: { type: 'component', component: 'blocks.c' } });
    files[componentFile('blocks.c')] = component('blocks.c', { back: { type: 'component', component: 'blocks.a' } });
    expect(await problems(files)).toEqual([
      `src/components/blocks/c.json: attribute "back": component "blocks.a" contains itself (blocks.a → blocks.b → blocks.c → blocks.a)`,
    ]);
  });

  it('a schema.json that is not JSON', async () => {
    const files = baseFiles();
    files[POST] = '{ "kind": "collectionType", ';
    const lines = await problems(files);
    expect(lines[0]).toMatch(new RegExp(`^${POST.replace(/\./g, '\\.')}: is not valid JSON: .+`));
  });

  it('a component file that is not JSON', async () => {
    const files = baseFiles();
    files[componentFile('shared.link')] = '{ "attributes": { url: } }';
    const lines = await problems(files);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^src\/components\/shared\/link\.json: is not valid JSON: /);
  });

  it('a content type folder without schema.json', async () => {
    const files = baseFiles();
    files['src/api/draft/content-types/draft/lifecycles.js'] = 'module.exports = {};';
    expect(await problems(files)).toEqual([
      `${typeFile('draft')}: is missing (every content type folder needs a schema.json)`,
    ]);
  });

  it('flags and bounds of the wrong type, and a uid without its target field', async () => {
    const files = withPostAttributes({
      slug: { type: 'uid', targetField: 'headline' },
      views: { type: 'integer', required: 'yes', min: 'ten' },
    });
    expect(await problems(files)).toEqual([
      `${POST}: attribute "views": "required" must be true or false (got "yes")`,
      `${POST}: attribute "views": "min" must be a number (got "ten")`,
      `${POST}: attribute "slug": targetField "headline" is not a scalar attribute of this type`,
    ]);
  });

  it('an extra content type with mistakes, named by its file', async () => {
    const bad: RawSchemaFile = {
      uid: 'plugin::users-permissions.role',
      file: '<users-permissions>',
      definition: collectionType('role', 'roles', { users: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.user' } }),
    };
    expect(await problems(baseFiles(), [bad])).toEqual([
      `<users-permissions>: attribute "users": relation target "plugin::users-permissions.user" is not a known content type`,
    ]);
  });

  it('every mistake of a project at once, one per line', async () => {
    const files = withPostAttributes({
      rating: { type: 'stars' },
      locale: { type: 'string' },
      seo: { type: 'component', component: 'shared.seo' },
    });
    files[typeFile('news')] = collectionType('news', 'news', { title: { type: 'string' } });
    const dir = await writeProject(files);
    const message = await loadRegistry(dir).then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(message).toBe(
      [
        'The content model has 4 problems:',
        `  ${typeFile('news')}: info.singularName and info.pluralName must differ (both are "news")`,
        `  ${POST}: attribute "rating": has an unknown type "stars" (expected relation, media, component, dynamiczone or one of string, text, richtext, blocks, enumeration, email, password, uid, date, time, datetime, timestamp, integer, biginteger, float, decimal, boolean, json)`,
        `  ${POST}: attribute "locale": is a reserved name (Vellum adds this field to every entry)`,
        `  ${POST}: attribute "seo": component "shared.seo" does not exist`,
      ].join('\n'),
    );
  });
});
