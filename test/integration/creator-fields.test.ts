/**
 * `createdBy` / `updatedBy` (`options.populateCreatorFields`): set by the server from the user who
 * writes, never from the body; populated like relations, only for readers allowed to see users.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const NOTE_SCHEMA = JSON.stringify({
  kind: 'collectionType',
  collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false, populateCreatorFields: true },
  attributes: { text: { type: 'text' } },
});

describeEachDialect('creator fields', (dialect) => {
  const t = useTestApp({ dialect, files: { 'src/api/note/content-types/note/schema.json': NOTE_SCHEMA } });
  const api = client(() => t.url);

  async function register(username: string): Promise<{ jwt: string; documentId: string }> {
    const res = await api.post('/api/auth/local/register', { username, email: `${username}@example.com`, password: 'long-enough-1' });
    expect(res.status).toBe(200);
    return { jwt: res.body.jwt, documentId: res.body.user.documentId };
  }

  it('records the writing users and populates them without private fields', async () => {
    await t.app.permissions.grant('authenticated', ['api::note.note.create', 'api::note.note.update']);
    const ada = await register('ada');
    const grace = await register('grace');
    const created = await api.post('/api/notes', { data: { text: 'hello' } }, { authorization: `Bearer ${ada.jwt}` });
    expect(created.status).toBe(201);
    const id = created.body.data.documentId;
    await api.put(`/api/notes/${id}`, { data: { text: 'edited' } }, { authorization: `Bearer ${grace.jwt}` });

    const read = await api.get(`/api/notes/${id}?populate[0]=createdBy&populate[1]=updatedBy`, t.authHeaders);
    expect(read.body.data.createdBy).toMatchObject({ documentId: ada.documentId, username: 'ada' });
    expect(read.body.data.updatedBy).toMatchObject({ documentId: grace.documentId, username: 'grace' });
    expect(read.body.data.createdBy).not.toHaveProperty('password');
    const filtered = await api.get('/api/notes?filters[createdBy][username][$eq]=ada', t.authHeaders);
    expect(filtered.body.data.map((n: { text: string }) => n.text)).toEqual(['edited']);
  });

  it('refuses creator fields in the request body', async () => {
    const res = await api.post('/api/notes', { data: { text: 'x', createdBy: 'someone' } }, t.authHeaders);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0].path).toEqual(['createdBy']);
  });

  it('leaves them empty for API-token writes and unknown on types without the option', async () => {
    const created = await api.post('/api/notes', { data: { text: 'by token' } }, t.authHeaders);
    const read = await api.get(`/api/notes/${created.body.data.documentId}?populate=createdBy`, t.authHeaders);
    expect(read.body.data.createdBy).toBeNull();
    const tag = await api.get('/api/tags?populate=createdBy', t.authHeaders);
    expect(tag.status).toBe(400);
    expect(tag.body.error.details).toMatchObject({ param: 'populate', key: 'createdBy' });
  });
});
