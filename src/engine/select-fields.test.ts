import { describe, expect, it } from 'vitest';
import type { Attribute, ComponentSchema, ContentType } from '../model/types.js';
import { selectColumns, selectFields } from './select-fields.js';

const scalar = (name: string, type: 'string' | 'password' | 'integer', isPrivate = false): Attribute => ({
  kind: 'scalar', name, type, required: false, private: isPrivate, unique: false, raw: {},
});

const attributes = {
  title: scalar('title', 'string'),
  secret: scalar('secret', 'string', true),
  pin: scalar('pin', 'password'),
  viewCount: scalar('viewCount', 'integer'),
  owner: { kind: 'relation', name: 'owner', relation: 'manyToOne', target: 'api::x.x', required: false, private: false, raw: {} },
} as const satisfies Record<string, Attribute>;

const contentType: ContentType = {
  uid: 'api::note.note', collectionName: 'notes', displayName: 'Note', attributes, file: '<test>',
  modelType: 'contentType', kind: 'collectionType', singularName: 'note', pluralName: 'notes',
  draftAndPublish: true, namespace: 'api', options: {}, pluginOptions: {},
};
const component: ComponentSchema = {
  uid: 'shared.note', collectionName: 'components_shared_notes', displayName: 'Note', attributes, file: '<test>',
  modelType: 'component', category: 'shared', modelName: 'note',
};

describe('selectFields', () => {
  it('by default: id, documentId, timestamps and the readable scalars; never private or password fields', () => {
    const selection = selectFields(contentType, null);
    expect(selection.system).toEqual(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(selection.attributes.map((a) => a.name)).toEqual(['title', 'viewCount']);
    expect(selectColumns(selection, 't3')).toEqual([
      't3.id', 't3.document_id', 't3.created_at', 't3.updated_at', 't3.published_at', 't3.title', 't3.view_count',
    ]);
  });

  it('chosen fields keep id and documentId; private, password and non-scalar names are not read', () => {
    const selection = selectFields(contentType, ['viewCount', 'secret', 'pin', 'owner', 'updatedAt']);
    expect(selection.system).toEqual(['id', 'documentId', 'updatedAt']);
    expect(selection.attributes.map((a) => a.name)).toEqual(['viewCount']);
  });

  it('components have only id beside their scalars', () => {
    expect(selectFields(component, null).system).toEqual(['id']);
    expect(selectFields(component, ['title']).attributes.map((a) => a.name)).toEqual(['title']);
  });
});
