/**
 * GraphQL over real HTTP for the integration tests, and the blog dataset they share, created
 * through the public API (GraphQL mutations, REST for uploads and for a draft that differs from
 * its published version).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { request, type JsonResponse } from '../helpers/http.js';

export interface GraphqlResponse<T = any> {
  data?: T;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, any> }>;
  extensions?: Record<string, any>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds dist/sandbox when it is missing (a checkout where `npm run build` has not run): the
 * app reads the sandbox assets at startup. Call at module level, before the app starts.
 */
export function ensureSandboxBuilt(): void {
  if (!existsSync(`${ROOT}dist/sandbox/sandbox.js`)) execFileSync('node', [`${ROOT}src/graphql/sandbox/build.mjs`], { stdio: 'inherit' });
}

/**
 * `defaults` go with every request (a test app's `authHeaders`: the full-access token, since
 * anonymous callers never read drafts); per-call headers win.
 */
export function graphql(baseUrl: () => string, endpoint = '/graphql', defaults: () => Record<string, string> = () => ({})) {
  const post = <T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<JsonResponse<GraphqlResponse<T>>> =>
    request<GraphqlResponse<T>>(`${baseUrl()}${endpoint}`, { method: 'POST', json: { query, variables }, headers: { ...defaults(), ...headers } });
  return {
    post,
    get: <T = any>(params: Record<string, string>, headers?: Record<string, string>): Promise<JsonResponse<GraphqlResponse<T>>> =>
      request<GraphqlResponse<T>>(`${baseUrl()}${endpoint}?${new URLSearchParams(params).toString()}`, { headers: { ...defaults(), ...headers } }),
    /** posts and expects a 200 without errors; returns `data` */
    async data<T = any>(query: string, variables?: Record<string, unknown>): Promise<T> {
      const response = await post<T>(query, variables);
      expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
      expect(response.status).toBe(200);
      return response.body.data as T;
    },
  };
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function uploadFile(baseUrl: string, name: string, headers: Record<string, string> = {}): Promise<{ id: number; documentId: string; url: string }> {
  const form = new FormData();
  form.append('files', new Blob([PNG], { type: 'image/png' }), name);
  const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body: form, headers });
  const body = (await response.json()) as Array<{ id: number; documentId: string; url: string }>;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body[0]!;
}

export interface BlogIds {
  categories: Record<'News' | 'Tech' | 'Life', string>;
  authors: Record<'Ada' | 'Bob', string>;
  tags: string[];
  files: Array<{ id: number; documentId: string; url: string }>;
  articles: Record<'Alpha' | 'Beta' | 'Gamma' | 'Delta', string>;
}

type Client = ReturnType<typeof graphql>;

async function create(client: Client, type: string, data: Record<string, unknown>): Promise<string> {
  const result = await client.data<Record<string, { data: { id: string } }>>(
    `mutation($data: ${type}Input!) { create${type}(data: $data) { data { id } } }`,
    { data },
  );
  return result[`create${type}`]!.data.id;
}

/**
 * Alpha (published, every attribute kind filled, 15 tags), Beta (published), Gamma (draft only),
 * Delta (published, with a newer draft titled "Delta (draft)").
 */
export async function seedBlog(baseUrl: string, headers: Record<string, string> = {}): Promise<BlogIds> {
  const client = graphql(() => baseUrl, '/graphql', () => headers);
  const categories = {
    News: await create(client, 'Category', { name: 'News', position: 1, description: 'Daily' }),
    Tech: await create(client, 'Category', { name: 'Tech', position: 2 }),
    Life: await create(client, 'Category', { name: 'Life', position: 3 }),
  };
  const authors = {
    Ada: await create(client, 'Author', { name: 'Ada', email: 'ada@example.com', active: true }),
    Bob: await create(client, 'Author', { name: 'Bob', active: false }),
  };
  const tags: string[] = [];
  for (let i = 1; i <= 15; i += 1) tags.push(await create(client, 'Tag', { name: `tag${String(i).padStart(2, '0')}` }));
  const files = [await uploadFile(baseUrl, 'one.png', headers), await uploadFile(baseUrl, 'two.png', headers)];
  const now = '2024-03-01T12:00:00.000Z';
  const articles = {
    Alpha: await create(client, 'Article', {
      title: 'Alpha', summary: 'First', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }], notes: '# Notes',
      views: 10, likes: '9007199254740993', rating: 4.5, score: 1.25, featured: true, tone: 'serious', contactEmail: 'alpha@example.com',
      publishDate: '2024-01-15', readingTime: '00:05:00', lastReviewedAt: '2024-02-01T10:00:00Z', meta: { a: 1, list: [1, 2] },
      cover: files[0]!.documentId, gallery: [String(files[0]!.id), files[1]!.documentId],
      category: categories.News, author: authors.Ada, tags,
      seo: { metaTitle: 'Alpha SEO', metaDescription: 'desc', shareImage: files[1]!.documentId, social: [{ network: 'github', url: 'https://github.com/a' }, { network: 'mastodon', url: 'https://m.example/a' }] },
      blocks: [
        { __component: 'shared.rich-text', body: 'Some **text**' },
        { __component: 'shared.quote', text: 'To be', attribution: 'W.', author: authors.Bob },
        { __component: 'shared.media', caption: 'A picture', file: files[0]!.id },
      ],
      publishedAt: now,
    }),
    Beta: await create(client, 'Article', { title: 'Beta', views: 5, score: 2.5, featured: false, tone: 'playful', category: categories.Tech, author: authors.Bob, tags: [tags[0]], publishedAt: now }),
    Gamma: await create(client, 'Article', { title: 'Gamma', views: 1, tone: 'neutral', category: categories.News }),
    Delta: await create(client, 'Article', { title: 'Delta', views: 7, category: categories.Life, publishedAt: now }),
  };
  const draft = await request(`${baseUrl}/api/articles/${articles.Delta}?status=draft`, { method: 'PUT', json: { data: { title: 'Delta (draft)' } }, headers });
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  return { categories, authors, tags, files, articles };
}
