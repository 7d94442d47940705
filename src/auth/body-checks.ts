/**
 * Checks of the users-permissions request bodies with Strapi's (yup's) messages: `<key> is a
 * required field`, `email must be a valid email`; several problems become `<n> errors occurred`
 * with each one under `details.errors`.
 */
import { ValidationError } from '../errors/index.js';
import { isRecord } from '../util/is-record.js';

export type Issue = { path: string[]; message: string; name: 'ValidationError' };

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** bcrypt reads at most 72 bytes: a longer password would be silently truncated. */
export const MAX_PASSWORD_BYTES = 72;

export function fail(issues: Issue[]): never {
  throw new ValidationError(issues.length === 1 ? issues[0]!.message : `${issues.length} errors occurred`, { errors: issues });
}

export function record(body: unknown): Record<string, unknown> {
  return isRecord(body) ? body : {};
}

export function issue(key: string, message: string): Issue {
  return { path: [key], message, name: 'ValidationError' };
}

export function requiredString(input: Record<string, unknown>, key: string, issues: Issue[]): string {
  const value = input[key];
  if (typeof value !== 'string' || value === '') {
    issues.push(issue(key, `${key} is a required field`));
    return '';
  }
  return value;
}

export function requiredEmail(input: Record<string, unknown>, key: string, issues: Issue[]): string {
  const email = requiredString(input, key, issues);
  if (email !== '' && !EMAIL.test(email)) issues.push(issue(key, `${key} must be a valid email`));
  return email;
}

/** an optional string: absent or null is undefined, another type an issue */
export function optionalString(input: Record<string, unknown>, key: string, issues: Issue[]): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') issues.push(issue(key, `${key} must be a string`));
  return typeof value === 'string' ? value : undefined;
}

/** a name: a non-blank string, trimmed; `path` names it in the issue */
export function requiredName(input: Record<string, unknown>, key: string, issues: Issue[], path: readonly string[] = [key]): string {
  const value = input[key];
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ path: [...path], message: `${path.join('.')} is a required field`, name: 'ValidationError' });
    return '';
  }
  return value.trim();
}

/** a new password: at least `minLength` characters, at most 72 bytes */
export function checkPassword(key: string, password: string, minLength: number, issues: Issue[]): void {
  if (password === '') return;
  if (password.length < minLength) issues.push(issue(key, `${key} must be at least ${minLength} characters`));
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) issues.push(issue(key, `${key} must be at most ${MAX_PASSWORD_BYTES} bytes`));
}

/** the fields of a new account (register, `POST /api/users`): every problem collected, then one 400 */
export function accountFields(input: Record<string, unknown>, passwordMinLength: number): { username: string; email: string; password: string } {
  const issues: Issue[] = [];
  const username = requiredString(input, 'username', issues);
  const email = requiredEmail(input, 'email', issues);
  const password = requiredString(input, 'password', issues);
  checkPassword('password', password, passwordMinLength, issues);
  if (issues.length > 0) fail(issues);
  return { username, email, password };
}
