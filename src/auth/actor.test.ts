import { describe, expect, it } from 'vitest';
import { can, type Actor, type RoleGrants } from './actor.js';

const role = (type: string, actions: string[]): RoleGrants => ({ id: 1, documentId: 'r', name: type, type, actions: new Set(actions) });
const token = (type: 'read-only' | 'full-access' | 'custom', actions: string[] = []): Actor => ({ kind: 'token', token: { id: 1, name: 't', type, actions: new Set(actions) } });
const ARTICLE = 'api::article.article';

describe('can', () => {
  it('asks the role of public and user actors for `<uid>.<action>`', () => {
    const publicActor: Actor = { kind: 'public', role: role('public', [`${ARTICLE}.find`]) };
    expect(can(publicActor, 'find', ARTICLE)).toBe(true);
    expect(can(publicActor, 'findOne', ARTICLE)).toBe(false);
    const user: Actor = { kind: 'user', user: { id: 1 }, role: role('authenticated', [`${ARTICLE}.delete`]) };
    expect(can(user, 'delete', ARTICLE)).toBe(true);
    expect(can(user, 'find', 'api::author.author')).toBe(false);
  });

  it('lets read-only tokens find and findOne everything, full-access do everything, custom tokens their list', () => {
    expect(['find', 'findOne', 'create', 'update', 'delete'].map((a) => can(token('read-only'), a as 'find', 'plugin::upload.file')))
      .toEqual([true, true, false, false, false]);
    expect(can(token('full-access'), 'delete', 'plugin::users-permissions.user')).toBe(true);
    const custom = token('custom', [`${ARTICLE}.create`]);
    expect([can(custom, 'create', ARTICLE), can(custom, 'find', ARTICLE)]).toEqual([true, false]);
  });
});
