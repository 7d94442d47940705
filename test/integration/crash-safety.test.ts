/**
 * Crash safety (issue 9, item 4), with real processes: a `vellum start` server takes a stream of
 * concurrent multi-table writes (articles with a component, a dynamic zone, relations and media),
 * is killed with SIGKILL while writes are in flight, and is started again. Then every write the
 * client saw acknowledged is there whole, every write that was in flight is there whole or not
 * at all, and the storage holds no orphan component, link or media rows (storage-integrity.ts).
 */
import { databaseEnv } from '../helpers/test-databases.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'qs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../../src/app/runtime.js';
import type { Env } from '../../src/config/types.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { storageProblems } from '../helpers/storage-integrity.js';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const ROUNDS = 3;
const WRITERS = 6;
/** servers started and not yet reaped: killed after the tests, whatever happened */
const live = new Set<ChildProcess>();

/** What one article write sends, in the shape the test compares reads against. */
interface ArticleState {
  title: string;
  views: number;
  seo: { metaTitle: string; shareImage: number | null; social: string[] };
  blocks: Array<{ __component: string; value: string; ref: string | number | null }>;
  category: string | null;
  author: string | null;
  tags: string[];
  cover: number | null;
  gallery: number[];
}

/** The same state as a REST body. */
function body(state: ArticleState): Record<string, unknown> {
  return {
    title: state.title,
    views: state.views,
    seo: { metaTitle: state.seo.metaTitle, shareImage: state.seo.shareImage, social: state.seo.social.map((url) => ({ network: 'github', url })) },
    blocks: state.blocks.map((b) => {
      if (b.__component === 'shared.quote') return { __component: b.__component, text: b.value, author: b.ref };
      if (b.__component === 'shared.media') return { __component: b.__component, caption: b.value, file: b.ref };
      return { __component: b.__component, body: b.value };
    }),
    category: state.category,
    author: state.author,
    tags: state.tags,
    cover: state.cover,
    gallery: state.gallery,
  };
}

const POPULATE = stringify({
  populate: {
    seo: { populate: ['shareImage', 'social'] },
    blocks: { on: { 'shared.quote': { populate: ['author'] }, 'shared.media': { populate: ['file'] }, 'shared.rich-text': true } },
    category: true, author: true, tags: true, cover: true, gallery: true,
  },
}, { encodeValuesOnly: true });

type Json = Record<string, any>;
const docId = (v: Json | null | undefined): string | null => (v ? String(v.documentId) : null);
const fileId = (v: Json | null | undefined): number | null => (v ? Number(v.id) : null);

/** A read entry back in the written shape. */
function stateOf(entry: Json): ArticleState {
  return {
    title: entry.title,
    views: entry.views,
    seo: { metaTitle: entry.seo?.metaTitle, shareImage: fileId(entry.seo?.shareImage), social: (entry.seo?.social ?? []).map((s: Json) => s.url) },
    blocks: (entry.blocks as Json[]).map((b) => {
      if (b.__component === 'shared.quote') return { __component: b.__component, value: b.text, ref: docId(b.author) };
      if (b.__component === 'shared.media') return { __component: b.__component, value: b.caption, ref: fileId(b.file) };
      return { __component: b.__component, value: b.body, ref: null };
    }),
    category: docId(entry.category),
    author: docId(entry.author),
    tags: (entry.tags as Json[]).map((t) => String(t.documentId)),
    cover: fileId(entry.cover),
    gallery: (entry.gallery as Json[] | null ?? []).map((f) => Number(f.id)),
  };
}

/** The test process's own HOST/PORT/DATABASE_* must not leak into the project under test. */
function baseEnv(): Env {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^(HOST|PORT|DATABASE_\w+)$/.test(key)) env[key] = value;
  return env;
}

/** `vellum start` in a child process; resolves with its URL once it listens. */
async function startServer(dir: string, env: Env): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, vellumArgs('start', dir), { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  live.add(child);
  const exited = new Promise((done) => child.once('exit', done)).finally(() => live.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /running at (http:\/\/\S+) /.exec(output);
      if (match?.[1]) { clearInterval(check); resolve(match[1]); }
    }, 25);
    void exited.then(() => { clearInterval(check); reject(new Error(`server exited before listening:\n${output}`)); });
  });
  return { child, url, exited };
}

/** Per document, what the client knows: the last acknowledged state and the write in flight at the kill. */
interface Tracked {
  documentId: string;
  acked: ArticleState | null;
  pending?: { kind: 'update'; state: ArticleState } | { kind: 'delete' };
  busy: boolean;
}

describeEachDialect('crash safety: kill -9 during a stream of writes', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  let env: Env;
  let runtime: Runtime;
  let auth: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = await mkdtemp(join(tmpdir(), 'vellum-crash-'));
    await cp(BLOG_FIXTURE, dir, { recursive: true });
    env = { ...baseEnv(), NODE_ENV: 'development', ...databaseEnv(database.config) };
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    runtime = await createRuntime({ dir, env, logger: silent, neverDestructive: true });
    const { accessKey } = await runtime.stores.tokens.create({ name: 'crash writer', type: 'full-access' });
    auth = { authorization: `Bearer ${accessKey}` };
  });

  afterAll(async () => {
    for (const child of live) child.kill('SIGKILL');
    await runtime?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves every acknowledged write whole, every interrupted one whole or absent, and no orphan rows', { timeout: 120_000 }, async () => {
    const documents: Tracked[] = [];
    /** creates in flight at a kill, by their unique title */
    let pendingCreates = new Map<string, ArticleState>();
    const files: number[] = [];
    /** uploads sent during the streams, by file name: the file's id once acknowledged */
    const uploads = new Map<string, number | null>();
    let refs: { authors: string[]; categories: string[]; tags: string[] } = { authors: [], categories: [], tags: [] };
    let serial = 0;

    // each round's restarted server is the next round's victim
    let server = await startServer(dir, env);
    for (let round = 0; round < ROUNDS; round++) {
      const call = (method: string, path: string, json?: unknown) => request(`${server.url}${path}`, { method, json, headers: auth });
      if (round === 0) {
        for (let i = 0; i < 3; i++) {
          const uploaded = await uploadFile(server.url, `pic-${i}.png`, pngBytes(4 + i, 4), undefined, auth);
          expect(uploaded.status).toBe(201);
          files.push(Number(uploaded.body[0].id));
        }
        const make = async (path: string, data: Json) => {
          const created = await call('POST', path, { data });
          expect(created.status).toBe(201);
          return String(created.body.data.documentId);
        };
        refs = {
          authors: [await make('/api/authors', { name: 'Ann' }), await make('/api/authors', { name: 'Bob' })],
          categories: [await make('/api/categories', { name: 'News' }), await make('/api/categories', { name: 'Tech' })],
          tags: await Promise.all(['a', 'b', 'c', 'd'].map((name) => make('/api/tags', { name }))),
        };
      }
      const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
      const nextState = (): ArticleState => {
        serial += 1;
        const title = `r${round} w${serial}`;
        return {
          title,
          views: serial,
          seo: { metaTitle: `seo ${title}`, shareImage: pick([null, ...files]), social: Array.from({ length: serial % 3 }, (_, i) => `https://s/${serial}/${i}`) },
          blocks: [
            { __component: 'shared.quote', value: `quote ${title}`, ref: pick([null, ...refs.authors]) },
            { __component: 'shared.media', value: `media ${title}`, ref: pick(files) },
            ...(serial % 2 === 0 ? [{ __component: 'shared.rich-text', value: `text ${title}`, ref: null }] : []),
          ],
          category: pick([null, ...refs.categories]),
          author: pick(refs.authors),
          tags: refs.tags.filter(() => Math.random() < 0.5),
          cover: pick([null, ...files]),
          gallery: files.filter(() => Math.random() < 0.5),
        };
      };

      // The stream: WRITERS loops, each with one request out at a time; a document has one writer at a time.
      const killAfter = 12 + Math.floor(Math.random() * 20);
      let acked = 0;
      let killed = false;
      const unexpected: string[] = [];
      const kill = (): void => {
        if (killed) return;
        killed = true;
        server.child.kill('SIGKILL');
      };
      const writer = async (): Promise<void> => {
        while (!killed) {
          const idle = documents.filter((d) => !d.busy && d.acked !== null);
          const roll = Math.random();
          const target = idle.length > 0 && roll < 0.45 ? pick(idle) : undefined;
          const state = nextState();
          try {
            if (target && roll < 0.05) {
              target.busy = true;
              target.pending = { kind: 'delete' };
              const res = await call('DELETE', `/api/articles/${target.documentId}`);
              if (res.status >= 300) unexpected.push(`DELETE ${res.status} ${JSON.stringify(res.body)}`);
              else target.acked = null;
            } else if (target) {
              target.busy = true;
              target.pending = { kind: 'update', state };
              const res = await call('PUT', `/api/articles/${target.documentId}?status=published`, { data: body(state) });
              if (res.status >= 300) unexpected.push(`PUT ${res.status} ${JSON.stringify(res.body)}`);
              else target.acked = state;
            } else if (roll > 0.9) {
              // an upload: a files row and stored bytes; acknowledged files join the pool
              const name = `${state.title.replace(/\s/g, '-')}.png`;
              uploads.set(name, null);
              const res = await uploadFile(server.url, name, pngBytes(3, 2 + (serial % 5)), undefined, auth);
              if (res.status !== 201) unexpected.push(`upload ${res.status} ${JSON.stringify(res.body)}`);
              else {
                uploads.set(name, Number(res.body[0].id));
                files.push(Number(res.body[0].id));
              }
            } else {
              pendingCreates.set(state.title, state);
              const res = await call('POST', '/api/articles?status=published', { data: body(state) });
              if (res.status >= 300) unexpected.push(`POST ${res.status} ${JSON.stringify(res.body)}`);
              else documents.push({ documentId: String(res.body.data.documentId), acked: state, busy: false });
              pendingCreates.delete(state.title);
            }
          } catch {
            // the connection died with the server: this write's outcome is unknown
            return;
          }
          if (target) {
            delete target.pending;
            target.busy = false;
          }
          acked += 1;
          if (acked >= killAfter) kill();
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      await server.exited;
      expect(unexpected).toEqual([]);

      // Restarted, the server shows every document whole.
      server = await startServer(dir, env);
      const read = async (documentId: string, status: string): Promise<ArticleState | null> => {
        const res = await request(`${server.url}/api/articles/${documentId}?status=${status}&${POPULATE}`, { headers: auth });
        if (res.status === 404) return null;
        expect(res.status).toBe(200);
        return stateOf(res.body.data);
      };
      for (const doc of documents) {
        const [draft, published] = [await read(doc.documentId, 'draft'), await read(doc.documentId, 'published')];
        // writes go out with status=published: the draft and the published version agree
        expect(published).toEqual(draft);
        const allowed: Array<ArticleState | null> = [doc.acked];
        if (doc.pending) allowed.push(doc.pending.kind === 'delete' ? null : doc.pending.state);
        expect(allowed).toContainEqual(draft);
        doc.acked = draft;
        delete doc.pending;
        doc.busy = false;
      }
      // documents made by creates in flight at the kill: whole, or not there
      const known = new Set(documents.map((d) => d.documentId));
      const others = (await runtime.db.knex('articles').distinct('document_id')) as Array<{ document_id: unknown }>;
      for (const { document_id: id } of others.filter((r) => !known.has(String(r.document_id)))) {
        const draft = await read(String(id), 'draft');
        expect(draft).not.toBeNull();
        expect(pendingCreates.get(draft?.title ?? '')).toEqual(draft);
        expect(await read(String(id), 'published')).toEqual(draft);
        documents.push({ documentId: String(id), acked: draft, busy: false });
      }
      pendingCreates = new Map();
      for (let i = documents.length - 1; i >= 0; i--) if (documents[i]?.acked === null) documents.splice(i, 1);

      // both sides of a relation agree: each target lists exactly the articles naming it
      const sides = [['authors', refs.authors, (s: ArticleState) => [s.author]], ['categories', refs.categories, (s: ArticleState) => [s.category]], ['tags', refs.tags, (s: ArticleState) => s.tags]] as const;
      for (const [path, targets, named] of sides) {
        for (const target of targets) {
          const res = await request(`${server.url}/api/${path}/${target}?populate[articles]=true`, { headers: auth });
          const listed = (res.body.data.articles as Json[]).map((a) => String(a.documentId)).sort();
          expect(listed).toEqual(documents.filter((d) => d.acked !== null && named(d.acked).includes(target)).map((d) => d.documentId).sort());
        }
      }
      expect(await storageProblems(runtime.db.knex, runtime.registry)).toEqual([]);

      // every acknowledged upload is there, and every files row (acknowledged or not) serves its bytes
      const fileRows = (await runtime.db.knex('files').select('id', 'name', 'url', 'size')) as Array<Record<string, unknown>>;
      for (const id of uploads.values()) if (id !== null) expect(fileRows.map((r) => Number(r.id))).toContain(id);
      for (const row of fileRows) {
        expect(uploads.has(String(row.name)) || /^pic-\d\.png$/.test(String(row.name))).toBe(true);
        const served = await fetch(`${server.url}${String(row.url)}`);
        expect(served.status).toBe(200);
        expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    }
    server.child.kill('SIGTERM');
    await server.exited;
    // the stream really interrupted writes and really wrote: both outcomes were exercised
    expect(documents.length).toBeGreaterThan(ROUNDS * 5);
  });
});
