/**
 * `createdBy` / `updatedBy`, as in Strapi 5: relations to the admin user (`admin::user`) on every
 * project type, set by the server from admin writes (the admin API's operations), never from a
 * body; content-API writes set none. REST populates them only on types with
 * `options.populateCreatorFields`, for readers allowed to see admin users, without private fields.
 */
import { expect, it } from 'vitest';
import type { Caller } from '../../src/operations/types.js';
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
const PLAIN = { fields: null, populate: [], status: 'published' } as const;

describeEachDialect('creator fields', (dialect) => {
  const t = useTestApp({ dialect, files: { 'src/api/note/content-types/note/schema.json': NOTE_SCHEMA } });
  const api = client(() => t.url);
  const admin = (token: string): Caller => ({ request: { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' }, realm: 'admin' });

  it('records the writing admins and populates them without private fields', async () => {
    const first = await api.post('/admin/register-admin', { email: 'ada@example.com', password: 'Lovelace-1815', firstname: 'Ada' });
    expect(first.status).toBe(200);
    const roles = (await api.get('/admin/roles', { authorization: `Bearer ${first.body.data.token}` })).body.data as Array<{ id: number; code: string }>;
    const invite = await api.post('/admin/users', { email: 'grace@example.com', firstname: 'Grace', roles: [roles.find((r) => r.code === 'strapi-editor')?.id] }, { authorization: `Bearer ${first.body.data.token}` });
    const second = await api.post('/admin/register', { registrationToken: invite.body.data.registrationToken, userInfo: { firstname: 'Grace', password: 'Hopper-1906' } });
    expect(second.status).toBe(200);

    const notes = t.app.operations.forType('api::note.note');
    const created = await notes.create(admin(first.body.data.token), { data: { text: 'hello' }, status: 'published', selection: PLAIN });
    const id = String(created.documentId);
    await notes.update(admin(second.body.data.token), { documentId: id, data: { text: 'edited' }, status: 'published', selection: PLAIN });

    const read = await api.get(`/api/notes/${id}?populate[0]=createdBy&populate[1]=updatedBy`, t.authHeaders);
    expect(read.body.data.createdBy).toMatchObject({ documentId: first.body.data.user.documentId, firstname: 'Ada' });
    expect(read.body.data.updatedBy).toMatchObject({ documentId: second.body.data.user.documentId, firstname: 'Grace' });
    expect(JSON.stringify(read.body)).not.toMatch(/password|registrationToken|resetPasswordToken/);
    const filtered = await api.get('/api/notes?filters[createdBy][firstname][$eq]=Ada', t.authHeaders);
    expect(filtered.body.data.map((n: { text: string }) => n.text)).toEqual(['edited']);
  });

  it('refuses creator fields in the request body', async () => {
    const res = await api.post('/api/notes', { data: { text: 'x', createdBy: 'someone' } }, t.authHeaders);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0].path).toEqual(['createdBy']);
  });

  it('leaves them empty for content-API writes, and private on types without the option', async () => {
    const created = await api.post('/api/notes', { data: { text: 'by token' } }, t.authHeaders);
    const read = await api.get(`/api/notes/${created.body.data.documentId}?populate=createdBy`, t.authHeaders);
    expect(read.body.data.createdBy).toBeNull();
    const tag = await api.get('/api/tags?populate=createdBy', t.authHeaders);
    expect(tag.status).toBe(400);
    expect(tag.body.error.details).toMatchObject({ param: 'populate', key: 'createdBy' });
  });
});
