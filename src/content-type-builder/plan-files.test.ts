import { describe, expect, it } from 'vitest';
import { planFiles, slugOf } from './plan-files.js';
import { pluginTypes } from './plugin-types.js';
import type { SchemaFile } from './project-schemas.js';
import { readBatch, readContentTypeBody } from './schema-input.js';

const article: SchemaFile = {
  uid: 'api::article.article',
  model: 'contentType',
  path: 'src/api/article/content-types/article/schema.json',
  definition: { kind: 'collectionType', collectionName: 'blog_articles', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' }, options: { draftAndPublish: true }, attributes: { title: { type: 'string' } } },
};
const existing = new Map([[article.uid, article]]);

describe('planFiles', () => {
  it('names files and uids as Strapi does, and reads oneWay / manyWay as one-sided relations', () => {
    const planned = planFiles(readBatch({ data: { contentTypes: [{ action: 'create', displayName: 'Blog post', singularName: 'blog-post', pluralName: 'blog-posts', attributes: {
      lead: { type: 'relation', relation: 'oneWay', target: 'api::article.article', inversedBy: 'x' },
      related: { type: 'relation', relation: 'manyWay', target: 'api::article.article' },
    } }], components: [{ action: 'create', displayName: 'Call To Action', category: 'blocks', attributes: {} }] } }), existing);
    const post = planned.write.get('api::blog-post.blog-post')!;
    expect(post.path).toBe('src/api/blog-post/content-types/blog-post/schema.json');
    expect(post.definition).toMatchObject({ collectionName: 'blog_posts', options: { draftAndPublish: false } });
    expect(post.definition.attributes).toEqual({
      lead: { type: 'relation', relation: 'oneToOne', target: 'api::article.article' },
      related: { type: 'relation', relation: 'oneToMany', target: 'api::article.article' },
    });
    expect(planned.write.get('blocks.call-to-action')!.path).toBe('src/components/blocks/call-to-action.json');
    expect(planned.created).toEqual([{ uid: 'api::blog-post.blog-post', api: 'blog-post', name: 'blog-post' }]);
  });

  it("keeps an edited type's collectionName and names, patches its attributes, and adds the mappedBy side to the target", () => {
    const planned = planFiles(readContentTypeBody({ contentType: { displayName: 'Post', attributes: [
      { action: 'delete', name: 'title' },
      { action: 'create', name: 'parent', properties: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', targetAttribute: 'children' } },
    ] } }, 'api::article.article'), existing);
    expect(planned.write.get('api::article.article')!.definition).toEqual({
      kind: 'collectionType', collectionName: 'blog_articles', info: { singularName: 'article', pluralName: 'articles', displayName: 'Post' },
      options: { draftAndPublish: true }, pluginOptions: {},
      attributes: {
        parent: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', inversedBy: 'children' },
        children: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'parent' },
      },
    });
  });

  it('refuses names that clash, unknown uids and bad API IDs, naming the field', () => {
    const plan = (body: unknown) => () => planFiles(readBatch(body), existing);
    expect(plan({ data: { contentTypes: [{ action: 'create', displayName: 'A', singularName: 'article', pluralName: 'article-list' }] } })).toThrow('data.contentTypes[0].singularName: api::article.article already exists');
    expect(plan({ data: { contentTypes: [{ action: 'create', displayName: 'A', singularName: 'post', pluralName: 'articles' }] } })).toThrow('the name is taken by api::article.article');
    expect(plan({ data: { contentTypes: [{ action: 'delete', uid: 'api::nope.nope' }] } })).toThrow("data.contentTypes[0].uid: no content type api::nope.nope in the project's src/");
    expect(plan({ data: { contentTypes: [] } })).toThrow('data: holds no change');
    expect(plan({ data: { components: [{ action: 'create', displayName: 'X', category: 'Bad Category' }] } })).toThrow('data.components[0].category: must be lowercase letters');
  });

  it('takes a plugin type as a one-way relation target only, naming the field', () => {
    const plugins = pluginTypes([{ uid: 'plugin::users-permissions.user', file: '<internal>', definition: { kind: 'collectionType', info: { singularName: 'user', pluralName: 'users', displayName: 'User' }, attributes: {} } }]);
    const note = (attributes: unknown) => () => planFiles(readBatch({ data: { contentTypes: [{ action: 'create', displayName: 'Note', singularName: 'note', pluralName: 'notes', attributes }] } }), existing, plugins);
    expect(note({ author: { type: 'relation', relation: 'oneWay', target: 'plugin::users-permissions.user' } })().write.get('api::note.note')!.definition.attributes)
      .toEqual({ author: { type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' } });
    expect(note({ readers: { type: 'relation', relation: 'manyToMany', target: 'plugin::users-permissions.user', targetAttribute: 'notes' } }))
      .toThrow('data.contentTypes[0].attributes.readers.relation: a relation to plugin::users-permissions.user can only be one-way (oneWay or manyWay): Strapi writes its other side into src/extensions/users-permissions/content-types/user/schema.json, which Vellum does not load');
    expect(note({ file: { type: 'relation', relation: 'oneWay', target: 'plugin::upload.file' } }))
      .toThrow('data.contentTypes[0].attributes.file.target: plugin::upload.file cannot be a relation target: files are a media attribute (type "media")');
    expect(note({ owner: { type: 'relation', relation: 'oneWay', target: 'plugin::upload.folder' } })).toThrow('plugin::upload.folder cannot be a relation target (it is hidden from the Content-Type Builder)');
  });

  it('slugs display names', () => {
    expect(slugOf('Call To Action')).toBe('call-to-action');
    expect(slugOf('Crème brûlée')).toBe('creme-brulee');
    expect(slugOf('productCard')).toBe('product-card');
  });
});
