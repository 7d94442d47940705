/**
 * The users-permissions examples of docs/graphql.md ("Users and permissions"), run as written and
 * in order against a real server and SMTP server on every dialect: each ```graphql block is sent
 * (a `# Authorization: Bearer <…>` line sets that header) and its answer must equal the ```json
 * block that follows. `<name>` placeholders are bound by the first answer that shows them (a JWT,
 * a documentId) or by the last mail (`<code>`, `<token>`), then stand for that value.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, afterAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { useTestApp } from '../helpers/test-app.js';

interface Example {
  readonly operation: string;
  readonly bearer: string | undefined;
  readonly answer: unknown;
}

function examples(): Example[] {
  const page = readFileSync(new URL('../../docs/graphql.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf('## Users and permissions'), page.indexOf('## Errors'));
  const blocks = [...section.matchAll(/```(graphql|json)\n([\s\S]*?)```/g)].map(([, kind, text]) => ({ kind, text: text!.trim() }));
  const found: Example[] = [];
  for (let i = 0; i < blocks.length; i += 2) {
    const [op, answer] = [blocks[i]!, blocks[i + 1]];
    if (op.kind !== 'graphql' || answer?.kind !== 'json') throw new Error(`docs/graphql.md: a graphql block must be followed by its json answer (at "${op.text.slice(0, 60)}")`);
    const bearer = /^# Authorization: Bearer (<[A-Za-z-]+>)$/m.exec(op.text)?.[1];
    found.push({ operation: op.text.replace(/^#.*$/gm, '').trim(), bearer, answer: JSON.parse(answer.text) });
  }
  return found;
}

const PLACEHOLDER = /^<[A-Za-z-]+>$/;
const CODE = /code=([0-9a-z]+\.[0-9a-f]{64})/;
const CONFIRMATION = /confirmation=([0-9a-z]+\.[0-9a-f]{64})/;

/** `expected` with each placeholder replaced by its bound value, binding the unbound ones from `actual` */
function bind(expected: unknown, actual: unknown, values: Map<string, string>): unknown {
  if (typeof expected === 'string' && PLACEHOLDER.test(expected)) {
    if (typeof actual !== 'string' || actual === '') return expected;
    // a JWT is new in every answer that carries one; other values keep their first binding
    if (expected === '<jwt>' || !values.has(expected)) values.set(expected, actual);
    return values.get(expected);
  }
  if (Array.isArray(expected)) return expected.map((item, i) => bind(item, Array.isArray(actual) ? actual[i] : undefined, values));
  if (typeof expected === 'object' && expected !== null) {
    const own = (actual ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, bind(value, own[key], values)]));
  }
  return expected;
}

describeEachDialect('docs/graphql.md: users and permissions examples', (dialect) => {
  let smtp: TestSmtp;
  const files: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtp();
    files['config/plugins.json'] = JSON.stringify({
      'users-permissions': { config: { ratelimit: { max: 1000 }, advanced: { email_reset_password: 'https://front.example.com/reset' } } },
      email: { config: { provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port: smtp.port, ignoreTLS: true }, settings: { defaultFrom: 'no-reply@example.com' } } },
    });
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp({ dialect, access: 'locked', files });

  it('every example answers as documented, in order', async () => {
    const list = examples();
    const operations = list.map((example) => /\{ (\w+)\(/.exec(example.operation)?.[1]);
    expect(operations).toEqual([
      'register', 'usersPermissionsUser', 'createUsersPermissionsRole', 'usersPermissionsRoles', 'forgotPassword',
      'resetPassword', 'changePassword', 'register', 'emailConfirmation',
    ]);
    const values = new Map<string, string>([['<api-token>', (await t.app.tokens.create({ name: 'docs', type: 'full-access' })).accessKey]]);
    for (const example of list) {
      if (example.operation.includes('username: "grace"')) t.app.usersPermissions.setAdvanced({ email_confirmation: true });
      const last = smtp.messages.at(-1)?.body ?? '';
      const fromMail = { '<code>': CODE.exec(last)?.[1], '<token>': CONFIRMATION.exec(last)?.[1] };
      for (const [name, value] of Object.entries(fromMail)) if (value !== undefined) values.set(name, value);
      const query = example.operation.replace(/<[A-Za-z-]+>/g, (name) => values.get(name) ?? name);
      const headers: Record<string, string> = example.bearer === undefined ? {} : { authorization: `Bearer ${values.get(example.bearer)}` };
      const response = await request(`${t.url}/graphql`, { method: 'POST', json: { query }, headers });
      expect(response.body, query).toEqual(bind(example.answer, response.body, values));
    }
  });
});
