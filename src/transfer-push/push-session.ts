/**
 * One connection of Strapi's push protocol (the destination side of `strapi transfer --to`),
 * as Strapi 5's `remote/handlers/push` answers it. Every message is JSON
 * `{ uuid, type: 'command' | 'transfer', … }` and gets one acknowledgement
 * `{ uuid, data, error }` (error `{ code, message, details }`), a repeated uuid the same answer:
 *
 * - commands: `init` (`params.options.strategy` must be `restore`; answers `{ transferID,
 *   checksums, assetEncoding }`), `status`, `end` (`params.transferID`);
 * - transfer actions (after init): `bootstrap`, `getMetadata`, `getSchemas`, `beforeTransfer`,
 *   `rollback`, `close`;
 * - transfer steps `entities`, `assets`, `links`, `configuration`, each `start`, `stream`
 *   (`data`: a batch of items; for assets `{ action: start|stream|end, assetID, … }` items with
 *   base64 chunks) and `end` (answers `{ ok, stats: { started, finished } }`, which the client
 *   checks against what it sent), in Strapi's flow order.
 *
 * A message that is not JSON, not of that shape, out of order or holding a bad item is answered
 * with an error; nothing throws out of `receive`. The token is checked again on every transfer
 * message, as Strapi does (a token deleted mid-transfer stops it).
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { isRecord } from '../util/is-record.js';
import { PushError } from './push-error.js';
import type { PushWriter, RestoreScope } from './push-writer.js';

export const PUSH_STAGES = ['entities', 'assets', 'links', 'configuration'] as const;
type Stage = (typeof PUSH_STAGES)[number];
const ACTIONS = ['bootstrap', 'close', 'rollback', 'beforeTransfer', 'getMetadata', 'getSchemas'] as const;
type Action = (typeof ACTIONS)[number];
/** Strapi's DEFAULT_TRANSFER_FLOW: a step may not come back before one already passed */
const FLOW = ['bootstrap', 'init', 'beforeTransfer', 'schemas', 'entities', 'assets', 'links', 'configuration', 'close'];

export interface SessionHooks {
  /** checks the connection's token again (throws Strapi's auth errors) */
  verify(): Promise<void>;
  /** a new writer for this transfer; throws while another connection's transfer is running (one at a time) */
  writer(scope: RestoreScope): Promise<PushWriter>;
  /** this connection's transfer ended: another may start */
  released(): void;
  /** `getMetadata`'s answer */
  metadata(): Record<string, unknown>;
  /** `getSchemas`'s answer: uid → schema, in Strapi's shape */
  schemas(): Record<string, unknown>;
  send(text: string): Promise<void>;
  log(message: string): void;
}

interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly details: unknown;
}

/** Strapi's error payload: an error's name as `code`; a provider error's `{ step, details }` */
export function errorBody(error: unknown): ErrorBody {
  if (error instanceof PushError) return { code: 'Error', message: error.message, details: { step: error.step, details: error.details } };
  if (error instanceof Error) {
    const details = (error as { details?: unknown }).details;
    return { code: error.name || 'Error', message: error.message, details: isRecord(details) ? details : {} };
  }
  return { code: 'Error', message: String(error), details: {} };
}

const uidList = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);

/** `restore: { entities: { include?, exclude? }, assets? }` as Strapi's client sends it; anything else: the defaults */
function restoreScope(restore: unknown): RestoreScope {
  const entities = isRecord(restore) && isRecord(restore.entities) ? restore.entities : {};
  const include = uidList(entities.include);
  const exclude = uidList(entities.exclude);
  return {
    ...(include ? { include } : {}),
    ...(exclude ? { exclude } : {}),
    ...(isRecord(restore) && typeof restore.assets === 'boolean' ? { assets: restore.assets } : {}),
  };
}

function decodeChunk(item: Record<string, unknown>): Buffer {
  const { data } = item;
  if (typeof data === 'string') return Buffer.from(data, 'base64');
  // the legacy shape `Buffer.toJSON()` gives: { type: 'Buffer', data: number[] }
  if (isRecord(data) && data.type === 'Buffer' && Array.isArray(data.data) && data.data.every((b) => Number.isInteger(b) && b >= 0 && b < 256)) {
    return Buffer.from(data.data as number[]);
  }
  throw new PushError('Invalid transfer asset stream chunk payload');
}

export class PushSession {
  private transferID: string | undefined;
  private startedAt: number | undefined;
  private writer: PushWriter | undefined;
  private flowIndex = -1;
  /** the stage between its start and end */
  private current: Stage | undefined;
  private stats: Record<Stage, { started: number; finished: number }> = this.freshStats();
  private checksums = false;
  private readonly sums = new Map<string, Hash>();
  private readonly seen = new Set<string>();
  private last: { uuid: string; text: string } | undefined;
  /** content deleted by beforeTransfer and not yet rolled back or closed */
  private dirty = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly hooks: SessionHooks) {}

  private freshStats(): Record<Stage, { started: number; finished: number }> {
    return { entities: { started: 0, finished: 0 }, assets: { started: 0, finished: 0 }, links: { started: 0, finished: 0 }, configuration: { started: 0, finished: 0 } };
  }

  /** one raw WebSocket message; handled one after the other */
  receive(raw: string): Promise<void> {
    this.queue = this.queue.then(() => this.handle(raw)).catch((error: unknown) => this.hooks.log(`transfer: ${String(error)}`));
    return this.queue;
  }

  private async respond(uuid: string | null, error: unknown, data?: unknown): Promise<void> {
    const text = JSON.stringify({ uuid, data: data ?? null, error: error === null ? null : errorBody(error) });
    if (uuid !== null) this.last = { uuid, text };
    await this.hooks.send(text);
  }

  private async handle(raw: string): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      await this.respond(null, new PushError('Bad Request: the message is not JSON'));
      return;
    }
    if (!isRecord(message) || typeof message.uuid !== 'string' || message.uuid === '') {
      await this.respond(null, new PushError('Missing uuid in message'));
      return;
    }
    const { uuid } = message;
    if (this.seen.has(uuid)) {
      // a resent message (the client retries after 30 s): the same answer again
      if (this.last?.uuid === uuid) await this.hooks.send(this.last.text);
      return;
    }
    this.seen.add(uuid);
    try {
      let data: unknown;
      if (message.type === 'command') data = await this.command(message);
      else if (message.type === 'transfer') {
        await this.hooks.verify();
        if (this.transferID === undefined || this.writer === undefined) throw new Error('Invalid Transfer Process');
        data = await this.transfer(message);
      } else throw new PushError('Bad Request');
      await this.respond(uuid, null, data);
    } catch (error) {
      await this.respond(uuid, error);
    }
  }

  private async command(message: Record<string, unknown>): Promise<unknown> {
    const params = isRecord(message.params) ? message.params : {};
    switch (message.command) {
      case 'init': {
        if (this.transferID !== undefined) throw new Error('Transfer already in progress');
        await this.hooks.verify();
        const options = isRecord(params.options) ? params.options : {};
        const strategy = options.strategy ?? 'restore';
        if (strategy !== 'restore') throw new PushError(`Invalid strategy ${String(strategy)}`, 'validation', { check: 'strategy', strategy, validStrategies: ['restore'] });
        this.writer = await this.hooks.writer(restoreScope(options.restore));
        this.transferID = randomUUID();
        this.startedAt = Date.now();
        this.checksums = params.checksums === true;
        this.stats = this.freshStats();
        this.flowIndex = -1;
        return { transferID: this.transferID, checksums: true, ...(params.assetEncoding === 'base64' ? { assetEncoding: 'base64' } : {}) };
      }
      case 'status':
        return this.startedAt === undefined
          ? { active: false, kind: null, elapsed: null, startedAt: null }
          : { active: true, kind: 'push', startedAt: this.startedAt, elapsed: Date.now() - this.startedAt };
      case 'end': {
        await this.hooks.verify();
        if (this.transferID === undefined || params.transferID !== this.transferID) throw new PushError('Bad transfer ID provided');
        await this.teardown();
        return { ok: true };
      }
      default:
        throw new Error('Invalid transfer command');
    }
  }

  private move(step: string, what: string): void {
    const index = FLOW.indexOf(step);
    if (index < this.flowIndex) throw new PushError(`Invalid ${what} "${step}" found for the current flow`, 'transfer', { step });
    this.flowIndex = index;
  }

  private async transfer(message: Record<string, unknown>): Promise<unknown> {
    if (message.kind === 'action') return this.action(message.action);
    if (message.kind === 'step') return this.step(message);
    throw new PushError('Bad Request: kind must be action or step');
  }

  private async action(action: unknown): Promise<unknown> {
    if (!ACTIONS.includes(action as Action)) throw new PushError(`Invalid action provided: "${String(action)}"`, 'transfer', { action, validActions: ACTIONS });
    const writer = this.writer!;
    switch (action as Action) {
      case 'bootstrap':
        this.move('bootstrap', 'action');
        return null;
      case 'getMetadata':
        return this.hooks.metadata();
      case 'getSchemas':
        return this.hooks.schemas();
      case 'beforeTransfer': {
        this.move('beforeTransfer', 'action');
        this.dirty = true;
        const replaced = await writer.prepare();
        if (replaced.length > 0) this.hooks.log(`transfer: the push replaces ${replaced.join(', ')}`);
        return null;
      }
      case 'rollback':
        await this.rollback();
        return null;
      case 'close': {
        this.move('close', 'action');
        if (this.dirty) {
          await writer.finish();
          this.dirty = false;
          const { entities, links, assets } = writer.counts;
          this.hooks.log(`transfer: push done: ${entities} entities, ${links - writer.linksLeftOut} links, ${assets} files; left out: ${writer.linksLeftOut} links, ${writer.configurationLeftOut} configuration items`);
        }
        return null;
      }
    }
  }

  private async step(message: Record<string, unknown>): Promise<unknown> {
    const stage = message.step as Stage;
    if (!PUSH_STAGES.includes(stage)) throw new PushError(`Invalid stage (${String(message.step)}) provided for the current flow`, 'transfer', { step: message.step });
    const writer = this.writer!;
    switch (message.action) {
      case 'start':
        if (this.current !== undefined) throw new PushError(`It's not possible to start a new transfer stage (${stage}) while another one is in progress (${this.current})`);
        if (!this.dirty) throw new PushError(`The ${stage} stage needs beforeTransfer first`);
        this.move(stage, 'stage');
        this.current = stage;
        this.stats[stage] = { started: 0, finished: 0 };
        return { ok: true };
      case 'stream':
        if (this.current !== stage) throw new PushError(`You need to initialize the transfer stage (${stage}) before starting to stream data`);
        await this.guarded(() => this.stream(writer, stage, message.data));
        return null;
      case 'end':
        if (this.current !== stage) throw new PushError(`You need to initialize the transfer stage (${stage}) before ending it`);
        await this.guarded(() => writer.endStage(stage));
        this.current = undefined;
        return { ok: true, stats: this.stats[stage] };
      default:
        throw new PushError(`Invalid step action: ${String(message.action)}`);
    }
  }

  /** a write that fails stops the transfer: what it wrote is removed (Strapi aborts and rolls back too) */
  private async guarded(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      await this.rollback();
      throw error;
    }
  }

  private async stream(writer: PushWriter, stage: Stage, data: unknown): Promise<void> {
    if (stage === 'assets') {
      if (data === null) return;
      if (!Array.isArray(data)) throw new PushError('An assets stream message holds a list of asset items');
      for (const item of data) await this.assetItem(writer, item);
      return;
    }
    if (!Array.isArray(data)) throw new PushError(`A ${stage} stream message holds a list of items`);
    const stats = this.stats[stage];
    stats.started += data.length;
    if (stage === 'entities') await writer.entities(data);
    else if (stage === 'links') await writer.links(data);
    else writer.configuration(data);
    stats.finished += data.length;
  }

  private async assetItem(writer: PushWriter, item: unknown): Promise<void> {
    if (!isRecord(item) || typeof item.assetID !== 'string') throw new PushError('An asset item is { action, assetID, … }');
    const id = item.assetID;
    const stats = this.stats.assets;
    switch (item.action) {
      case 'start':
        stats.started += 1;
        writer.assetStart(id, item.data);
        if (this.checksums) this.sums.set(id, createHash('sha256'));
        return;
      case 'stream': {
        const chunk = decodeChunk(item);
        this.sums.get(id)?.update(chunk);
        await writer.assetChunk(id, chunk);
        return;
      }
      case 'end': {
        const sum = this.sums.get(id);
        this.sums.delete(id);
        if (this.checksums) {
          const checksum = isRecord(item.checksum) ? item.checksum : undefined;
          if (!checksum) throw new PushError(`Missing checksum for asset "${id}"`);
          if (checksum.algorithm !== 'sha256') throw new PushError(`Unsupported checksum algorithm "${String(checksum.algorithm)}" for asset ${id}`);
          const got = sum?.digest('hex');
          if (got !== checksum.value) throw new PushError(`Checksum mismatch for asset "${id}" (expected ${String(checksum.value)}, got ${got ?? 'none'})`);
        }
        await writer.assetEnd(id);
        stats.finished += 1;
        return;
      }
      default:
        throw new PushError(`Invalid asset flow action: ${String(item.action)}`);
    }
  }

  private async rollback(): Promise<void> {
    if (this.dirty && this.writer) {
      this.dirty = false;
      await this.writer.rollback();
      this.hooks.log('transfer: push rolled back; what it wrote was removed');
    }
  }

  private async teardown(): Promise<void> {
    await this.rollback();
    if (this.writer) this.hooks.released();
    this.transferID = undefined;
    this.startedAt = undefined;
    this.writer = undefined;
    this.current = undefined;
    this.sums.clear();
  }

  /** the connection closed: a transfer not closed is rolled back (Strapi's teardown) */
  close(): Promise<void> {
    this.queue = this.queue.then(() => this.teardown()).catch((error: unknown) => this.hooks.log(`transfer: ${String(error)}`));
    return this.queue;
  }
}
