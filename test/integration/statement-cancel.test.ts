/**
 * A request whose client goes away stops its database work (issue 9 item 7): the statements it
 * still runs are cancelled on the server and no new statement starts, so abandoned requests
 * never hold the pool. Over real HTTP; the running statements are read from the database's own
 * activity view through a separate admin connection. The client aborts only once the statement
 * is seen running, and every wait is a poll bounded by a count.
 */
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { SERVERS, describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

/**
 * `/sleep` runs one 30 s statement (tagged so the activity view finds it); `/after-close` waits
 * until its client has gone, then tries one more statement and records what happened, which
 * `/state` tells.
 */
const ROUTES = `
let state = 'idle';
export default {
  register({ app }) {
    app.server.get('/sleep', async () => {
      const sql = app.db.dialect.name === 'postgres'
        ? 'SELECT pg_sleep(30) AS vellum_cancel_probe'
        : 'SELECT SLEEP(30) AS vellum_cancel_probe';
      await app.db.knex.raw(sql);
      return { slept: true };
    });
    app.server.get('/after-close', async (_request, reply) => {
      state = 'waiting';
      await new Promise((resolve) => {
        if (reply.raw.closed) resolve();
        else reply.raw.once('close', resolve);
      });
      try {
        await app.db.knex.raw('select 1 as one');
        state = 'ran';
      } catch (error) {
        state = error.name + ': ' + error.message;
      }
      return { state };
    });
    app.server.get('/state', async () => ({ state }));
  },
};
`;

const POLLS = 200;
const POLL_GAP_MS = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds, at most POLLS times; returns whether it did. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < POLLS; i++) {
    if (await check()) return true;
    await pause(POLL_GAP_MS);
  }
  return false;
}

/** An admin connection of its own, outside the app's pool. */
function adminKnex(dialect: Exclude<DialectName, 'sqlite'>): Knex {
  if (dialect === 'postgres') {
    const s = SERVERS.postgres;
    return knexFactory({ client: 'pg', connection: { host: s.host, port: s.port, user: s.user, password: s.password, database: s.adminDatabase }, pool: { min: 0, max: 1 } });
  }
  const s = SERVERS.mysql;
  return knexFactory({ client: 'mysql2', connection: { host: s.host, port: s.port, user: s.user, password: s.password }, pool: { min: 0, max: 1 } });
}

/** How many `/sleep` statements of database `name` are running, as the server itself reports. */
async function runningProbes(admin: Knex, dialect: Exclude<DialectName, 'sqlite'>, name: string): Promise<number> {
  if (dialect === 'postgres') {
    const result = await admin.raw<{ rows: Array<{ n: number }> }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ? AND state = 'active' AND query LIKE '%vellum_cancel_probe%' AND pid <> pg_backend_pid()",
      [name],
    );
    return result.rows[0]!.n;
  }
  const [rows] = await admin.raw<[Array<{ n: number | string }>]>(
    "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND INFO LIKE '%vellum_cancel_probe%' AND ID <> CONNECTION_ID()",
    [name],
  );
  return Number(rows[0]!.n);
}

describeEachDialect('statements of a request whose client went away', (dialect) => {
  const t = useTestApp({
    dialect,
    // The pool holds two connections: four abandoned 30 s statements would exhaust it unless
    // cancelled. The statement timeout is far above the test's waits, so it cannot be what ends them.
    env: { DATABASE_STATEMENT_TIMEOUT: '120000' },
    files: { 'src/index.ts': ROUTES, 'config/database.json': JSON.stringify({ connection: { pool: { min: 0, max: 2 } } }) },
  });

  it('starts no new statement once the client has gone', async () => {
    const abort = new AbortController();
    const pending = fetch(`${t.url}/after-close`, { signal: abort.signal }).catch((error: unknown) => error);
    expect(await eventually(async () => (await request(`${t.url}/state`)).body.state === 'waiting')).toBe(true);
    abort.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(await eventually(async () => (await request(`${t.url}/state`)).body.state !== 'waiting')).toBe(true);
    expect((await request(`${t.url}/state`)).body.state).toBe('ServiceUnavailableError: The client closed the connection: the request was stopped');
    // a request that completes is not affected
    const fine = await request(`${t.url}/api/articles?pagination[pageSize]=1`);
    expect(fine.status).toBe(200);
    expect(t.logs.filter((line) => line.startsWith('error:'))).toEqual([]);
  });

  if (dialect !== 'sqlite') {
    let admin: Knex;
    let database: string;
    beforeAll(async () => {
      admin = adminKnex(dialect);
      const name = dialect === 'postgres' ? 'SELECT current_database() AS name' : 'SELECT DATABASE() AS name';
      const result = await t.app.db.knex.raw<{ rows: Array<{ name: string }> } | [Array<{ name: string }>]>(name);
      database = Array.isArray(result) ? result[0][0]!.name : result.rows[0]!.name;
    });
    afterAll(async () => {
      await admin?.destroy();
    });

    it('cancels the running statement on the database and keeps the pool serving', async () => {
      expect(await runningProbes(admin, dialect, database)).toBe(0);
      // twice the pool size, one after the other: each must have been cancelled for the next to get a connection
      for (let round = 1; round <= 4; round++) {
        const abort = new AbortController();
        const pending = fetch(`${t.url}/sleep`, { signal: abort.signal }).catch((error: unknown) => error);
        expect([round, await eventually(async () => (await runningProbes(admin, dialect, database)) === 1)]).toEqual([round, true]);
        abort.abort();
        expect(await pending).toMatchObject({ name: 'AbortError' });
        expect([round, await eventually(async () => (await runningProbes(admin, dialect, database)) === 0)]).toEqual([round, true]);
      }
      const after = await request(`${t.url}/api/articles?pagination[pageSize]=1`);
      expect(after.status).toBe(200);
      expect(after.body.data).toEqual([]);
      expect(t.logs.filter((line) => line.startsWith('error:'))).toEqual([]);
    });
  }
});
