/**
 * The `<!-- expect … -->` language (docs/README.md) and the extraction of examples: a fact that
 * does not hold is a failure, so a drifting doc example fails.
 */
import { describe, expect, it } from 'vitest';
import { checkExpectation, readCurlOutput } from './doc-expect.js';
import { commandsOf, extractUnits } from './doc-examples.js';

const answer = readCurlOutput(JSON.stringify({ data: [{ title: 'GraphQL a', views: 5 }, { title: 'graphql b', views: 9 }], meta: { total: 2 } }), 200);

describe('checkExpectation', () => {
  it('holds when the status and every fact hold', () => {
    const line = '200 data.length=2 meta.total>=2 data[*].title~(?i)graphql data[1].views<10 data[0].title="GraphQL a" save:FIRST=data[0].title';
    expect(checkExpectation(line, answer)).toEqual({ failures: [], saved: { FIRST: 'GraphQL a' } });
  });

  it('names each fact that does not hold', () => {
    const { failures } = checkExpectation('201 data.length=3 data[*].views>6 meta.missing? data[0].title~^graphql', answer);
    expect(failures).toEqual([
      'status 200, the docs say 201',
      'data.length=3: found 2',
      'data[*].views>6: found 5',
      'meta.missing?: found undefined',
      'data[0].title~^graphql: found "GraphQL a"',
    ]);
  });

  it('refuses [*] over an empty list and a line without a status', () => {
    const empty = readCurlOutput('{"data":[]}', 200);
    expect(checkExpectation('200 data[*].title?', empty).failures).toEqual(['data[*].title: [*] needs a non-empty list, got []']);
    expect(checkExpectation('data.length=0', empty).failures[0]).toMatch(/must start with a status/);
  });

  it('reads headers of curl -i and the raw output', () => {
    const raw = 'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer\r\n\r\n{"data":null}';
    const result = readCurlOutput(raw, 401);
    expect(checkExpectation('401 header.www-authenticate="Bearer" data=null stdout~^HTTP/1.1', result).failures).toEqual([]);
  });
});

describe('extraction', () => {
  it('joins continuations, drops output comments and keeps a trailing comment', () => {
    const commands = commandsOf(["curl -X POST http://x \\", "  -d '{\"a\":\"#b\"}'   # 200", '# {"ok":true}', '', 'TOKEN=…   # note'], 10);
    expect(commands).toEqual([
      { line: 10, text: `curl -X POST http://x -d '{"a":"#b"}'`, comment: '200' },
      { line: 14, text: 'TOKEN=…', comment: 'note' },
    ]);
  });

  it('ties an annotation to the next curl block only, and finds inline curl spans with a URL', () => {
    const markdown = ['<!-- expect', '200', '-->', '```js', 'x', '```', '```sh', 'curl http://a', '```', 'Try `curl -g` or `curl http://b`.'].join('\n');
    const units = extractUnits('f.md', markdown);
    expect(units.map((u) => [u.line, u.expect, u.commands.map((c) => c.text)])).toEqual([
      [7, null, ['curl http://a']],
      [10, null, ['curl http://b']],
    ]);
  });
});
