/**
 * Admin passwords, as Strapi's admin validates them: at least 8 characters with a lower case
 * letter, an upper case letter and a number (and at most 72 bytes: bcrypt reads no further).
 * A refusal is a 400 naming the field, in Strapi's validation shape (body-checks.ts).
 */
import { MAX_PASSWORD_BYTES, type Issue } from '../body-checks.js';

const RULES: ReadonlyArray<readonly [(value: string) => boolean, string]> = [
  [(value) => value.length >= 8, 'must be at least 8 characters'],
  [(value) => Buffer.byteLength(value) <= MAX_PASSWORD_BYTES, `must be at most ${MAX_PASSWORD_BYTES} bytes`],
  [(value) => /[a-z]/.test(value), 'must contain at least one lowercase character'],
  [(value) => /[A-Z]/.test(value), 'must contain at least one uppercase character'],
  [(value) => /\d/.test(value), 'must contain at least one number'],
];

/** the problems of `value` as a new admin password at `path` (`['userInfo', 'password']`): none, or the first rule it breaks */
export function adminPasswordIssues(value: unknown, path: readonly string[], issues: Issue[]): string {
  const name = path.join('.');
  if (typeof value !== 'string' || value === '') {
    issues.push({ path: [...path], message: `${name} is a required field`, name: 'ValidationError' });
    return '';
  }
  const broken = RULES.find(([passes]) => !passes(value));
  if (broken) issues.push({ path: [...path], message: `${name} ${broken[1]}`, name: 'ValidationError' });
  return value;
}
