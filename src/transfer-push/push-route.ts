/**
 * `GET <admin>/transfer/runner/push`: the WebSocket `strapi transfer --to <vellum>/admin
 * --to-token <key>` connects to (@fastify/websocket). The upgrade request is authenticated as
 * Strapi's route is (`auth: { strategies: [data-transfer], scope: ['push'] }`): no or an
 * unknown `Authorization: Bearer <key>` → 401, an expired token → 401 `Token expired`, a token
 * without `push` → 403, each in the REST error shape before any WebSocket exists. Without a
 * transfer token salt (production without `TRANSFER_TOKEN_SALT`) every transfer route answers
 * Strapi's 501 `INVALID_TOKEN_SALT`.
 *
 * `<admin>/transfer/runner/pull` answers 501: Vellum is a push destination, not a source.
 *
 * With `VELLUM_TRANSFER_TRANSCRIPT=<file>` in the environment, every message in and out is
 * appended to that file as JSON lines (how test/fixtures/strapi-transfer/ was recorded).
 */
import { appendFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { transferDisabledError, type TransferTokensStore } from '../auth/transfer-tokens.js';
import { NotImplementedError, UnauthorizedError } from '../errors/index.js';
import { schemaLines } from '../transfer/export-schemas.js';
import { keptType } from '../transfer/import-scope.js';
import { PushError } from './push-error.js';
import { PushSession } from './push-session.js';
import { PushWriter, type PushTarget } from './push-writer.js';

export interface PushRouteOptions {
  /** `admin.url` */
  readonly adminPath: string;
  /** undefined: no transfer token salt, transfer is off */
  readonly tokens: TransferTokensStore | undefined;
  readonly target: PushTarget;
  readonly log: { info(message: string): void; warn(message: string): void };
  /** appends each message in and out (a debugging aid; see the file's comment) */
  readonly transcript?: string;
}

/** the largest message accepted: Strapi's batches are ≤ 512 KB of rows or 1 MB of asset chunks, plus one item */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** how long an init waits for another connection's transfer to end before it is refused */
const LOCK_WAIT_MS = 5_000;

/** Strapi's extractToken: `Bearer <key>`, exactly two parts */
function bearer(request: FastifyRequest): string | undefined {
  const parts = (request.headers.authorization ?? '').split(/\s+/);
  return parts.length === 2 && parts[0]!.toLowerCase() === 'bearer' ? parts[1] : undefined;
}

export async function registerPushRoute(server: FastifyInstance, options: PushRouteOptions): Promise<void> {
  const { tokens, target, log } = options;
  const base = options.adminPath === '/' ? '' : options.adminPath;
  const record = options.transcript
    ? (direction: 'in' | 'out', text: string) => appendFileSync(options.transcript!, `${JSON.stringify({ direction, message: JSON.parse(text) as unknown })}\n`)
    : undefined;

  const checkKey = async (key: string | undefined): Promise<void> => {
    if (!tokens) throw transferDisabledError();
    if (key === undefined || (await tokens.verify(key, 'push')) === null) throw new UnauthorizedError();
  };

  // one transfer at a time: two pushes would delete and write the same tables
  let running: object | undefined;

  await server.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    scope.get(`${base}/transfer/runner/pull`, async () => {
      if (!tokens) throw transferDisabledError();
      throw new NotImplementedError('Vellum accepts pushes only: run strapi transfer --to <vellum>/admin, or vellum export and strapi import.');
    });
    scope.get(`${base}/transfer/runner/push`, {
      websocket: true,
      // before the upgrade: a refused token is an HTTP answer the client reports (401, 403)
      preValidation: async (request) => checkKey(bearer(request)),
    }, (socket, request) => {
      const key = bearer(request);
      const owner = {};
      const session = new PushSession({
        verify: () => checkKey(key),
        writer: async (scope) => {
          // a connection that just closed may still be rolling back: wait for it a little
          for (let waited = 0; running !== undefined && running !== owner && waited < LOCK_WAIT_MS; waited += 50) await delay(50);
          if (running !== undefined && running !== owner) throw new PushError('Transfer already in progress: another push into this server is running');
          running = owner;
          return new PushWriter(target, scope);
        },
        released: () => {
          if (running === owner) running = undefined;
        },
        // no `strapi.version`: Strapi's client then skips its exact-version check; the schemas decide
        metadata: () => ({ createdAt: new Date().toISOString() }),
        schemas: () => {
          const { registry } = target.engine;
          const types = [...registry.contentTypes.values()].filter((type) => keptType(registry, type.uid) !== undefined);
          return Object.fromEntries(schemaLines(registry, types).map((line) => [String(line.uid), line]));
        },
        send: (text) => new Promise<void>((resolve, reject) => {
          record?.('out', text);
          socket.send(text, (error) => (error ? reject(error) : resolve()));
        }),
        log: (message) => log.info(message),
      });
      log.info('transfer: a push connected');
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        const text = isBinary ? '' : raw.toString('utf8');
        try {
          record?.('in', text);
        } catch {
          // a message that is not JSON is still answered (an error acknowledgement)
        }
        void session.receive(text);
      });
      socket.on('close', () => {
        void session.close();
      });
      socket.on('error', (error: Error) => {
        log.warn(`transfer: the push connection failed: ${error.message}`);
      });
    });
  });
}
