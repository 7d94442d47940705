import { describe, expect, it } from 'vitest';
import { apiUid, componentUid, isComponentUid, parseUid, pluginUid } from './uid.js';
import { UnknownModelError } from './unknown-model-error.js';

describe('uids', () => {
  it('builds the three forms', () => {
    expect(apiUid('article', 'article')).toBe('api::article.article');
    expect(pluginUid('upload', 'file')).toBe('plugin::upload.file');
    expect(componentUid('shared', 'rich-text')).toBe('shared.rich-text');
  });

  it('parses them back', () => {
    expect(parseUid('api::blog-post.blog-post')).toEqual({ kind: 'api', api: 'blog-post', name: 'blog-post' });
    expect(parseUid('plugin::users-permissions.user')).toEqual({ kind: 'plugin', plugin: 'users-permissions', name: 'user' });
    expect(parseUid('shared.seo')).toEqual({ kind: 'component', category: 'shared', name: 'seo' });
    // the admin realm's types, as Strapi names them
    expect(parseUid('admin::user')).toEqual({ kind: 'plugin', plugin: 'admin', name: 'user' });
  });

  it('refuses strings that are not uids', () => {
    for (const bad of ['article', 'api::article', 'admin::a.b', 'admin::', 'api::a.b.c', 'a.b.c', '']) {
      expect(() => parseUid(bad)).toThrow(UnknownModelError);
    }
    expect(() => parseUid('api::article')).toThrow('Malformed model uid "api::article"');
  });

  it('tells component uids from content type uids', () => {
    expect(isComponentUid('shared.seo')).toBe(true);
    expect(isComponentUid('api::article.article')).toBe(false);
    expect(isComponentUid('plugin::upload.file')).toBe(false);
    expect(isComponentUid('seo')).toBe(false);
  });
});
