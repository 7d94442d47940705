/**
 * The first pass over an archive, which writes nothing: every file is read to its end (so a
 * truncated, corrupt or wrongly keyed archive stops here, naming the file and line), every line
 * is parsed and its shape checked, and what the write pass needs to know first is gathered: the
 * schemas (compared with the project's before any write), the Strapi version, the default
 * locale (Strapi keeps it in its core store, under `configuration/`), and counts for the plan.
 */
import { isRecord } from '../util/is-record.js';
import type { ArchiveSource } from './archive-entries.js';
import { asConfigurationLine, asEntityLine, asLinkLine, assetPath, jsonlPart, lineError, SAFE_ASSET_NAME } from './archive-lines.js';
import { jsonLines } from './jsonl.js';
import { asArchiveSchema, type ArchiveSchema } from './schema-compare.js';
import { TransferError } from './transfer-error.js';

export interface ArchiveFacts {
  /** `metadata.json`'s `strapi.version` (undefined when the archive has none) */
  readonly strapiVersion: string | undefined;
  readonly schemas: ReadonlyMap<string, ArchiveSchema>;
  /** entity lines per type */
  readonly entities: ReadonlyMap<string, number>;
  readonly links: number;
  readonly assets: number;
  readonly assetBytes: number;
  readonly configuration: number;
  /** the default locale Strapi's core store names (`plugin_i18n_default_locale`) */
  readonly defaultLocale: string | undefined;
}

const DEFAULT_LOCALE_KEY = 'plugin_i18n_default_locale';

/** core-store values are JSON text in Strapi's table; exports carry them parsed or as that text */
function coreStoreText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

export async function scanArchive(source: ArchiveSource, onProgress: (facts: { stage: string; count: number }) => void): Promise<ArchiveFacts> {
  const schemas = new Map<string, ArchiveSchema>();
  const entities = new Map<string, number>();
  let links = 0;
  let assets = 0;
  let assetBytes = 0;
  let configuration = 0;
  let defaultLocale: string | undefined;
  let strapiVersion: string | undefined;
  let sawMetadata = false;
  let files = 0;

  for await (const entry of source.entries()) {
    files += 1;
    const part = jsonlPart(entry.path);
    if (part !== undefined) {
      for await (const { value, line } of jsonLines(source.name, entry.path, entry.body)) {
        const place = { archive: source.name, path: entry.path, line };
        if (part === 'schemas') {
          const schema = asArchiveSchema(value);
          if (!schema) throw lineError(place, 'not a schema ({ uid, attributes })');
          schemas.set(schema.uid, schema);
        } else if (part === 'entities') {
          const entity = asEntityLine(value, place);
          entities.set(entity.type, (entities.get(entity.type) ?? 0) + 1);
          if ((entities.get(entity.type)! & 1023) === 0) onProgress({ stage: 'check entities', count: [...entities.values()].reduce((a, b) => a + b, 0) });
        } else if (part === 'links') {
          asLinkLine(value, place);
          links += 1;
        } else {
          const item = asConfigurationLine(value, place);
          configuration += 1;
          if (item.type === 'core-store' && isRecord(item.value) && item.value.key === DEFAULT_LOCALE_KEY) defaultLocale = coreStoreText(item.value.value);
        }
      }
      continue;
    }
    const asset = assetPath(entry.path);
    if (asset) {
      if (!SAFE_ASSET_NAME.test(asset.name)) throw new TransferError(`${source.name}: ${entry.path}: an asset name must be a plain file name (it would leave the upload folder).`);
      if (asset.kind === 'metadata') {
        const text = await readSmall(entry.body, source.name, entry.path);
        try {
          if (!isRecord(JSON.parse(text))) throw new Error('not an object');
        } catch (error) {
          throw new TransferError(`${source.name}: ${entry.path} line 1 is not a JSON object (${error instanceof Error ? error.message : String(error)}).`);
        }
      } else {
        for await (const chunk of entry.body) assetBytes += (chunk as Buffer).length;
        assets += 1;
      }
      continue;
    }
    if (entry.path === 'metadata.json') {
      sawMetadata = true;
      const text = await readSmall(entry.body, source.name, entry.path);
      let metadata: unknown;
      try {
        metadata = JSON.parse(text);
      } catch (error) {
        throw new TransferError(`${source.name}: metadata.json is not JSON (${error instanceof Error ? error.message : String(error)}).`);
      }
      const strapi = isRecord(metadata) && isRecord(metadata.strapi) ? metadata.strapi : undefined;
      strapiVersion = typeof strapi?.version === 'string' ? strapi.version : undefined;
      continue;
    }
    entry.body.resume();
  }
  if (files === 0) throw new TransferError(`${source.name}: the archive holds no files.`);
  if (!sawMetadata && schemas.size === 0) throw new TransferError(`${source.name}: no metadata.json and no schemas: is it a \`strapi export\` archive?`);
  const major = strapiVersion === undefined ? undefined : Number.parseInt(strapiVersion, 10);
  if (major !== undefined && major < 5) {
    throw new TransferError(`${source.name}: a Strapi ${strapiVersion} export. Strapi 4 has no document ids: upgrade the project to Strapi 5 (npx @strapi/upgrade major) and export again.`);
  }
  return { strapiVersion, schemas, entities, links, assets, assetBytes, configuration, defaultLocale };
}

/** metadata files are small; a huge one is no Strapi metadata */
async function readSmall(body: AsyncIterable<unknown>, archive: string, path: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new TransferError(`${archive}: ${path} is larger than 1 MB: not Strapi metadata.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
