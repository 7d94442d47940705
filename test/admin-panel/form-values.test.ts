/**
 * The edit form's values and the write input made from them (admin-panel/src/fields/form-values.ts):
 * each attribute kind read from a document as the content manager answers it and written back
 * in Strapi 5's input shape (relations as ordered `set` of documentIds, media by id, zones with
 * `__component`, numbers typed, times and datetimes as the server takes them).
 */
import { describe, expect, it } from 'vitest';
import { ModelIndex, type ContentModel } from '../../admin-panel/src/fields/model.js';
import { emptyFormValues, toFormValues, toStrapiTime, toWriteValues } from '../../admin-panel/src/fields/form-values.js';
import { isOnlyRequired, validationOf } from '../../admin-panel/src/fields/rules.js';

const model = new ModelIndex({
  contentTypes: [
    {
      uid: 'api::post.post', kind: 'collectionType', info: { displayName: 'Post' }, mainField: 'title',
      attributes: {
        title: { type: 'string', required: true, maxLength: 5 },
        secret: { type: 'password' },
        views: { type: 'integer', default: 0 },
        big: { type: 'biginteger' },
        ratio: { type: 'decimal' },
        on: { type: 'boolean' },
        at: { type: 'time' },
        meta: { type: 'json' },
        body: { type: 'blocks' },
        cover: { type: 'media', multiple: false },
        gallery: { type: 'media', multiple: true },
        tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
        owner: { type: 'relation', relation: 'manyToOne', target: 'api::tag.tag' },
        seo: { type: 'component', component: 'shared.seo', required: true },
        zone: { type: 'dynamiczone', components: ['shared.seo'] },
        createdAt: { type: 'datetime' },
      },
    },
    { uid: 'api::tag.tag', kind: 'collectionType', info: { displayName: 'Tag' }, attributes: { name: { type: 'string' } } },
  ],
  components: [{ uid: 'shared.seo', info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' }, count: { type: 'integer' } } }],
} as ContentModel);
const post = model.contentType('api::post.post')!;

describe('edit form values', () => {
  const document = {
    id: 1, documentId: 'p1', title: 'Hi', secret: undefined, views: 3, big: '9007199254740993', ratio: 1.5, on: true, at: '10:20:30.000',
    meta: { a: [1] }, body: [{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }],
    cover: { id: 7, name: 'c.png', url: '/u/c.png' }, gallery: [{ id: 8, name: 'g.png', url: '/u/g.png' }],
    tags: [{ id: 1, documentId: 't1', name: 'one' }, { id: 2, documentId: 't2', name: '' }], owner: { id: 3, documentId: 't3', name: 'three' },
    seo: { id: 9, metaTitle: 'm', count: 2 }, zone: [{ id: 10, __component: 'shared.seo', metaTitle: 'z', count: null }],
    createdAt: '2024-01-01T00:00:00.000Z',
  };

  it('reads a document into inputs and writes it back in Strapi 5 input shape', () => {
    const values = toFormValues(post.attributes, document, model);
    expect(values).toMatchObject({ title: 'Hi', secret: '', views: '3', big: '9007199254740993', ratio: '1.5', on: true, at: '10:20:30', meta: '{\n  "a": [\n    1\n  ]\n}' });
    expect(values.tags).toEqual([{ key: 't1', documentId: 't1', label: 'one' }, { key: 't2', documentId: 't2', label: 't2' }].map((t) => ({ ...t, status: undefined })));
    expect(values).not.toHaveProperty('createdAt');
    expect(toWriteValues(post.attributes, values, model)).toEqual({
      title: 'Hi', views: 3, big: '9007199254740993', ratio: 1.5, on: true, at: '10:20:30.000', meta: { a: [1] }, body: document.body,
      cover: 7, gallery: [8], tags: { set: [{ documentId: 't1' }, { documentId: 't2' }] }, owner: { set: [{ documentId: 't3' }] },
      seo: { metaTitle: 'm', count: 2 }, zone: [{ __component: 'shared.seo', metaTitle: 'z', count: null }],
    });
  });

  it('writes empty inputs as null, a typed password, only the allowed attributes', () => {
    const values = { ...emptyFormValues(post.attributes, model), secret: 'hunter2' };
    expect(values).toMatchObject({ title: '', views: '0', on: false, body: null, cover: null, gallery: [], tags: [], seo: { metaTitle: '', count: '' }, zone: [] });
    const written = toWriteValues(post.attributes, values, model);
    expect(written).toMatchObject({ title: null, secret: 'hunter2', views: 0, big: null, meta: null, body: null, cover: null, tags: { set: [] }, owner: { set: [] }, seo: { metaTitle: null, count: null } });
    expect(Object.keys(toWriteValues(post.attributes, values, model, (name) => name === 'title'))).toEqual(['title']);
  });

  it('writes times as HH:mm:ss.SSS', () => {
    expect(toStrapiTime('07:05')).toBe('07:05:00.000');
    expect(toStrapiTime('07:05:09')).toBe('07:05:09.000');
    expect(toStrapiTime('07:05:09.5')).toBe('07:05:09.500');
  });

  it('checks as you type; a draft with only required errors may be saved', async () => {
    const title = validationOf(post.attributes.title);
    expect(title.required!('', {})).toBe('This value is required.');
    expect(title.maxLength!('too long', {})).toBe('The value is too long (max: 5).');
    expect(title.maxLength!('short', {})).toBe(true);
    expect(validationOf({ type: 'integer' }).number!('1.5', {})).toBe('This is not an integer.');
    expect(validationOf({ type: 'email' }).email!('nope', {})).toBe('This is not a valid email.');
    expect(isOnlyRequired({ title: { type: 'required', message: 'x' }, zone: [{ metaTitle: { type: 'required', message: 'y' } }] } as never)).toBe(true);
    expect(isOnlyRequired({ title: { type: 'required', message: 'x' }, seo: { count: { type: 'number', message: 'y' } } } as never)).toBe(false);
  });
});
