/**
 * GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec),
 * what Apollo's upload link and Strapi v4's `upload` / `multipleUpload` use: a
 * multipart/form-data body with an `operations` field (the JSON request, `null` where files go),
 * a `map` field (`{ "<part name>": ["variables.file", …] }`), then one file part per map key.
 *
 * Files are not buffered: the operation runs as soon as `map` is read, and each `Upload` value
 * hands its resolver the file's stream when its part arrives (the upload service streams it to
 * the provider, as REST does). Parts arrive in order and a part's bytes must be read before the
 * next one comes, so a file nobody reads is skipped (drained): one whose resolver failed, one not
 * used by the operation, or one that arrives while a later file is already awaited.
 */
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { jsonShapeError, toVellumError, ValidationError } from '../../errors/index.js';
import { limitCheckedStream } from '../../upload/limit-checked-stream.js';
import type { IncomingFile } from '../../upload/upload-service.js';
import { isRecord } from '../../util/is-record.js';
import type { GraphqlParams, Outcome } from '../execution/execute-request.js';
import { requestError } from '../format-error.js';
import { FileUpload, type FileSource } from '../upload/upload-scalar.js';

/**
 * Headers that prove a request was not sent by a cross-site form (a browser sends them only
 * after a CORS preflight): the ones Apollo Server's CSRF prevention accepts, which Apollo's
 * upload link can be told to send.
 */
export const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'] as const;

export function hasPreflightHeader(request: FastifyRequest): boolean {
  return PREFLIGHT_HEADERS.some((name) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.trim() !== '';
  });
}

export interface MultipartOperation {
  readonly params: GraphqlParams;
  /** call once execution is over: a file still unread is drained, files still missing fail */
  finish(): void;
  /** whether a file went over the upload size limit (the response is then a 413) */
  tooLarge(): boolean;
}

const bad = (message: string, status = 400): Outcome => ({ status, body: { errors: [requestError(message, 'BAD_REQUEST')] } });

/** the next part, which must be the text field `name` (the spec's order: operations, map, files) */
async function field(parts: AsyncIterator<Multipart>, name: string): Promise<string | Outcome> {
  const next = await parts.next();
  if (next.done === true) return bad(`Missing multipart field \`${name}\` (GraphQL multipart request spec: \`operations\`, \`map\`, then the files).`);
  const part = next.value;
  if (part.type === 'file') {
    part.file.resume();
    return bad(`Misordered multipart fields: \`${name}\` must come before the files.`);
  }
  if (part.fieldname !== name) return bad(`Misordered multipart fields: expected \`${name}\`, got \`${part.fieldname}\`.`);
  if (part.valueTruncated) return bad(`The multipart field \`${name}\` is too large.`, 413);
  return String(part.value);
}

function parseJson(text: string, name: string): { value: unknown } | Outcome {
  try {
    const value = JSON.parse(text) as unknown;
    const refused = jsonShapeError(value, 'body');
    return refused ? bad(refused.message) : { value };
  } catch {
    return bad(`The multipart field \`${name}\` is not valid JSON.`);
  }
}

const isOutcome = (value: unknown): value is Outcome => isRecord(value) && typeof value['status'] === 'number' && isRecord(value['body']);

/** puts `upload` where `path` (`variables.files.1`) points in `operations`; false when it points at no `null` placeholder */
function place(operations: Record<string, unknown>, path: string, upload: FileUpload): boolean {
  const keys = path.split('.');
  let node: unknown = operations;
  for (const [index, key] of keys.entries()) {
    const container = node;
    const holds = Array.isArray(container) ? /^\d+$/.test(key) && Number(key) < container.length : isRecord(container) && Object.hasOwn(container, key);
    if (!holds) return false;
    const value: unknown = (container as Record<string, unknown>)[key];
    if (index === keys.length - 1) {
      if (value !== null) return false;
      (container as Record<string, unknown>)[key] = upload;
      return true;
    }
    node = value;
  }
  return false;
}

interface Slot {
  file: IncomingFile | null;
  taken: boolean;
  skipped: boolean;
  resolve(file: IncomingFile): void;
  reject(error: unknown): void;
  readonly arrived: Promise<IncomingFile>;
}

function newSlot(): Slot {
  let resolve: (file: IncomingFile) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const arrived = new Promise<IncomingFile>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // a file nobody asks for may fail (missing, limit reached) without anyone awaiting it
  arrived.catch(() => undefined);
  return { file: null, taken: false, skipped: false, resolve, reject, arrived };
}

/** The files of one request, handed out as their parts arrive. */
class MultipartFiles implements FileSource {
  readonly slots = new Map<string, Slot>();
  private held: { slot: Slot; stream: Readable } | null = null;
  private over = false;
  private failure: unknown = null;
  private cut = false;

  take(key: string): Promise<IncomingFile> {
    const slot = this.slots.get(key);
    if (!slot) return Promise.reject(new ValidationError(`No file named "${key}" in \`map\``));
    if (slot.skipped) return Promise.reject(new ValidationError(`The file "${key}" was skipped because a later file was read first: order \`map\` as the operation uses the files`));
    if (slot.taken) return Promise.reject(new ValidationError(`The file "${key}" is used more than once in the operation`));
    slot.taken = true;
    // the part being read is not this one: its reader gave up (or never came), move past it
    if (this.held && this.held.slot !== slot) this.skipHeld();
    return slot.arrived;
  }

  private skipHeld(): void {
    const held = this.held;
    if (!held) return;
    held.slot.skipped = true;
    held.stream.on('error', () => undefined);
    held.stream.resume();
  }

  /** reads the remaining parts; runs beside the execution */
  async pump(parts: AsyncIterator<Multipart>): Promise<void> {
    try {
      for (let next = await parts.next(); next.done !== true; next = await parts.next()) {
        const part = next.value;
        if (part.type !== 'file') continue;
        const slot = this.slots.get(part.fieldname);
        if (!slot || slot.file || this.over) {
          part.file.resume();
          continue;
        }
        const stream = limitCheckedStream(part.file, () => {
          this.cut = true;
        });
        // the reader's end, not the part's: a small part is all buffered in the check stream at once
        const read = finished(stream).catch(() => undefined);
        slot.file = { filename: part.filename, mime: part.mimetype, stream };
        this.held = { slot, stream };
        // another file is already awaited: this one can only be skipped (see take)
        if (!slot.taken && [...this.slots.values()].some((other) => other.taken && other.file === null)) this.skipHeld();
        slot.resolve(slot.file);
        await read;
        this.held = null;
      }
    } catch (error) {
      this.failure = error;
    } finally {
      for (const [key, slot] of this.slots) {
        if (slot.file === null) slot.reject(this.failure ?? new ValidationError(`The file "${key}" named in \`map\` is missing from the request`));
      }
    }
  }

  finish(): void {
    this.over = true;
    this.skipHeld();
    for (const [key, slot] of this.slots) {
      if (slot.file === null) slot.reject(new ValidationError(`The file "${key}" named in \`map\` was not received before the operation ended`));
    }
  }

  tooLarge(): boolean {
    return this.cut || toVellumError(this.failure)?.status === 413;
  }
}

/** `operations` and `map` read and checked, files placed into the variables; or the 4xx to answer. */
export async function readMultipartRequest(request: FastifyRequest): Promise<MultipartOperation | Outcome> {
  const parts = request.parts()[Symbol.asyncIterator]();
  const operationsText = await field(parts, 'operations');
  if (isOutcome(operationsText)) return operationsText;
  const operations = parseJson(operationsText, 'operations');
  if (isOutcome(operations)) return operations;
  if (Array.isArray(operations.value)) return bad('Operation batching is not supported.');
  if (!isRecord(operations.value)) return bad('The multipart field `operations` must be a JSON object with a `query`.');
  const mapText = await field(parts, 'map');
  if (isOutcome(mapText)) return mapText;
  const map = parseJson(mapText, 'map');
  if (isOutcome(map)) return map;
  if (!isRecord(map.value)) return bad('The multipart field `map` must be a JSON object: `{ "<file field>": ["variables.<name>", …] }`.');

  const files = new MultipartFiles();
  for (const [key, paths] of Object.entries(map.value)) {
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === 'string')) {
      return bad(`\`map\` entry "${key}" must be a non-empty array of paths such as "variables.file".`);
    }
    const upload = new FileUpload(key, files);
    for (const path of paths as string[]) {
      if (!place(operations.value, path, upload)) return bad(`\`map\` entry "${key}" points to "${path}", which is not a null placeholder in \`operations\`.`);
    }
    files.slots.set(key, newSlot());
  }
  void files.pump(parts);
  return { params: operations.value, finish: () => files.finish(), tooLarge: () => files.tooLarge() };
}
