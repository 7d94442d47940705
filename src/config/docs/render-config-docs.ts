/**
 * docs/configuration.md, generated from the config schema: one table per `config/<file>` with
 * every key Vellum reads, its type, default, environment variable and description.
 * `npm run docs:config` writes it; `config-docs.test.ts` keeps the committed file in step.
 */
import { Kind, type TSchema } from '@sinclair/typebox';
import type { AnnotatedSchema } from '../schema/fields.js';
import { ProjectSchema } from '../schema/project-schema.js';
import { keyPath } from '../values.js';

interface Row {
  readonly key: string;
  readonly type: string;
  readonly default: string;
  readonly env: string;
  readonly description: string;
}

const INTRO = `# Configuration

<!-- Generated from src/config/schema by \`npm run docs:config\`; do not edit by hand. -->

A project is configured as a Strapi 5 project is: one file per key in \`config/\`
(\`.js\`, \`.ts\`, \`.mjs\`, \`.cjs\` or \`.json\`; a function export is called with \`{ env }\`), then
\`config/env/<NODE_ENV>/\` files deep-merged over them. The project's \`.env\` is read under the
process environment (the process wins).

- **Checked once, at start.** Every key below is checked by one schema (\`src/config/schema\`);
  every problem is reported at once, each with its file (or environment variable) and key:
  \`config/server.ts: server.port must be an integer between 0 and 65535 (got "eighty")\`.
  Numbers, booleans and sizes may also be written as strings (\`env('PORT')\` without \`.int\`).
- **Unknown keys are accepted.** Only the keys Vellum reads are checked; any other key or file
  (\`admin.flags\`, \`server.cron\`, other plugins' entries, \`config/custom.ts\`…) is kept as it is,
  for user code, so a Strapi project's config starts unchanged.
- **Environment variables.** A key with a variable takes it when no file sets the key; an empty
  variable counts as unset. The four secrets (\`JWT_SECRET\`, \`ADMIN_JWT_SECRET\`, \`API_TOKEN_SALT\`,
  \`APP_KEYS\`) win over their config keys; in production a missing one stops the start, in development and
  test it is generated into \`.env\` (see [auth.md](auth.md)). \`TRANSFER_TOKEN_SALT\` (\`admin.transfer.token.salt\`)
  is generated in development too; in production without it data transfer is off, as in Strapi
  (see [migrate-from-strapi.md](migrate-from-strapi.md)).
- \`NODE_ENV\` selects \`config/env/<NODE_ENV>/\`; any value other than \`development\` and \`test\`
  behaves as production.
`;

function typeOf(schema: AnnotatedSchema): string {
  if (schema.docType !== undefined) return schema.docType;
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  switch (schema[Kind]) {
    case 'Integer': {
      const max = maximum === Number.MAX_SAFE_INTEGER ? undefined : maximum;
      if (minimum !== undefined && max !== undefined) return `integer ${minimum}–${max}`;
      return minimum === undefined ? 'integer' : `integer ≥ ${minimum}`;
    }
    case 'String':
      return 'string';
    case 'Boolean':
      return 'boolean';
    default:
      return String(schema[Kind]).toLowerCase();
  }
}

function rows(schema: TSchema, path: readonly string[]): Row[] {
  const annotated = schema as AnnotatedSchema;
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (schema[Kind] === 'Object' && properties !== undefined && Object.keys(properties).length > 0) {
    return Object.entries(properties).flatMap(([key, child]) => rows(child, [...path, key]));
  }
  return [
    {
      key: path.length === 0 ? '(the file is the list)' : keyPath(path),
      type: typeOf(annotated),
      default: annotated.default === undefined ? '' : `\`${JSON.stringify(annotated.default)}\``,
      env: annotated.envVar === undefined ? '' : `\`${annotated.envVar}\``,
      description: annotated.description ?? '',
    },
  ];
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

export function renderConfigDocs(): string {
  const sections = Object.entries(ProjectSchema.properties).map(([file, schema]) => {
    const table = rows(schema, []).map((row) =>
      `| ${[`\`${row.key}\``, row.type, row.default, row.env, row.description].map(cell).join(' | ')} |`,
    );
    return [`## config/${file}`, '', '| key | type | default | environment | description |', '|---|---|---|---|---|', ...table].join('\n');
  });
  return `${INTRO}\n${sections.join('\n\n')}\n`;
}
