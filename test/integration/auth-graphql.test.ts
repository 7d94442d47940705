/**
 * The users-permissions GraphQL operations on every dialect: their types, register and login
 * with REST's messages, `me`, and the rate limit.
 */
import { buildClientSchema, getIntrospectionQuery, printType, type GraphQLObjectType, type IntrospectionQuery } from 'graphql';
import { expect, it } from 'vitest';
import { USER_UID } from '../../src/auth/content-types.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

describeEachDialect('auth over GraphQL', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked', files: authTestFiles({ ratelimit: { interval: 60_000, max: 6 } }) });
  const gql = (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    request(`${t.url}/graphql`, { method: 'POST', json: { query, variables }, headers });
  const REGISTER = 'mutation($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { id documentId username email confirmed blocked } } }';
  const LOGIN = 'mutation($input: UsersPermissionsLoginInput!) { login(input: $input) { jwt user { username } } }';

  it("declares Strapi's users-permissions types and operations", async () => {
    const introspection = (await gql(getIntrospectionQuery())).body.data as IntrospectionQuery;
    const schema = buildClientSchema(introspection);
    const print = (name: string) => printType(schema.getType(name)!);
    expect(print('UsersPermissionsLoginPayload')).toBe('type UsersPermissionsLoginPayload {\n  jwt: String\n  user: UsersPermissionsMe!\n}');
    expect(print('UsersPermissionsLoginInput')).toBe('input UsersPermissionsLoginInput {\n  identifier: String!\n  password: String!\n  provider: String! = "local"\n}');
    expect(print('UsersPermissionsRegisterInput')).toBe('input UsersPermissionsRegisterInput {\n  username: String!\n  email: String!\n  password: String!\n}');
    expect(print('UsersPermissionsMeRole')).toBe('type UsersPermissionsMeRole {\n  id: ID!\n  name: String!\n  description: String\n  type: String\n}');
    expect(Object.keys((schema.getType('UsersPermissionsMe') as GraphQLObjectType).getFields()))
      .toEqual(['id', 'documentId', 'username', 'email', 'confirmed', 'blocked', 'role']);
    expect(String(schema.getMutationType()?.getFields().register?.type)).toBe('UsersPermissionsLoginPayload!');
    expect(String(schema.getMutationType()?.getFields().login?.type)).toBe('UsersPermissionsLoginPayload!');
    expect(String(schema.getQueryType()?.getFields().me?.type)).toBe('UsersPermissionsMe');
  });

  it('registers a user who appears in the users collection, logs in with username or email, and reads me', async () => {
    const registered = await gql(REGISTER, { input: { username: 'hedy', email: 'Hedy@Example.com', password: 'frequency' } });
    expect(registered.status).toBe(200);
    const { jwt, user } = registered.body.data.register;
    expect(user).toMatchObject({ username: 'hedy', email: 'hedy@example.com', confirmed: true, blocked: false });
    expect(user.id).toBe(user.documentId);
    const stored = await t.app.documents(USER_UID).findMany({ filters: { username: 'hedy' } });
    expect(stored.map((u) => u.documentId)).toEqual([user.documentId]);

    for (const identifier of ['hedy', 'HEDY@example.com']) {
      const login = await gql(LOGIN, { input: { identifier, password: 'frequency' } });
      expect(login.body.data.login.user).toEqual({ username: 'hedy' });
    }
    const me = await gql('{ me { username role { name type } } }', undefined, { authorization: `Bearer ${jwt}` });
    expect(me.body).toEqual({ data: { me: { username: 'hedy', role: { name: 'Authenticated', type: 'authenticated' } } } });
  });

  it("answers with REST's messages, with the v4 plugin's codes", async () => {
    const taken = await gql(REGISTER, { input: { username: 'hedy', email: 'other@example.com', password: 'frequency' } });
    expect(taken.body.data).toBeNull();
    // an ApplicationError: the v4 plugin's STRAPI_APPLICATION_ERROR
    expect(taken.body.errors[0]).toMatchObject({ message: 'Email or Username are already taken', path: ['register'], extensions: { code: 'STRAPI_APPLICATION_ERROR', error: { name: 'ApplicationError' } } });
    const badEmail = await gql(REGISTER, { input: { username: 'x', email: 'nope', password: 'frequency' } });
    expect(badEmail.body.errors[0].message).toBe('email must be a valid email');
    const wrong = await gql(LOGIN, { input: { identifier: 'hedy', password: 'wrong!' } });
    expect(wrong.body.errors[0]).toMatchObject({ message: 'Invalid identifier or password', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('rate limits register and login per IP', async () => {
    // This app allows 6 auth requests a minute per route; the tests above used 4 registers and 3 logins.
    const logins = [];
    for (let i = 0; i < 4; i += 1) logins.push(await gql(LOGIN, { input: { identifier: 'hedy', password: 'frequency' } }));
    expect(logins.map((r) => r.body.errors?.[0]?.extensions?.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'TOO_MANY_REQUESTS']);
    expect(logins[3]?.body.errors[0].message).toBe('Too many requests, please try again later.');
  });
});
