import { describe, expect, it } from 'vitest';
import { createRegistry } from './registry.js';
import type { ComponentSchema, ContentType } from './types.js';

function type(uid: string, kind: ContentType['kind'], singularName: string, pluralName: string): ContentType {
  return {
    modelType: 'contentType',
    uid,
    kind,
    singularName,
    pluralName,
    displayName: singularName,
    collectionName: pluralName,
    draftAndPublish: false,
    namespace: uid.startsWith('api::') ? 'api' : 'users-permissions',
    options: {},
    pluginOptions: {},
    attributes: {},
    file: '<test>',
  };
}

const seo: ComponentSchema = {
  modelType: 'component',
  uid: 'shared.seo',
  category: 'shared',
  modelName: 'seo',
  displayName: 'Seo',
  collectionName: 'components_shared_seos',
  attributes: {},
  file: '<test>',
};

describe('createRegistry', () => {
  const registry = createRegistry(
    [
      type('api::page.page', 'collectionType', 'page', 'pages'),
      type('api::home.home', 'singleType', 'home', 'homes'),
      type('plugin::users-permissions.user', 'collectionType', 'user', 'users'),
    ],
    [seo],
  );

  it('finds content types and components by uid', () => {
    expect(registry.get('api::page.page').uid).toBe('api::page.page');
    expect(registry.get('shared.seo')).toBe(seo);
    expect(registry.contentType('plugin::users-permissions.user').singularName).toBe('user');
    expect(registry.component('shared.seo')).toBe(seo);
  });

  it('routes only api:: types: collections by plural, single types by singular', () => {
    expect(registry.byRouteSegment('pages')?.uid).toBe('api::page.page');
    expect(registry.byRouteSegment('home')?.uid).toBe('api::home.home');
    expect(registry.byRouteSegment('homes')).toBeUndefined();
    expect(registry.byRouteSegment('page')).toBeUndefined();
    expect(registry.byRouteSegment('users')).toBeUndefined();
  });

  it('cannot be changed', () => {
    expect(Object.isFrozen(registry)).toBe(true);
    expect(() => (registry.contentTypes as Map<string, ContentType>).set('api::x.x', type('api::x.x', 'collectionType', 'x', 'xs'))).toThrow(
      'The model registry is frozen',
    );
    expect(() => (registry.components as Map<string, ComponentSchema>).clear()).toThrow(TypeError);
    expect(registry.contentTypes.size).toBe(3);
  });
});
