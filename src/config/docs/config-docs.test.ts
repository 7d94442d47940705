import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderConfigDocs } from './render-config-docs.js';

describe('docs/configuration.md', () => {
  it('is the text generated from the config schema (run `npm run docs:config` after a schema change)', async () => {
    const committed = await readFile(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderConfigDocs());
  });

  it('documents every key with a description', () => {
    const rows = renderConfigDocs().split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) expect(row.split(' | ').at(-1)?.replace(/ \|$/, '').trim(), row).not.toBe('');
  });
});
