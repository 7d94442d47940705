/**
 * The end-of-run integrity check, straight in SQL over the storage layout (src/db/naming.ts):
 * - a document has at most one draft and one published row (exactly one row without draft &
 *   publish; a published row never without its draft); a single type has at most one document;
 * - every `<owner>_cmps` row joins an existing owner row and an existing component row, and every
 *   component row is owned exactly once (no orphans, no sharing);
 * - every relation link joins an existing owner row and an existing target document; a to-one
 *   relation has at most one link per row;
 * - every media link joins an existing file and an existing owner row.
 * Returns one line per violation (empty: the database is whole).
 */
import type { Knex } from 'knex';
import { AUTH_CONTENT_TYPES } from '../../src/auth/content-types.js';
import { openDatabase } from '../../src/db/connection.js';
import { componentLinkTable, MEDIA_LINK_TABLE, relationLinkTable } from '../../src/db/naming.js';
import { loadRegistry } from '../../src/model/load-models.js';
import type { Registry, Schema } from '../../src/model/types.js';
import type { FuzzServer } from './server.js';

type Row = Record<string, unknown>;
const key = (v: unknown) => String(v);

async function rows(knex: Knex, table: string, columns: string[]): Promise<Row[]> {
  return (await knex(table).select(columns)) as Row[];
}

async function checkSchema(knex: Knex, registry: Registry, schema: Schema, tableIds: Map<string, Set<string>>, docIds: Map<string, Set<string>>, owned: Map<string, number>, out: string[]): Promise<void> {
  const table = schema.collectionName;
  const ids = tableIds.get(table)!;
  const hasComponents = Object.values(schema.attributes).some((a) => a.kind === 'component' || a.kind === 'dynamiczone');
  if (hasComponents) {
    for (const link of await rows(knex, componentLinkTable(table), ['entity_id', 'cmp_id', 'component_type', 'field'])) {
      if (!ids.has(key(link.entity_id))) out.push(`${componentLinkTable(table)}: component link to missing ${table} row ${key(link.entity_id)}`);
      const component = registry.components.get(String(link.component_type));
      if (!component) { out.push(`${componentLinkTable(table)}: unknown component type ${key(link.component_type)}`); continue; }
      const cmpKey = `${component.collectionName}#${key(link.cmp_id)}`;
      if (!tableIds.get(component.collectionName)!.has(key(link.cmp_id))) out.push(`${componentLinkTable(table)}: link to missing ${cmpKey}`);
      owned.set(cmpKey, (owned.get(cmpKey) ?? 0) + 1);
    }
  }
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (attribute.kind !== 'relation' || attribute.mappedBy !== undefined) continue;
    const target = registry.contentTypes.get(attribute.target);
    if (!target) continue;
    const lnk = relationLinkTable(table, name);
    const perOwner = new Map<string, number>();
    for (const link of await rows(knex, lnk, ['entity_id', 'target_document_id'])) {
      if (!ids.has(key(link.entity_id))) out.push(`${lnk}: link from missing ${table} row ${key(link.entity_id)}`);
      if (!docIds.get(target.collectionName)!.has(key(link.target_document_id))) out.push(`${lnk}: link to missing ${target.collectionName} document ${key(link.target_document_id)}`);
      perOwner.set(key(link.entity_id), (perOwner.get(key(link.entity_id)) ?? 0) + 1);
    }
    if (attribute.relation === 'oneToOne' || attribute.relation === 'manyToOne') {
      for (const [owner, n] of perOwner) if (n > 1) out.push(`${lnk}: to-one relation with ${n} links from ${table} row ${owner}`);
    }
  }
}

export async function checkInvariants(server: FuzzServer): Promise<string[]> {
  const registry = await loadRegistry(server.dir, { extraContentTypes: AUTH_CONTENT_TYPES });
  const db = await openDatabase(server.database.config);
  const out: string[] = [];
  try {
    const knex = db.knex;
    const schemas: Schema[] = [...registry.contentTypes.values(), ...registry.components.values()];
    const tableIds = new Map<string, Set<string>>();
    const docIds = new Map<string, Set<string>>();
    for (const type of registry.contentTypes.values()) {
      const all = await rows(knex, type.collectionName, ['id', 'document_id', 'published_at']);
      tableIds.set(type.collectionName, new Set(all.map((r) => key(r.id))));
      docIds.set(type.collectionName, new Set(all.map((r) => key(r.document_id))));
      const byDoc = new Map<string, { drafts: number; published: number }>();
      for (const r of all) {
        const entry = byDoc.get(key(r.document_id)) ?? { drafts: 0, published: 0 };
        if (r.published_at === null) entry.drafts++; else entry.published++;
        byDoc.set(key(r.document_id), entry);
      }
      for (const [doc, { drafts, published }] of byDoc) {
        if (type.draftAndPublish ? drafts !== 1 || published > 1 : drafts + published !== 1) {
          out.push(`${type.collectionName}: document ${doc} has ${drafts} draft and ${published} published rows`);
        }
      }
      if (type.kind === 'singleType' && byDoc.size > 1) out.push(`${type.collectionName}: single type with ${byDoc.size} documents`);
    }
    for (const component of registry.components.values()) {
      tableIds.set(component.collectionName, new Set((await rows(knex, component.collectionName, ['id'])).map((r) => key(r.id))));
    }
    const owned = new Map<string, number>();
    for (const schema of schemas) await checkSchema(knex, registry, schema, tableIds, docIds, owned, out);
    for (const component of registry.components.values()) {
      for (const id of tableIds.get(component.collectionName)!) {
        const n = owned.get(`${component.collectionName}#${id}`) ?? 0;
        if (n !== 1) out.push(`${component.collectionName} row ${id} is owned ${n} times`);
      }
    }
    const files = tableIds.get(registry.contentType('plugin::upload.file').collectionName)!;
    for (const link of await rows(knex, MEDIA_LINK_TABLE, ['file_id', 'related_id', 'related_type', 'field'])) {
      if (!files.has(key(link.file_id))) out.push(`${MEDIA_LINK_TABLE}: link to missing file ${key(link.file_id)}`);
      const owner = registry.contentTypes.get(String(link.related_type)) ?? registry.components.get(String(link.related_type));
      if (!owner) out.push(`${MEDIA_LINK_TABLE}: unknown owner type ${key(link.related_type)}`);
      else if (!tableIds.get(owner.collectionName)!.has(key(link.related_id))) out.push(`${MEDIA_LINK_TABLE}: link from missing ${owner.collectionName} row ${key(link.related_id)} (${key(link.field)})`);
    }
  } finally {
    await db.close();
  }
  return out;
}
