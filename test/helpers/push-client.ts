/**
 * A WebSocket client of Strapi's push protocol (what `strapi transfer --to` opens), for the
 * transfer-push tests: `openPush` connects to `<url>/admin/transfer/runner/push` with a transfer
 * token, or answers the HTTP status and body of a refused upgrade; `send` sends one message and
 * waits for the acknowledgement with its uuid (or, for a message without one, the next answer).
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export interface Ack {
  readonly uuid: string | null;
  readonly data: any;
  readonly error: { code: string; message: string; details: any } | null;
}

export interface PushConnection {
  /** sends `message` (an object is JSON-encoded, a string sent as is) and resolves with its acknowledgement */
  send(message: Record<string, unknown> | string): Promise<Ack>;
  /** sends a transfer message (`{ type: 'transfer', … }`) with a fresh uuid */
  transfer(body: Record<string, unknown>): Promise<Ack>;
  close(): Promise<void>;
}

export type PushOpen = { ok: true; connection: PushConnection } | { ok: false; status: number; body: any };

export function openPush(baseUrl: string, key: string | undefined): Promise<PushOpen> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/admin/transfer/runner/push`;
  const socket = new WebSocket(url, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } });
  const pending: Array<(ack: Ack) => void> = [];
  const waiting = new Map<string, (ack: Ack) => void>();
  socket.on('message', (raw: Buffer) => {
    const ack = JSON.parse(raw.toString('utf8')) as Ack;
    const byUuid = ack.uuid === null ? undefined : waiting.get(ack.uuid);
    if (byUuid) {
      waiting.delete(ack.uuid!);
      byUuid(ack);
    } else pending.shift()?.(ack);
  });
  const connection: PushConnection = {
    send(message) {
      return new Promise<Ack>((resolve, reject) => {
        const uuid = typeof message === 'string' ? undefined : message.uuid;
        if (typeof uuid === 'string') waiting.set(uuid, resolve);
        else pending.push(resolve);
        socket.send(typeof message === 'string' ? message : JSON.stringify(message), (error) => error && reject(error));
      });
    },
    transfer(body) {
      return connection.send({ uuid: randomUUID(), type: 'transfer', ...body });
    },
    close() {
      return new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) resolve();
        else socket.once('close', () => resolve()).close();
      });
    },
  };
  return new Promise<PushOpen>((resolve, reject) => {
    socket.once('open', () => resolve({ ok: true, connection }));
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: the text itself
        }
        resolve({ ok: false, status: response.statusCode ?? 0, body });
      });
    });
    socket.once('error', (error) => reject(error));
  });
}

/** `openPush` that must succeed */
export async function connectPush(baseUrl: string, key: string): Promise<PushConnection> {
  const opened = await openPush(baseUrl, key);
  if (!opened.ok) throw new Error(`push refused: ${opened.status} ${JSON.stringify(opened.body)}`);
  return opened.connection;
}

/** `init` (strategy restore), `bootstrap` and `beforeTransfer`, as Strapi's client starts a push */
export async function startPush(connection: PushConnection): Promise<string> {
  const init = await connection.send({ uuid: randomUUID(), type: 'command', command: 'init', params: { options: { strategy: 'restore', restore: {} }, transfer: 'push', assetEncoding: 'base64' } });
  if (init.error) throw new Error(`init failed: ${init.error.message}`);
  for (const action of ['bootstrap', 'beforeTransfer']) {
    const ack = await connection.transfer({ kind: 'action', action });
    if (ack.error) throw new Error(`${action} failed: ${ack.error.message}`);
  }
  return init.data.transferID as string;
}
