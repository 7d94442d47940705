/**
 * The users-permissions account flows as a project meets them on day one, under the shipped
 * server (the bundle bin/vellum.js runs, its own process) on every dialect: the email plugin in
 * the shape of Strapi's documentation (the provider's package name, `port` and credentials read
 * with `env()`, the credentials unset) against a real SMTP server that offers AUTH, and a
 * custom `default_role` whose role `vellum role create` makes while the server runs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { request } from '../helpers/http.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CODE = /code=([0-9a-z]+\.[0-9a-f]{64})/;
const CONFIRMATION = /(http:\/\/[^\s<"]+)\/api\/auth\/email-confirmation\?confirmation=([0-9a-z]+\.[0-9a-f]{64})/;
const SECRETS = { JWT_SECRET: 'a-test-secret-of-decent-length', ADMIN_JWT_SECRET: 'an-admin-secret-of-decent-length', APP_KEYS: 'k1,k2', API_TOKEN_SALT: 'a-test-salt-of-decent-length' };

const NOTE_SCHEMA = {
  kind: 'collectionType',
  collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  attributes: { title: { type: 'string' } },
};

// Strapi's documented nodemailer configuration, as a project copies it.
const PLUGINS = `module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      ratelimit: { max: 1000 },
      advanced: {
        default_role: 'reviewer',
        email_confirmation: true,
        email_confirmation_redirection: 'https://front.example.com/welcome',
        email_reset_password: 'https://front.example.com/reset',
      },
    },
  },
  email: {
    config: {
      provider: '@strapi/provider-email-nodemailer',
      providerOptions: {
        host: env('SMTP_HOST', 'smtp.example.com'),
        port: env('SMTP_PORT', 587),
        auth: { user: env('SMTP_USERNAME'), pass: env('SMTP_PASSWORD') },
      },
      settings: { defaultFrom: 'hello@example.com', defaultReplyTo: 'hello@example.com' },
    },
  },
});
`;

describeEachDialect('account flows under the shipped server (bundle, SMTP, CLI)', (dialect) => {
  let database: TestDatabase;
  let dir = '';
  let server: VellumProcess;
  let smtp: TestSmtp;
  const env = (): Record<string, string> => ({ ...SECRETS, ...databaseEnv(database.config), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  const post = (path: string, json: unknown) => request(`${server.url}${path}`, { method: 'POST', json });
  const gql = (query: string, variables: Record<string, unknown>) => post('/graphql', { query, variables });
  /** the type of the user's role, read from the tables */
  const roleTypeOf = async (username: string): Promise<unknown> => {
    const db = await openDatabase(database.config);
    try {
      const row = await db.knex('up_users as u')
        .join('up_users_role_lnk as l', 'l.entity_id', 'u.id')
        .join('up_roles as r', 'r.document_id', 'l.target_document_id')
        .first('r.type')
        .where('u.username', username);
      return (row as { type?: unknown } | undefined)?.type;
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    [database, smtp] = await Promise.all([createTestDatabase(dialect), startSmtp({ offerAuth: true })]);
    await mkdir(join(REPO, '.tmp'), { recursive: true });
    dir = await mkdtemp(join(REPO, '.tmp', 'account-flows-'));
    await mkdir(join(dir, 'config'));
    await mkdir(join(dir, 'src/api/note/content-types/note'), { recursive: true });
    await writeFile(join(dir, 'src/api/note/content-types/note/schema.json'), JSON.stringify(NOTE_SCHEMA));
    await writeFile(join(dir, 'config/plugins.js'), PLUGINS);
    await writeFile(join(dir, 'config/server.js'), "module.exports = { url: 'http://cms.example.com' };");
    server = await startVellumProcess(dir, env());
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([database?.drop(), smtp?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('register before the default role exists: Strapi’s 400', async () => {
    const refused = await post('/api/auth/local/register', { username: 'early', email: 'early@example.com', password: 'analytical' });
    expect(refused.body).toEqual({ data: null, error: { status: 400, name: 'ApplicationError', message: 'Impossible to find the default role', details: {} } });
  });

  it('`vellum role create Reviewer` while the server runs: the next register gets that role, answers { user } and mails the link, which confirms', async () => {
    const created = await runVellum(['role', 'create', 'Reviewer', '--dir', dir], env());
    expect([created.code, created.stdout.trim()], created.stderr).toEqual([0, 'Created role Reviewer (type reviewer).']);

    const registered = await post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'analytical' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(Object.keys(registered.body)).toEqual(['user']);
    expect(registered.body.user).toMatchObject({ username: 'ada', email: 'ada@example.com', confirmed: false });
    expect(await roleTypeOf('ada')).toBe('reviewer');

    const unconfirmed = await post('/api/auth/local', { identifier: 'ada', password: 'analytical' });
    expect([unconfirmed.status, unconfirmed.body.error.message]).toEqual([400, 'Your account email is not confirmed']);
    const [mail] = smtp.to('ada@example.com');
    expect(mail!.body).toContain('Subject: Account confirmation');
    const [, origin, token] = CONFIRMATION.exec(mail!.body)!;
    expect(origin).toBe('http://cms.example.com');
    const confirmed = await fetch(`${server.url}/api/auth/email-confirmation?confirmation=${token}`, { redirect: 'manual' });
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([302, 'https://front.example.com/welcome']);
    const login = await post('/api/auth/local', { identifier: 'ada', password: 'analytical' });
    expect([login.status, typeof login.body.jwt, login.body.user.confirmed]).toEqual([200, 'string', true]);
  });

  it('forgot-password (REST) mails the code and answers { ok: true }; reset-password works once', async () => {
    const forgot = await post('/api/auth/forgot-password', { email: 'ada@example.com' });
    expect({ status: forgot.status, body: forgot.body }).toEqual({ status: 200, body: { ok: true } });
    const mails = smtp.to('ada@example.com');
    expect(mails.length).toBe(2);
    expect(mails[1]!.from).toBe('hello@example.com');
    expect(mails[1]!.body).toContain('https://front.example.com/reset?code=');
    const code = CODE.exec(mails[1]!.body)![1]!;
    const reset = await post('/api/auth/reset-password', { code, password: 'new-password', passwordConfirmation: 'new-password' });
    expect([reset.status, reset.body.user?.username, typeof reset.body.jwt]).toEqual([200, 'ada', 'string']);
    const again = await post('/api/auth/reset-password', { code, password: 'third-password', passwordConfirmation: 'third-password' });
    expect([again.status, again.body.error.message]).toEqual([400, 'Incorrect code provided']);
    expect((await post('/api/auth/local', { identifier: 'ada', password: 'new-password' })).status).toBe(200);
  });

  it('forgotPassword and resetPassword (GraphQL) do the same', async () => {
    const forgot = await gql('mutation($email: String!) { forgotPassword(email: $email) { ok } }', { email: 'ada@example.com' });
    expect(forgot.body).toEqual({ data: { forgotPassword: { ok: true } } });
    const mails = smtp.to('ada@example.com');
    const code = CODE.exec(mails[mails.length - 1]!.body)![1]!;
    const mutation = 'mutation($code: String!, $p: String!) { resetPassword(code: $code, password: $p, passwordConfirmation: $p) { jwt user { username } } }';
    const reset = await gql(mutation, { code, p: 'graphql-password' });
    expect(reset.body.data.resetPassword.user).toEqual({ username: 'ada' });
    const again = await gql(mutation, { code, p: 'another-password' });
    expect(again.body.errors[0].message).toBe('Incorrect code provided');
    expect((await post('/api/auth/local', { identifier: 'ada', password: 'graphql-password' })).status).toBe(200);
  });
});
