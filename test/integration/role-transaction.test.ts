/**
 * A role and its permission rows are written in one transaction (the operation layer's
 * `operations.transaction`): a failure after the role row, or after some permission rows, were
 * written leaves nothing of the write behind — no new role, the old name and the old permissions —
 * through REST's roles API and `app.permissions.grant`. The failure comes from a Vellum check (an
 * unknown action, refused after the role row is written) or from project code (a permission's
 * beforeCreate lifecycle that throws, after the permissions before it were written).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApplicationError } from '../../src/errors/index.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

/** the action whose permission row a lifecycle refuses */
const REFUSED = 'api::tag.tag.delete';

const INDEX = `
module.exports = {
  register({ strapi }) {
    strapi.db.lifecycles.subscribe({
      models: ['plugin::users-permissions.permission'],
      beforeCreate(event) {
        if (globalThis.__roleProbe.armed && event.params.data.action === '${REFUSED}') throw new globalThis.__roleProbe.ApplicationError('this permission is refused');
      },
    });
  },
};
`;
/** armed during the tests only: the test app's start grants its public role every action */
const probe = { ApplicationError, armed: false };
(globalThis as unknown as { __roleProbe: typeof probe }).__roleProbe = probe;

type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;

/** a permissions tree enabling `actions` (`api::tag.tag.find` → tree['api::tag'].controllers.tag.find) */
function treeOf(actions: readonly string[]): Tree {
  const tree: Tree = {};
  for (const name of actions) {
    const [type, controller, action] = name.split('.') as [string, string, string];
    ((tree[type] ??= { controllers: {} }).controllers[controller] ??= {})[action] = { enabled: true };
  }
  return tree;
}

describeEachDialect('a role and its permissions in one transaction', (dialect) => {
  const t = useTestApp({ dialect, files: { 'src/index.js': INDEX } });
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${t.url}/api/users-permissions${path}`, { method, headers: { ...t.authHeaders, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { ok?: boolean; error?: { name: string; message: string } } };
  };
  /** straight from the tables: what was committed */
  const stored = async (name: string) => {
    const roles = (await t.app.db.knex('up_roles').select('id', 'name').where('name', name)) as { id: number; name: string }[];
    return { roles: roles.length, permissions: (await t.app.permissions.listRoles()).find((role) => role.name === name)?.actions ?? [] };
  };
  beforeEach(() => {
    probe.armed = true;
  });
  afterEach(() => {
    probe.armed = false;
  });
  const permissionRows = async () => Number(((await t.app.db.knex('up_permissions').count({ n: '*' })) as { n: number | string }[])[0]!.n);

  it('creating: an unknown action, refused after the role row is written, leaves no role', async () => {
    const rowsBefore = await permissionRows();
    const refused = await send('POST', '/roles', { name: 'Half Written', permissions: treeOf(['api::tag.tag.find', 'api::nothing.nothing.find']) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ValidationError', message: 'Unknown permissions provided: api::nothing.nothing.find' });
    expect(await stored('Half Written')).toEqual({ roles: 0, permissions: [] });
    expect(await permissionRows()).toBe(rowsBefore);
  });

  it('creating: a lifecycle refusing the third permission row leaves no role and none of the rows before it', async () => {
    const rowsBefore = await permissionRows();
    const refused = await send('POST', '/roles', { name: 'Refused Midway', permissions: treeOf(['api::tag.tag.create', 'api::tag.tag.find', REFUSED]) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ApplicationError', message: 'this permission is refused' });
    expect(await stored('Refused Midway')).toEqual({ roles: 0, permissions: [] });
    expect(await permissionRows()).toBe(rowsBefore);

    // the same role without the refused action is written whole
    expect((await send('POST', '/roles', { name: 'Refused Midway', permissions: treeOf(['api::tag.tag.create', 'api::tag.tag.find']) })).body).toEqual({ ok: true });
    expect(await stored('Refused Midway')).toEqual({ roles: 1, permissions: ['api::tag.tag.create', 'api::tag.tag.find'] });
  });

  it('updating: a refused permission keeps the old name and the old permissions', async () => {
    expect((await send('POST', '/roles', { name: 'Kept Role', permissions: treeOf(['api::tag.tag.find', 'api::tag.tag.findOne']) })).body).toEqual({ ok: true });
    const role = (await t.app.permissions.listRoles()).find((r) => r.name === 'Kept Role')!;
    const rowsBefore = await permissionRows();

    // renamed, findOne revoked, create granted, then the refused one: none of it stays
    const refused = await send('PUT', `/roles/${role.id}`, { name: 'Renamed Role', permissions: treeOf(['api::tag.tag.find', 'api::tag.tag.create', REFUSED]) });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe('this permission is refused');
    expect(await stored('Renamed Role')).toEqual({ roles: 0, permissions: [] });
    expect(await stored('Kept Role')).toEqual({ roles: 1, permissions: ['api::tag.tag.find', 'api::tag.tag.findOne'] });
    expect(await permissionRows()).toBe(rowsBefore);

    const unknown = await send('PUT', `/roles/${role.id}`, { name: 'Renamed Role', permissions: treeOf(['api::nothing.nothing.find']) });
    expect(unknown.status).toBe(400);
    expect(await stored('Kept Role')).toEqual({ roles: 1, permissions: ['api::tag.tag.find', 'api::tag.tag.findOne'] });
  });

  it('app.permissions.grant: all of the actions or none', async () => {
    await t.app.permissions.createRole({ name: 'Granted Role' });
    await expect(t.app.permissions.grant('granted_role', ['api::tag.tag.find', REFUSED])).rejects.toThrow('this permission is refused');
    expect(await stored('Granted Role')).toEqual({ roles: 1, permissions: [] });
    expect(await t.app.permissions.grant('granted_role', ['api::tag.tag.find', 'api::tag.tag.create'])).toEqual(['api::tag.tag.find', 'api::tag.tag.create']);
    expect(await stored('Granted Role')).toEqual({ roles: 1, permissions: ['api::tag.tag.create', 'api::tag.tag.find'] });
  });
});
