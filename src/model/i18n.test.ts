import { describe, expect, it } from 'vitest';
import { loadRegistry } from './load-models.js';
import { isLocalizedAttribute, isLocalizedType } from './i18n.js';
import { POST, problems, withPostAttributes, writeProject } from '../../test/helpers/schema-projects.js';

describe('i18n flags of schemas', () => {
  it('refuses a localized attribute on a type that is not localized, naming file and attribute', async () => {
    expect(await problems(withPostAttributes({ title: { type: 'string', pluginOptions: { i18n: { localized: true } } } }))).toEqual([
      `${POST}: attribute "title": pluginOptions.i18n.localized is true but the content type is not localized (set pluginOptions.i18n.localized: true on the content type, or remove the flag)`,
    ]);
  });

  it('reads localized types and attributes as Strapi does (relations and uids always localized)', async () => {
    const registry = await loadRegistry(await writeProject(withPostAttributes({ title: { type: 'string', pluginOptions: { i18n: { localized: false } } } })));
    const post = registry.contentType('api::post.post');
    expect(isLocalizedType(post)).toBe(false);
    const localized = { ...post, pluginOptions: { i18n: { localized: true } } };
    expect(isLocalizedType(localized)).toBe(true);
    expect(isLocalizedAttribute(post.attributes.title!)).toBe(false);
    const uid = { kind: 'scalar', type: 'uid', name: 's', required: false, private: false, unique: false, raw: {} } as const;
    expect(isLocalizedAttribute(uid)).toBe(true);
  });
});
