/**
 * The writes whose webhooks are compared with Strapi 5's (test/fixtures/strapi-webhooks/): the
 * same admin API calls against a Strapi 5 project (capture.ts makes the fixtures) and against
 * Vellum (webhook-payloads-strapi.test.ts), both holding the blog model of examples/blog, both
 * with a webhook on every event posting to a node:http receiver on 127.0.0.1. Only HTTP: nothing
 * here knows which server answers.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { WebhookReceiver } from './webhook-receiver.js';

/** One request the receiver got, as the fixtures keep it. */
export interface CapturedHook {
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

/** The webhook's own headers and `server.webhooks.defaultHeaders` of both projects. */
export const WEBHOOK_HEADERS = { 'X-Webhook-Header': 'from-the-webhook' } as const;
export const DEFAULT_HEADERS = { 'X-Default-Header': 'from-server-config' } as const;

export const ALL_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard', 'media.create', 'media.update', 'media.delete'];

/** where the webhook posts, on the receiver */
const HOOK_PATH = '/hook';

interface Admin {
  json(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  form(path: string, form: FormData): Promise<unknown>;
}

async function signIn(base: string): Promise<Admin> {
  const credentials = { firstname: 'Hook', lastname: 'Capture', email: 'hooks@example.com', password: 'Hooks-capture-1' };
  let answer = await fetch(`${base}/admin/register-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!answer.ok) answer = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: credentials.email, password: credentials.password }) });
  const token = String(((await answer.json()) as { data: { token: string } }).data.token);
  const authorization = `Bearer ${token}`;
  const check = async (what: string, response: Response): Promise<unknown> => {
    const text = await response.text();
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 500)}`);
    return text === '' ? {} : JSON.parse(text);
  };
  return {
    json: async (method, path, body) =>
      (await check(`${method} ${path}`, await fetch(`${base}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }))) as Record<string, unknown>,
    form: async (path, form) => check(`POST ${path}`, await fetch(`${base}${path}`, { method: 'POST', headers: { authorization }, body: form })),
  };
}

/** A 1×1 PNG: a real image, so both servers read its dimensions. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const CM = '/content-manager/collection-types';
const ARTICLE = 'api::article.article';

/**
 * Signs in (registering the first admin), creates the webhook, then performs the writes, each
 * after the hooks of the one before arrived (so the order of the hooks is the order of the
 * writes). Answers the hooks, in order, each step named by its write. The media library's admin
 * routes are at the root on both servers (`/upload`, like `/content-manager`).
 */
export async function performWebhookWrites(base: string, receiver: WebhookReceiver): Promise<Array<{ write: string; hooks: CapturedHook[] }>> {
  const admin = await signIn(base);
  await admin.json('POST', '/admin/webhooks', { name: 'capture', url: `${receiver.url}${HOOK_PATH}`, headers: WEBHOOK_HEADERS, events: ALL_EVENTS });
  const steps: Array<{ write: string; hooks: CapturedHook[] }> = [];
  const step = async <T>(write: string, expected: number, run: () => Promise<T>): Promise<T> => {
    const before = receiver.to(HOOK_PATH).length;
    const result = await run();
    await receiver.waitFor(HOOK_PATH, before + expected);
    // a moment for an unexpected extra hook to show (it would fail the comparison)
    await new Promise((resolve) => setTimeout(resolve, 300));
    steps.push({ write, hooks: receiver.to(HOOK_PATH).slice(before).map((r) => ({ headers: r.headers, body: r.json as Record<string, unknown> })) });
    return result;
  };
  const idOf = (answer: unknown): { id: number; documentId: string } => {
    const data = (answer as { data: { id: number; documentId: string } }).data;
    return { id: data.id, documentId: data.documentId };
  };

  const upload = new FormData();
  upload.append('files', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
  upload.append('fileInfo', JSON.stringify({ name: 'pixel.png', alternativeText: 'one pixel', caption: 'a caption' }));
  const uploaded = await step('media upload', 1, () => admin.form('/upload', upload));
  const file = (Array.isArray(uploaded) ? uploaded[0] : (uploaded as { data: unknown[] }).data[0]) as { id: number };
  const info = new FormData();
  info.append('fileInfo', JSON.stringify({ name: 'pixel-renamed.png', alternativeText: 'one pixel, renamed', caption: 'another caption' }));
  await step('media update', 1, () => admin.form(`/upload?id=${file.id}`, info));

  const category = idOf(await step('category create', 1, () => admin.json('POST', `${CM}/api::category.category`, { name: 'Hooks', slug: 'hooks', description: 'Captured', position: 1 })));
  const author = idOf(await step('author create', 1, () => admin.json('POST', `${CM}/api::author.author`, { name: 'Ada', email: 'ada@example.com', bio: 'Writes', active: true })));
  const tag = idOf(await step('tag create', 1, () => admin.json('POST', `${CM}/api::tag.tag`, { name: 'webhooks' })));

  const article = idOf(await step('article create', 1, () => admin.json('POST', `${CM}/${ARTICLE}`, {
    title: 'Captured hooks',
    slug: 'captured-hooks',
    summary: 'A summary',
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
    notes: '# Notes',
    views: 3,
    likes: '12345678901',
    rating: 4.5,
    score: 0.25,
    featured: true,
    tone: 'playful',
    contactEmail: 'editor@example.com',
    publishDate: '2026-11-28',
    readingTime: '00:05:00.000',
    lastReviewedAt: '2026-11-28T08:00:00.000Z',
    meta: { source: 'capture', tags: ['a', 'b'] },
    cover: file.id,
    gallery: [file.id],
    category: { connect: [{ documentId: category.documentId }] },
    author: { connect: [{ documentId: author.documentId }] },
    tags: { connect: [{ documentId: tag.documentId }] },
    seo: { metaTitle: 'Meta', metaDescription: 'Description', shareImage: file.id, social: [{ network: 'github', url: 'https://github.com/example' }] },
    blocks: [
      { __component: 'shared.rich-text', body: 'Rich' },
      { __component: 'shared.quote', text: 'Quoted', attribution: 'Ada', author: { connect: [{ documentId: author.documentId }] } },
      { __component: 'shared.media', file: file.id, caption: 'Pixel' },
    ],
  })));
  const path = `${CM}/${ARTICLE}/${article.documentId}`;
  await step('article update', 1, () => admin.json('PUT', path, { title: 'Captured hooks, edited' }));
  // the panel's Publish sends the form: Strapi saves it (entry.update), then publishes (entry.publish)
  await step('article publish', 2, () => admin.json('POST', `${path}/actions/publish`, { title: 'Captured hooks, published' }));
  await step('article update after publish', 1, () => admin.json('PUT', path, { title: 'Captured hooks, draft change' }));
  await step('article discard draft', 1, () => admin.json('POST', `${path}/actions/discard`, {}));
  await step('article unpublish', 1, () => admin.json('POST', `${path}/actions/unpublish`, {}));
  await step('article delete', 1, () => admin.json('DELETE', path));
  await step('media delete', 1, () => admin.json('DELETE', `/upload/files/${file.id}`));
  return steps;
}
