/**
 * A webhook as callers write it (the admin API's body, the CLI's flags), checked field by field
 * as Strapi's admin controller does (`name`, `url`, `headers`, `events`, `isEnabled`), plus
 * Vellum's optional `secret`. Every problem is a 400 naming its field.
 */
import { ValidationError } from '../errors/index.js';
import { isRecord } from '../util/is-record.js';
import { WEBHOOK_EVENTS } from './events.js';

export interface WebhookInput {
  readonly name?: string;
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly events?: readonly string[];
  readonly isEnabled?: boolean;
  /** null: remove the secret (update) */
  readonly secret?: string | null;
}

/** What a webhook's view carries besides the writable keys: accepted back and ignored (the panel sends the object it read). */
const READ_ONLY = new Set(['id', 'hasSecret', 'contentTypeEvents']);
const WRITABLE = new Set(['name', 'url', 'headers', 'events', 'isEnabled', 'secret']);

function invalid(path: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [path], message, name: 'ValidationError' }] });
}

/** A webhook URL: absolute http(s). Whether its host may be reached is decided at every delivery. */
export function checkUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid('url', 'url must be a valid URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('url', 'url must be a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('url', 'url must be an http or https URL');
  return value;
}

function checkHeaders(value: unknown): Record<string, string> {
  if (!isRecord(value)) throw invalid('headers', 'headers must be an object of header names to string values');
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw invalid(`headers.${name}`, `headers: "${name}" is not a valid header name`);
    if (typeof header !== 'string' || header === '' || /[\r\n]/.test(header)) throw invalid(`headers.${name}`, `headers.${name} must be a non-empty string on one line`);
    headers[name] = header;
  }
  return headers;
}

function checkEvents(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalid('events', 'events must be an array of event names');
  for (const event of value) {
    if (typeof event !== 'string' || !WEBHOOK_EVENTS.includes(event)) throw invalid('events', `Webhook event ${String(event)} is not supported`);
  }
  return [...new Set(value as string[])];
}

/**
 * `required`: a create (name, url, events required; headers default to none). An update takes
 * any subset: Strapi's panel sends the whole webhook, the CLI only what changes.
 */
export function checkWebhookInput(body: unknown, required: boolean): WebhookInput {
  if (!isRecord(body)) throw new ValidationError('Request body must be an object');
  for (const key of Object.keys(body)) {
    if (!WRITABLE.has(key) && !READ_ONLY.has(key)) throw invalid(key, `${key} is not a webhook field`);
  }
  const input: { -readonly [K in keyof WebhookInput]: WebhookInput[K] } = {};
  if (body['name'] !== undefined || required) {
    if (typeof body['name'] !== 'string' || body['name'].trim() === '') throw invalid('name', 'name is a required field');
    input.name = body['name'];
  }
  if (body['url'] !== undefined || required) input.url = checkUrl(body['url']);
  if (body['headers'] !== undefined) input.headers = checkHeaders(body['headers']);
  if (body['events'] !== undefined || required) input.events = checkEvents(body['events']);
  if (body['isEnabled'] !== undefined) {
    if (typeof body['isEnabled'] !== 'boolean') throw invalid('isEnabled', 'isEnabled must be a boolean');
    input.isEnabled = body['isEnabled'];
  }
  if (body['secret'] !== undefined) {
    const secret = body['secret'];
    if (secret !== null && (typeof secret !== 'string' || secret.length < 8)) throw invalid('secret', 'secret must be a string of at least 8 characters, or null to remove it');
    input.secret = secret;
  }
  return input;
}
