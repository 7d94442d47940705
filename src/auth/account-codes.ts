/**
 * Reset codes and email confirmation tokens: random, single use, expiring, and stored hashed
 * (a database leak gives no usable code). The expiry travels inside the code
 * (`<expiry, base 36>.<64 random hex>`); the column holds the SHA-256 of the whole code, so the
 * expiry cannot be changed without the hash no longer matching. The columns stay Strapi's
 * (`resetPasswordToken`, `confirmationToken`).
 */
import { createHash, randomBytes } from 'node:crypto';

export interface IssuedCode {
  /** what the email carries */
  readonly code: string;
  /** what the database keeps */
  readonly stored: string;
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

export function issueCode(lifetimeSeconds: number, now: number = Date.now()): IssuedCode {
  const code = `${(now + lifetimeSeconds * 1000).toString(36)}.${randomBytes(32).toString('hex')}`;
  return { code, stored: hashCode(code) };
}

/** The hash to look the code up by, or null when the code is malformed or past its expiry. */
export function readCode(code: string, now: number = Date.now()): string | null {
  const match = /^([0-9a-z]{1,12})\.[0-9a-f]{64}$/.exec(code);
  if (!match) return null;
  if (parseInt(match[1]!, 36) <= now) return null;
  return hashCode(code);
}
