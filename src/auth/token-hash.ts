/**
 * API token secrets: 128 random bytes shown once as hex (Strapi's format), stored only as
 * HMAC-SHA512 keyed by `API_TOKEN_SALT`. Lookups go by the hash, so no comparison ever runs on
 * the plain token; `sameHash` compares in constant time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newAccessKey(): string {
  return randomBytes(128).toString('hex');
}

export function hashAccessKey(salt: string, accessKey: string): string {
  return createHmac('sha512', salt).update(accessKey).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
