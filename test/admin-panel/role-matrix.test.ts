/**
 * The role editor's translation between Strapi's permission rows and the matrix
 * (admin-panel/src/settings/admin-users/role-matrix.ts): a role saved from the page without a
 * change writes back what it read (field lists, `admin::is-creator`, the Author's media library
 * conditions), and the field toggles switch an action on and off.
 */
import { describe, expect, it } from 'vitest';
import { modelOf, permissionsOf, stateOf, toggleAction, toggleField, type MatrixModel } from '../../admin-panel/src/settings/admin-users/role-matrix.js';
import type { PermissionLayout, RolePermission } from '../../admin-panel/src/settings/admin-users/role-types.js';

const CM = 'plugin::content-manager.explorer';
const ARTICLE = 'api::article.article';
const action = (name: string, fields: boolean) => ({ label: name, actionId: `${CM}.${name.toLowerCase()}`, subjects: [ARTICLE], applyToProperties: fields ? ['fields'] : [] });
const LAYOUT: PermissionLayout = {
  conditions: [{ id: 'admin::is-creator', displayName: 'Is creator' }],
  sections: {
    collectionTypes: {
      subjects: [{ uid: ARTICLE, label: 'Article', properties: [{ value: 'fields', children: ['title', 'summary', 'views'].map((value) => ({ value, label: value, required: false })) }] }],
      actions: [action('Create', true), action('Read', true), action('Update', true), action('Delete', false), action('Publish', false)],
    },
    singleTypes: { subjects: [], actions: [] },
    plugins: [{ action: 'plugin::upload.read', displayName: 'Access the Media Library', plugin: 'plugin::upload', subCategory: 'general' }],
    settings: [{ action: 'admin::api-tokens.read', displayName: 'Read', category: 'api tokens', subCategory: 'general' }],
  },
};

describe('role matrix', () => {
  const model: MatrixModel = modelOf(LAYOUT);

  it('names the groups and reads the fields of each type', () => {
    expect(model.others.map((entry) => entry.group)).toEqual(['Upload: General', 'API tokens: General']);
    expect(model.subjects[0]!.fields).toEqual(['title', 'summary', 'views']);
  });

  it('writes back what it read: field lists, only-the-creator, plugin conditions', () => {
    const author: RolePermission[] = [
      { action: `${CM}.read`, subject: ARTICLE, properties: { fields: ['title', 'summary'] }, conditions: ['admin::is-creator'] },
      { action: `${CM}.update`, subject: ARTICLE, properties: {}, conditions: ['admin::is-creator'] },
      { action: 'plugin::upload.read', subject: null, properties: {}, conditions: ['admin::is-creator'] },
    ];
    expect(permissionsOf(model, stateOf(model, author))).toEqual(author);
  });

  it('an action on covers every field (no list); unchecking fields limits it; the last one switches it off', () => {
    let state = toggleAction(stateOf(model, []), ARTICLE, `${CM}.read`, model.subjects[0]!.fields, true);
    expect(permissionsOf(model, state)).toEqual([{ action: `${CM}.read`, subject: ARTICLE, properties: {}, conditions: [] }]);
    state = toggleField(state, ARTICLE, `${CM}.read`, 'views', false);
    expect(permissionsOf(model, state)[0]!.properties).toEqual({ fields: ['title', 'summary'] });
    state = toggleField(toggleField(state, ARTICLE, `${CM}.read`, 'title', false), ARTICLE, `${CM}.read`, 'summary', false);
    expect(permissionsOf(model, state)).toEqual([]);
    expect(permissionsOf(model, toggleField(state, ARTICLE, `${CM}.update`, 'views', true))[0]).toMatchObject({ action: `${CM}.update`, properties: { fields: ['views'] } });
  });
});
