/**
 * Lint: typescript-eslint's recommended rules (no type information, so it stays fast) and the
 * layer boundaries of docs/architecture.md, generated from eslint/layers.ts, and bench/'s
 * boundary (the public `vellum` API only: eslint/bench-rules.ts).
 */
import tseslint from 'typescript-eslint';
import { benchRules } from './eslint/bench-rules.js';
import { layerRules } from './eslint/layer-rules.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/.cache/**', 'src/graphql/sandbox/client/**', '**/*.js', '**/*.mjs'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `const { id: _omit, ...columns } = row` drops a key on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test helpers hand response bodies to assertions as `any` by default (`request<T = any>`);
    // the assertions check the real values. Product code keeps the rule.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A project written the way Strapi 5 generates it: factory arguments (`{ strapi }`, `config`)
    // and type imports it does not use stay, as in a real project.
    files: ['test/fixtures/strapi-project/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  ...layerRules(),
  ...benchRules(),
);
