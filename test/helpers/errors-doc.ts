/**
 * The code table of docs/errors.md, read for the tests that keep it in step with the code
 * (src/errors/error-codes.test.ts, src/graphql/format-error.test.ts).
 */
import { readFileSync } from 'node:fs';

export interface DocumentedError {
  readonly code: string;
  /** the class name (the first backticked name of the cell: "`UniqueError` (a `ValidationError`)") */
  readonly className: string;
  /** `—` for errors that never reach a client */
  readonly wireName: string;
  /** a number, `4xx` (status given per error) or `—` */
  readonly status: string;
  readonly graphqlCode: string;
  readonly when: string;
}

const DOC = new URL('../../docs/errors.md', import.meta.url);

const unquote = (cell: string): string => cell.trim().replace(/^`([^`]*)`.*$/, '$1');

export function documentedErrors(): DocumentedError[] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.split(/^## Codes$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) => {
      const cells = line.split('|').slice(1, -1);
      if (cells.length !== 6) throw new Error(`docs/errors.md: a row of the code table needs 6 cells: ${line}`);
      const [code, className, wireName, status, graphqlCode, when] = cells as [string, string, string, string, string, string];
      return {
        code: unquote(code),
        className: unquote(className),
        wireName: unquote(wireName),
        status: status.trim(),
        graphqlCode: unquote(graphqlCode),
        when: when.trim(),
      };
    });
}
