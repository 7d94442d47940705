/** `api.rest.prefix` moves the whole content API (content types, media, auth), as in Strapi. */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

describeEachDialect('REST prefix', (dialect) => {
  const t = useTestApp({ dialect, files: { 'config/api.js': "module.exports = { rest: { prefix: '/content' } };" } });

  it('serves content, media and auth routes under the configured prefix only', async () => {
    const created = await fetch(`${t.url}/content/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...t.authHeaders },
      body: JSON.stringify({ data: { name: 'prefixed' } }),
    });
    expect(created.status).toBe(201);
    const list = (await (await fetch(`${t.url}/content/tags`, { headers: t.authHeaders })).json()) as { data: Array<{ name: string }> };
    expect(list.data.map((tag) => tag.name)).toEqual(['prefixed']);
    expect((await fetch(`${t.url}/content/upload/files`, { headers: t.authHeaders })).status).toBe(200);
    const login = await fetch(`${t.url}/content/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'nobody', password: 'wrong-password' }) });
    expect(login.status).toBe(400);
    expect((await fetch(`${t.url}/api/tags`, { headers: t.authHeaders })).status).toBe(404);
  });
});
