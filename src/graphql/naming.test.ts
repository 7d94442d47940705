import { describe, expect, it } from 'vitest';
import { camelCase, enumValueName } from './naming.js';

describe('naming helpers', () => {
  it('camel-cases like lodash', () => {
    expect(camelCase('rich-text')).toBe('richText');
    expect(camelCase('users-permissions')).toBe('usersPermissions');
    expect(camelCase('blog_post')).toBe('blogPost');
    expect(camelCase('article')).toBe('article');
    expect(camelCase('myType')).toBe('myType');
  });

  it('makes stored enumeration values valid GraphQL names', () => {
    expect(enumValueName('neutral')).toBe('neutral');
    expect(enumValueName('a-b c')).toBe('a_b_c');
    expect(enumValueName('1st')).toBe('_1st');
  });
});
