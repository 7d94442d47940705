/**
 * The users-permissions account flows over REST on every dialect, mail delivered over SMTP to a
 * real SMTP server in the test process: forgot / reset / change password, email confirmation
 * on register, re-sending it, the advanced settings (config/plugins and bootstrap's
 * `app.usersPermissions.setAdvanced`), and Strapi's messages for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCode } from '../../src/auth/account-codes.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request } from '../helpers/http.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { useTestApp } from '../helpers/test-app.js';

const appError = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });
const CODE = /code=([0-9a-z]+\.[0-9a-f]{64})/;
/** The code with its last hex digit changed, so it is always a different, wrong code. */
const otherLastDigit = (value: string) => `${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`;
const CONFIRMATION = /(http:\/\/[^\s<"]+\/api\/auth\/email-confirmation)\?confirmation=([0-9a-z]+\.[0-9a-f]{64})/;

describeEachDialect('account flows (REST + SMTP)', (dialect) => {
  let smtp: TestSmtp;
  const files = authTestFiles({
    advanced: { email_reset_password: 'https://front.example.com/reset', email_confirmation_redirection: 'https://front.example.com/welcome' },
  });
  beforeAll(async () => {
    smtp = await startSmtp();
    const plugins = JSON.parse(files['config/plugins.json']!) as Record<string, unknown>;
    plugins.email = {
      config: {
        provider: 'nodemailer',
        providerOptions: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true },
        settings: { defaultFrom: 'no-reply@vellum.test', defaultReplyTo: 'help@vellum.test' },
      },
    };
    files['config/plugins.json'] = JSON.stringify(plugins);
    files['config/server.json'] = JSON.stringify({ url: 'http://cms.example.com' });
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp({ dialect, access: 'locked', files });
  const api = client(() => t.url);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('forgot and reset password', () => {
    let code = '';
    beforeAll(async () => {
      await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'analytical' });
    });

    it('mails a reset link to the front end; the code is stored hashed', async () => {
      const response = await api.post('/api/auth/forgot-password', { email: 'ADA@example.com' });
      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { ok: true } });
      const [mail] = smtp.to('ada@example.com');
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('no-reply@vellum.test');
      expect(mail!.body).toContain('Subject: Reset password');
      expect(mail!.body).toContain('Reply-To: help@vellum.test');
      expect(mail!.body).toContain('https://front.example.com/reset?code=');
      code = CODE.exec(mail!.body)![1]!;
      const row = await t.app.db.knex('up_users').first('reset_password_token').where('username', 'ada');
      expect(row.reset_password_token).toBe(hashCode(code));
      expect(row.reset_password_token).not.toContain(code.split('.')[1]);
    });

    it('answers the same for unknown addresses and sends nothing', async () => {
      const before = smtp.messages.length;
      const response = await api.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
      expect(response.body).toEqual({ ok: true });
      expect(smtp.messages.length).toBe(before);
      const bad = await api.post('/api/auth/forgot-password', { email: 'not-an-email' });
      expect([bad.status, bad.body.error.message]).toEqual([400, 'email must be a valid email']);
    });

    it('refuses mismatched passwords and wrong codes with Strapi’s messages', async () => {
      const mismatch = await api.post('/api/auth/reset-password', { code, password: 'new-password', passwordConfirmation: 'other-password' });
      expect([mismatch.status, mismatch.body.error.name, mismatch.body.error.message]).toEqual([400, 'ValidationError', 'Passwords do not match']);
      const wrong = await api.post('/api/auth/reset-password', { code: otherLastDigit(code), password: 'new-password', passwordConfirmation: 'new-password' });
      expect(wrong.body).toEqual(appError(400, 'ValidationError', 'Incorrect code provided'));
      const garbage = await api.post('/api/auth/reset-password', { code: 'nope', password: 'new-password', passwordConfirmation: 'new-password' });
      expect(garbage.body).toEqual(appError(400, 'ValidationError', 'Incorrect code provided'));
      const missing = await api.post('/api/auth/reset-password', {});
      expect([missing.status, missing.body.error.message]).toEqual([400, '3 errors occurred']);
    });

    it('resets the password once: { jwt, user }, the old password and the code stop working', async () => {
      const reset = await api.post('/api/auth/reset-password', { code, password: 'new-password', passwordConfirmation: 'new-password' });
      expect(reset.status).toBe(200);
      expect(reset.body.user).toMatchObject({ username: 'ada' });
      expect((await api.get('/api/users/me', bearer(reset.body.jwt))).body.username).toBe('ada');
      expect((await api.post('/api/auth/local', { identifier: 'ada', password: 'analytical' })).status).toBe(400);
      expect((await api.post('/api/auth/local', { identifier: 'ada', password: 'new-password' })).status).toBe(200);
      const again = await api.post('/api/auth/reset-password', { code, password: 'third-password', passwordConfirmation: 'third-password' });
      expect(again.body).toEqual(appError(400, 'ValidationError', 'Incorrect code provided'));
    });

    it('refuses an expired code', async () => {
      await api.post('/api/auth/forgot-password', { email: 'ada@example.com' });
      const mails = smtp.to('ada@example.com');
      const fresh = CODE.exec(mails[mails.length - 1]!.body)![1]!;
      // The same code with a past expiry: the hash no longer matches, and the expiry is checked first.
      const expired = `${(Date.now() - 1000).toString(36)}.${fresh.split('.')[1]}`;
      const response = await api.post('/api/auth/reset-password', { code: expired, password: 'new-password2', passwordConfirmation: 'new-password2' });
      expect(response.body).toEqual(appError(400, 'ValidationError', 'Incorrect code provided'));
      await t.app.db.knex('up_users').where('username', 'ada').update({ reset_password_token: hashCode(expired) });
      const stored = await api.post('/api/auth/reset-password', { code: expired, password: 'new-password2', passwordConfirmation: 'new-password2' });
      expect(stored.body).toEqual(appError(400, 'ValidationError', 'Incorrect code provided'));
    });
  });

  describe('change password', () => {
    it('needs a user, the current password, matching new ones, and a different one', async () => {
      const { jwt } = (await api.post('/api/auth/local/register', { username: 'grace', email: 'grace@example.com', password: 'cobol-1959' })).body;
      const anonymous = await api.post('/api/auth/change-password', { currentPassword: 'cobol-1959', password: 'x-new-pass', passwordConfirmation: 'x-new-pass' });
      expect(anonymous.body).toEqual(appError(400, 'ApplicationError', 'You must be authenticated to reset your password'));
      const wrong = await api.post('/api/auth/change-password', { currentPassword: 'wrong-one', password: 'x-new-pass', passwordConfirmation: 'x-new-pass' }, bearer(jwt));
      expect(wrong.body).toEqual(appError(400, 'ValidationError', 'The provided current password is invalid'));
      const mismatch = await api.post('/api/auth/change-password', { currentPassword: 'cobol-1959', password: 'x-new-pass', passwordConfirmation: 'y-new-pass' }, bearer(jwt));
      expect([mismatch.status, mismatch.body.error.message]).toEqual([400, 'Passwords do not match']);
      const same = await api.post('/api/auth/change-password', { currentPassword: 'cobol-1959', password: 'cobol-1959', passwordConfirmation: 'cobol-1959' }, bearer(jwt));
      expect(same.body).toEqual(appError(400, 'ValidationError', 'Your new password must be different than your current password'));
      const changed = await api.post('/api/auth/change-password', { currentPassword: 'cobol-1959', password: 'x-new-pass', passwordConfirmation: 'x-new-pass' }, bearer(jwt));
      expect([changed.status, changed.body.user.username, typeof changed.body.jwt]).toEqual([200, 'grace', 'string']);
      expect((await api.post('/api/auth/local', { identifier: 'grace', password: 'x-new-pass' })).status).toBe(200);
    });
  });

  describe('email confirmation', () => {
    let link = '';
    let token = '';
    beforeAll(() => {
      t.app.usersPermissions.setAdvanced({ email_confirmation: true });
    });
    afterAll(() => {
      t.app.usersPermissions.setAdvanced({ email_confirmation: false });
    });

    it('register answers { user } without a JWT, mails the link; login waits for confirmation', async () => {
      const response = await api.post('/api/auth/local/register', { username: 'linus', email: 'linus@example.com', password: 'kernel-91' });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['user']);
      expect(response.body.user.confirmed).toBe(false);
      const [mail] = smtp.to('linus@example.com');
      expect(mail!.body).toContain('Subject: Account confirmation');
      const match = CONFIRMATION.exec(mail!.body)!;
      [, link, token] = match as unknown as [string, string, string];
      expect(link).toBe('http://cms.example.com/api/auth/email-confirmation');
      const login = await api.post('/api/auth/local', { identifier: 'linus', password: 'kernel-91' });
      expect(login.body).toEqual(appError(400, 'ApplicationError', 'Your account email is not confirmed'));
    });

    it('send-email-confirmation mails a new link; the old one stops working', async () => {
      const resent = await api.post('/api/auth/send-email-confirmation', { email: 'linus@example.com' });
      expect(resent.body).toEqual({ email: 'linus@example.com', sent: true });
      const mails = smtp.to('linus@example.com');
      expect(mails.length).toBe(2);
      const old = await fetch(`${t.url}/api/auth/email-confirmation?confirmation=${token}`, { redirect: 'manual' });
      expect([old.status, await old.json()]).toEqual([400, appError(400, 'ValidationError', 'Invalid token')]);
      token = CONFIRMATION.exec(mails[1]!.body)![2]!;
      const unknown = await api.post('/api/auth/send-email-confirmation', { email: 'ghost@example.com' });
      expect(unknown.body).toEqual({ email: 'ghost@example.com', sent: true });
    });

    it('the link confirms once and redirects to email_confirmation_redirection; login then works', async () => {
      const confirmed = await fetch(`${t.url}/api/auth/email-confirmation?confirmation=${token}`, { redirect: 'manual' });
      expect([confirmed.status, confirmed.headers.get('location')]).toEqual([302, 'https://front.example.com/welcome']);
      const again = await fetch(`${t.url}/api/auth/email-confirmation?confirmation=${token}`, { redirect: 'manual' });
      expect(again.status).toBe(400);
      expect((await api.post('/api/auth/local', { identifier: 'linus', password: 'kernel-91' })).status).toBe(200);
      const already = await api.post('/api/auth/send-email-confirmation', { email: 'linus@example.com' });
      expect(already.body).toEqual(appError(400, 'ApplicationError', 'Already confirmed'));
      const missing = await api.get('/api/auth/email-confirmation');
      expect([missing.status, missing.body.error.message]).toEqual([400, 'confirmation is a required field']);
      const expired = `${(Date.now() - 1).toString(36)}.${'a'.repeat(64)}`;
      expect((await api.get(`/api/auth/email-confirmation?confirmation=${expired}`)).body).toEqual(appError(400, 'ValidationError', 'Invalid token'));
    });
  });

  describe('advanced settings', () => {
    it('allow_register: false refuses registration; default_role picks the new accounts’ role', async () => {
      t.app.usersPermissions.setAdvanced({ allow_register: false });
      const refused = await api.post('/api/auth/local/register', { username: 'nope', email: 'nope@example.com', password: 'secret-pw' });
      expect(refused.body).toEqual(appError(400, 'ApplicationError', 'Register action is currently disabled'));
      await t.app.permissions.createRole({ name: 'Members', type: 'members' });
      t.app.usersPermissions.setAdvanced({ allow_register: true, default_role: 'members' });
      await api.post('/api/auth/local/register', { username: 'member', email: 'member@example.com', password: 'secret-pw' });
      const [user] = await t.app.documents('plugin::users-permissions.user').findMany({ filters: { username: 'member' }, populate: { role: { fields: ['type'] } } });
      expect((user!.role as { type: string }).type).toBe('members');
      t.app.usersPermissions.setAdvanced({ default_role: 'authenticated' });
      expect(() => t.app.usersPermissions.setAdvanced({ allow_register: 'yes' } as never)).toThrow('users-permissions setting "allow_register" must be a boolean');
      expect(() => t.app.usersPermissions.setAdvanced({ nope: true } as never)).toThrow(/Unknown users-permissions setting "nope"/);
    });
  });

  describe('GraphQL (v4 mutations)', () => {
    const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      request(`${t.url}/graphql`, { method: 'POST', json: { query, variables }, headers });

    it('forgotPassword mails a code; resetPassword and changePassword answer { jwt, user }; errors keep Strapi’s messages', async () => {
      await api.post('/api/auth/local/register', { username: 'hopper', email: 'hopper@example.com', password: 'flowmatic' });
      const forgot = await gql('mutation($email: String!) { forgotPassword(email: $email) { ok } }', { email: 'hopper@example.com' });
      expect(forgot.body).toEqual({ data: { forgotPassword: { ok: true } } });
      const code = CODE.exec(smtp.to('hopper@example.com')[0]!.body)![1]!;
      const reset = 'mutation($code: String!, $p: String!, $c: String!) { resetPassword(code: $code, password: $p, passwordConfirmation: $c) { jwt user { username } } }';
      const wrong = await gql(reset, { code: 'nope', p: 'compiler-52', c: 'compiler-52' });
      expect([wrong.body.errors[0].message, wrong.body.errors[0].extensions.code]).toEqual(['Incorrect code provided', 'BAD_USER_INPUT']);
      const done = await gql(reset, { code, p: 'compiler-52', c: 'compiler-52' });
      expect(done.body.data.resetPassword.user.username).toBe('hopper');
      const change = 'mutation($cur: String!, $p: String!, $c: String!) { changePassword(currentPassword: $cur, password: $p, passwordConfirmation: $c) { jwt user { username } } }';
      const changed = await gql(change, { cur: 'compiler-52', p: 'cobol-59-x', c: 'cobol-59-x' }, bearer(done.body.data.resetPassword.jwt));
      expect(changed.body.data.changePassword.user.username).toBe('hopper');
      expect((await api.post('/api/auth/local', { identifier: 'hopper', password: 'cobol-59-x' })).status).toBe(200);
    });

    it('emailConfirmation confirms with the mailed token and answers { jwt, user }', async () => {
      t.app.usersPermissions.setAdvanced({ email_confirmation: true });
      await api.post('/api/auth/local/register', { username: 'dijkstra', email: 'dijkstra@example.com', password: 'goto-harmful' });
      t.app.usersPermissions.setAdvanced({ email_confirmation: false });
      const token = CONFIRMATION.exec(smtp.to('dijkstra@example.com')[0]!.body)![2]!;
      const query = 'mutation($t: String!) { emailConfirmation(confirmation: $t) { jwt user { username confirmed } } }';
      const confirmed = await gql(query, { t: token });
      expect(confirmed.body.data.emailConfirmation.user).toEqual({ username: 'dijkstra', confirmed: true });
      expect(typeof confirmed.body.data.emailConfirmation.jwt).toBe('string');
      expect((await gql(query, { t: token })).body.errors[0].message).toBe('Invalid token');
    });
  });
});
