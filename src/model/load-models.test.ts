import { describe, expect, it } from 'vitest';
import { StartupError } from '../errors/startup-error.js';
import { isToMany, populatableAttributes, relationOwner, scalarAttributes } from './attributes.js';
import { loadRegistry } from './load-models.js';
import type { ContentType } from './types.js';
import { UnknownModelError } from './unknown-model-error.js';
import { BLOG_EXAMPLE as BLOG } from '../../test/helpers/fixtures.js';

const registry = await loadRegistry(BLOG);

describe('loadRegistry on the blog fixture', () => {
  it('finds the six content types (the demo\'s localized page among them), the upload file and folder types and the five components', () => {
    expect([...registry.contentTypes.keys()].sort()).toEqual([
      'api::article.article',
      'api::author.author',
      'api::category.category',
      'api::global.global',
      'api::page.page',
      'api::tag.tag',
      'plugin::upload.file',
      'plugin::upload.folder',
    ]);
    expect([...registry.components.keys()].sort()).toEqual([
      'shared.media',
      'shared.quote',
      'shared.rich-text',
      'shared.seo',
      'shared.social',
    ]);
  });

  it('reads names, kinds, tables and draft & publish of each type', () => {
    const summary = (type: ContentType): unknown => [
      type.kind,
      type.singularName,
      type.pluralName,
      type.displayName,
      type.collectionName,
      type.draftAndPublish,
      type.namespace,
      type.file,
    ];
    expect(summary(registry.contentType('api::article.article'))).toEqual([
      'collectionType',
      'article',
      'articles',
      'Article',
      'articles',
      true,
      'api',
      'src/api/article/content-types/article/schema.json',
    ]);
    expect(summary(registry.contentType('api::global.global'))).toEqual([
      'singleType',
      'global',
      'globals',
      'Global',
      'globals',
      false,
      'api',
      'src/api/global/content-types/global/schema.json',
    ]);
    expect(summary(registry.contentType('plugin::upload.file'))).toEqual([
      'collectionType',
      'file',
      'files',
      'File',
      'files',
      false,
      'upload',
      '<internal>',
    ]);
    expect(registry.contentType('api::article.article').options).toEqual({ draftAndPublish: true });
    expect(registry.contentType('api::article.article').modelType).toBe('contentType');
  });

  it('types every attribute of article with Strapi defaults filled', () => {
    const { attributes } = registry.contentType('api::article.article');
    expect(Object.keys(attributes)).toEqual([
      'title', 'slug', 'summary', 'body', 'notes', 'views', 'likes', 'rating', 'score', 'featured', 'tone',
      'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta', 'cover', 'gallery', 'category',
      'author', 'tags', 'seo', 'blocks',
    ]);
    const base = { required: false, private: false, raw: {} };
    expect(attributes.title).toEqual({ ...base, kind: 'scalar', name: 'title', type: 'string', required: true, unique: false, maxLength: 200 });
    expect(attributes.slug).toEqual({ ...base, kind: 'scalar', name: 'slug', type: 'uid', unique: false, targetField: 'title' });
    expect(attributes.views).toEqual({ ...base, kind: 'scalar', name: 'views', type: 'integer', unique: false, default: 0 });
    expect(attributes.tone).toEqual({
      ...base, kind: 'scalar', name: 'tone', type: 'enumeration', unique: false, enum: ['neutral', 'playful', 'serious'],
    });
    expect(attributes.gallery).toEqual({
      ...base, kind: 'media', name: 'gallery', multiple: true, allowedTypes: ['images', 'videos'],
    });
    expect(attributes.category).toEqual({
      ...base, kind: 'relation', name: 'category', relation: 'manyToOne', target: 'api::category.category', inversedBy: 'articles',
    });
    expect(attributes.seo).toEqual({ ...base, kind: 'component', name: 'seo', component: 'shared.seo', repeatable: false });
    expect(attributes.blocks).toEqual({
      ...base, kind: 'dynamiczone', name: 'blocks', components: ['shared.rich-text', 'shared.quote', 'shared.media'],
    });
    expect(registry.contentType('api::category.category').attributes.name).toMatchObject({ unique: true, required: true });
  });

  it('reads components with their category, name and table', () => {
    const seo = registry.component('shared.seo');
    expect([seo.modelType, seo.category, seo.modelName, seo.displayName, seo.collectionName, seo.file]).toEqual([
      'component', 'shared', 'seo', 'Seo', 'components_shared_seos', 'src/components/shared/seo.json',
    ]);
    expect(seo.attributes.social).toMatchObject({ kind: 'component', component: 'shared.social', repeatable: true });
    expect(registry.component('shared.quote').attributes.author).toMatchObject({
      kind: 'relation', relation: 'oneToOne', target: 'api::author.author',
    });
    expect(registry.component('shared.rich-text').displayName).toBe('Rich text');
  });

  it('defines the upload file and folder types', () => {
    const file = registry.contentType('plugin::upload.file');
    expect(
      Object.fromEntries(Object.values(file.attributes).map((a) => [a.name, a.kind === 'scalar' ? `${a.type}${a.required ? '!' : ''}` : a.kind])),
    ).toEqual({
      name: 'string!', alternativeText: 'string', caption: 'string', focalPoint: 'json', width: 'integer', height: 'integer', formats: 'json',
      hash: 'string!', ext: 'string', mime: 'string!', size: 'decimal!', url: 'string!', previewUrl: 'string',
      provider: 'string!', provider_metadata: 'json', folderPath: 'string', folder: 'relation',
    });
    const folder = registry.contentType('plugin::upload.folder');
    expect(folder.collectionName).toBe('upload_folders');
    expect(Object.fromEntries(Object.values(folder.attributes).map((a) => [a.name, a.kind === 'scalar' ? `${a.type}${a.required ? '!' : ''}` : a.kind]))).toEqual({
      name: 'string!', pathId: 'integer!', parent: 'relation', children: 'relation', files: 'relation', path: 'string!',
    });
  });

  it('routes api:: collection types by plural and single types by singular name only', () => {
    expect(registry.byRouteSegment('articles')?.uid).toBe('api::article.article');
    expect(registry.byRouteSegment('categories')?.uid).toBe('api::category.category');
    expect(registry.byRouteSegment('global')?.uid).toBe('api::global.global');
    expect(registry.byRouteSegment('article')).toBeUndefined();
    expect(registry.byRouteSegment('globals')).toBeUndefined();
    expect(registry.byRouteSegment('files')).toBeUndefined();
  });

  it('throws UnknownModelError for unknown uids', () => {
    expect(() => registry.get('api::nope.nope')).toThrow(UnknownModelError);
    expect(() => registry.contentType('shared.seo')).toThrow('Unknown content type "shared.seo"');
    expect(() => registry.component('api::article.article')).toThrow('Unknown component "api::article.article"');
    expect(registry.get('shared.seo').uid).toBe('shared.seo');
    const error = (() => {
      try {
        registry.get('x.y');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(StartupError);
    expect((error as UnknownModelError).uid).toBe('x.y');
  });

  it('is frozen all the way down', () => {
    const article = registry.contentType('api::article.article');
    expect(Object.isFrozen(registry)).toBe(true);
    expect(Object.isFrozen(article.attributes.tone)).toBe(true);
    expect(() => (registry.contentTypes as Map<string, ContentType>).set('x', article)).toThrow(TypeError);
    expect(() => (registry.components as Map<string, unknown>).delete('shared.seo')).toThrow(TypeError);
    expect(registry.components.size).toBe(5);
  });
});

describe('attribute helpers on the blog model', () => {
  const article = registry.contentType('api::article.article');

  it('splits scalar and populatable attributes', () => {
    expect(scalarAttributes(registry.contentType('api::category.category')).map((a) => a.name)).toEqual([
      'name', 'slug', 'description', 'position',
    ]);
    expect(populatableAttributes(article).map((a) => a.name)).toEqual([
      'cover', 'gallery', 'category', 'author', 'tags', 'seo', 'blocks',
    ]);
  });

  it('resolves the owning side of every relation', () => {
    const owner = (uid: string, attribute: string): unknown => {
      const found = relationOwner(registry, registry.get(uid), attribute);
      return [found.ownerSchema.uid, found.ownerAttribute.name, found.inverse];
    };
    expect(owner('api::article.article', 'category')).toEqual(['api::article.article', 'category', false]);
    expect(owner('api::category.category', 'articles')).toEqual(['api::article.article', 'category', true]);
    expect(owner('api::author.author', 'articles')).toEqual(['api::article.article', 'author', true]);
    expect(owner('api::tag.tag', 'articles')).toEqual(['api::article.article', 'tags', true]);
    expect(owner('api::article.article', 'tags')).toEqual(['api::article.article', 'tags', false]);
    expect(owner('shared.quote', 'author')).toEqual(['shared.quote', 'author', false]);
    expect(() => relationOwner(registry, article, 'title')).toThrow('api::article.article.title is not a relation');
  });

  it('tells to-many attributes from the side that declares them', () => {
    const many = (uid: string, attribute: string): boolean => {
      const found = registry.get(uid).attributes[attribute];
      if (found === undefined) throw new Error(`no ${attribute}`);
      return isToMany(found);
    };
    expect(many('api::article.article', 'category')).toBe(false);
    expect(many('api::category.category', 'articles')).toBe(true);
    expect(many('api::article.article', 'tags')).toBe(true);
    expect(many('api::tag.tag', 'articles')).toBe(true);
    expect(many('shared.quote', 'author')).toBe(false);
    expect(many('api::article.article', 'cover')).toBe(false);
    expect(many('api::article.article', 'gallery')).toBe(true);
    expect(many('api::article.article', 'seo')).toBe(false);
    expect(many('shared.seo', 'social')).toBe(true);
    expect(many('api::article.article', 'blocks')).toBe(true);
    expect(many('api::article.article', 'title')).toBe(false);
  });
});
