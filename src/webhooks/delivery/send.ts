/**
 * One HTTP attempt: POST the body, wait at most `timeoutMs` for the whole exchange, keep the
 * first bytes of the answer for the log. Redirects are not followed (a 3xx is the attempt's
 * outcome: following one could lead to an address the target check never saw). Nothing here
 * logs: headers may carry secrets, and the signature is one.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { publicOnlyLookup, refusedLiteral } from './targets.js';

export interface SendRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly allowPrivateTargets: boolean;
  /** bytes of the answer kept */
  readonly keepBytes: number;
  /** ends the attempt at once (the server stops): the result says `aborted` */
  readonly signal?: AbortSignal;
  /** keep-alive connections to reuse (the worker's); none: one connection per request */
  readonly agents?: Agents;
}

/** Connections kept open between deliveries to one receiver (each was checked when it was made). */
export interface Agents {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;
  destroy(): void;
}

export function keepAliveAgents(): Agents {
  const http = new HttpAgent({ keepAlive: true, maxSockets: 16 });
  const https = new HttpsAgent({ keepAlive: true, maxSockets: 16 });
  return { http, https, destroy: () => { http.destroy(); https.destroy(); } };
}

export interface SendResult {
  /** the answer's status; null when none came (refused, timed out, unreachable) */
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly responseHead: string | null;
  readonly durationMs: number;
  /** ended by `signal`, not by the receiver: no outcome to record */
  readonly aborted?: boolean;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message || error.name : String(error));

function readHead(response: IncomingMessage, keepBytes: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => resolve(Buffer.concat(chunks).subarray(0, keepBytes).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      if (size < keepBytes) chunks.push(chunk);
      size += chunk.length;
      // enough for the log: the rest is not read
      if (size >= keepBytes) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

export function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ statusCode: null, error: `invalid URL`, responseHead: null, durationMs: 0 });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve({ statusCode: null, error: `unsupported protocol ${url.protocol}`, responseHead: null, durationMs: 0 });
  }
  const literal = request.allowPrivateTargets ? null : refusedLiteral(url);
  if (literal) return Promise.resolve({ statusCode: null, error: literal.message, responseHead: null, durationMs: 0 });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const abort = (): void => {
      req.destroy(new Error('the server is stopping'));
    };
    const finish = (result: Omit<SendResult, 'durationMs'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // the worker's one signal outlives thousands of attempts: each takes its listener away
      request.signal?.removeEventListener('abort', abort);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = send(url, {
      method: 'POST',
      headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
      ...(request.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
      agent: request.agents ? (url.protocol === 'https:' ? request.agents.https : request.agents.http) : false,
    }, (response) => {
      void readHead(response, request.keepBytes).then((head) => finish({ statusCode: response.statusCode ?? null, error: null, responseHead: head }));
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    req.on('error', (error) => finish({ statusCode: null, error: errorText(error), responseHead: null, ...(request.signal?.aborted ? { aborted: true } : {}) }));
    request.signal?.addEventListener('abort', abort, { once: true });
    req.end(request.body);
  });
}

/** 2xx: delivered. Anything else (3xx included, see above) is a failed attempt. */
export const isDelivered = (result: SendResult): boolean => result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
