/** `api.responses.privateAttributes` hides attributes of those names on every content type. */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

describeEachDialect('api.responses.privateAttributes', (dialect) => {
  const t = useTestApp({ dialect, files: { 'config/api.js': "module.exports = { responses: { privateAttributes: ['email', 'position'] } };" } });
  const api = client(() => t.url);

  it('keeps the named attributes out of responses, filters and sorts, and still stores them', async () => {
    const author = await api.post('/api/authors', { data: { name: 'Hidden', email: 'hidden@example.com' } }, t.authHeaders);
    expect(author.status).toBe(201);
    expect(author.body.data).not.toHaveProperty('email');
    expect(author.body.data.name).toBe('Hidden');
    const category = await api.post('/api/categories', { data: { name: 'Cat', position: 3 } }, t.authHeaders);
    expect(category.body.data).not.toHaveProperty('position');
    expect((await api.get('/api/authors?filters[email][$eq]=hidden@example.com', t.authHeaders)).status).toBe(400);
    expect((await api.get('/api/categories?sort=position', t.authHeaders)).status).toBe(400);
    expect((await api.get('/api/authors?fields[0]=email', t.authHeaders)).status).toBe(400);
    const stored = await t.app.db.knex('authors').first('email');
    expect(stored?.email).toBe('hidden@example.com');
  });
});
