import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../model/load-models.js';
import type { Registry } from '../../model/types.js';
import { BLOG_EXAMPLE } from '../../../test/helpers/fixtures.js';
import { defaultListLayout, initData } from './init-data.js';
import { mainFieldOf } from './main-field.js';

let registry: Registry;
beforeAll(async () => {
  registry = await loadRegistry(BLOG_EXAMPLE);
});

interface Described { uid: string; attributes: Record<string, unknown>; isDisplayed: boolean; mainField: string }
type Data = { contentTypes: Described[]; components: Described[] };
const data = (): Data => initData(registry) as unknown as Data;
const type = (uid: string): Described => data().contentTypes.find((t) => t.uid === uid)!;

describe('content-manager init data', () => {
  it('lists every content type with its attributes as the schema writes them, plus id and the timestamps', () => {
    const article = type('api::article.article');
    expect(article).toMatchObject({
      kind: 'collectionType',
      info: { displayName: 'Article', singularName: 'article', pluralName: 'articles' },
      options: { draftAndPublish: true },
      isDisplayed: true,
      mainField: 'title',
      layouts: { list: ['id', 'title', 'slug', 'views'] },
    });
    expect(Object.keys(article.attributes).slice(0, 3)).toEqual(['id', 'documentId', 'title']);
    expect(article.attributes.title).toEqual({ type: 'string', required: true, maxLength: 200 });
    expect(article.attributes.slug).toEqual({ type: 'uid', targetField: 'title' });
    expect(article.attributes.tone).toEqual({ type: 'enumeration', enum: ['neutral', 'playful', 'serious'] });
    expect(article.attributes.tags).toMatchObject({ type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'articles', targetModel: 'api::tag.tag' });
    expect(article.attributes.cover).toEqual({ type: 'media', multiple: false, allowedTypes: ['images'] });
    expect(article.attributes.seo).toEqual({ type: 'component', component: 'shared.seo', repeatable: false });
    expect(article.attributes.blocks).toEqual({ type: 'dynamiczone', components: ['shared.rich-text', 'shared.quote', 'shared.media'] });
    expect(article.attributes.publishedAt).toMatchObject({ type: 'datetime' });
  });

  it('marks the built-in types the panel does not show, and localized types get their locale', () => {
    expect(type('plugin::upload.file').isDisplayed).toBe(false);
    const page = type('api::page.page');
    expect(page.attributes.locale).toMatchObject({ type: 'string' });
    expect(page.attributes.position).toEqual({ type: 'integer', pluginOptions: { i18n: { localized: false } } });
  });

  it('lists components with category and main field', () => {
    const seo = data().components.find((c) => c.uid === 'shared.seo')!;
    expect(seo).toMatchObject({ uid: 'shared.seo', category: 'shared', isDisplayed: true });
    expect(seo.attributes.id).toEqual({ type: 'integer' });
    expect(seo.mainField).toBe(mainFieldOf(registry.component('shared.seo')));
  });

  it('main field: the first string attribute, else id', () => {
    expect(mainFieldOf(registry.contentType('api::tag.tag'))).toBe('name');
    expect(mainFieldOf(registry.component('shared.media'))).toBe('caption');
    expect(defaultListLayout(registry.contentType('api::tag.tag'))).toEqual(['id', 'name']);
  });
});
