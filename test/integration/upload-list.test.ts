/**
 * `GET /api/upload/files` pages like every REST list (a decision, docs/decisions.md "REST writes"
 * → upload list): `pagination` is honoured and a list without it is a page of `defaultLimit`,
 * where Strapi 5 ignores `pagination` on this route and lists every file. The answer stays
 * Strapi's plain array (no `meta`).
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes } from '../helpers/upload.js';

const NAMES = ['hotel.png', 'alpha.png', 'golf.png', 'bravo.png', 'foxtrot.png', 'charlie.png', 'echo.png', 'delta.png'];
const SORTED = [...NAMES].sort();

describeEachDialect('upload list pagination', (dialect) => {
  const t = useTestApp({ dialect, files: { 'config/api.js': 'module.exports = { rest: { defaultLimit: 5, maxLimit: 6 } };' } });
  const api = client(() => t.url, () => t.authHeaders);
  const names = async (query: string): Promise<unknown> => {
    const response = await api.get(`/api/upload/files?${query}`);
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    return (response.body as Array<{ name: string }>).map((file) => file.name);
  };

  beforeAll(async () => {
    const form = new FormData();
    for (const name of NAMES) form.append('files', new Blob([pngBytes(2, 2)], { type: 'image/png' }), name);
    const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: t.authHeaders });
    expect(response.status).toBe(201);
  });

  it('honours pagination[pageSize] and pagination[page] (Strapi 5 lists all 8)', async () => {
    expect(await names('sort=name&pagination[pageSize]=3')).toEqual(SORTED.slice(0, 3));
    expect(await names('sort=name&pagination[page]=2&pagination[pageSize]=3')).toEqual(SORTED.slice(3, 6));
    expect(await names('sort=name:desc&pagination[start]=1&pagination[limit]=2')).toEqual([...SORTED].reverse().slice(1, 3));
  });

  it('without pagination lists a page of defaultLimit; larger pages are clamped to maxLimit', async () => {
    expect(await names('sort=name')).toEqual(SORTED.slice(0, 5));
    expect(await names('sort=name&pagination[pageSize]=100')).toEqual(SORTED.slice(0, 6));
  });
});
