/**
 * Checks the storage layout as a whole, the way a crash or a race would break it: component
 * rows no owner links (or two owners link), link rows naming rows or documents that do not
 * exist, media links to missing files or owners, more than one draft or published row per
 * document, to-one relations with two links. Returns one line per problem (empty: intact).
 */
import type { Knex } from 'knex';
import {
  COMPONENT_LINK_COLUMNS as C,
  FILES_TABLE,
  LINK_COLUMNS as L,
  MEDIA_LINK_COLUMNS as M,
  MEDIA_LINK_TABLE,
  componentLinkTable,
  relationLinkTable,
} from '../../src/db/naming.js';
import type { Registry, Schema } from '../../src/model/types.js';

type Row = Record<string, unknown>;

const ids = async (knex: Knex, table: string): Promise<Set<number>> =>
  new Set(((await knex(table).select('id')) as Row[]).map((r) => Number(r.id)));

export async function storageProblems(knex: Knex, registry: Registry): Promise<string[]> {
  const problems: string[] = [];
  const schemas: Schema[] = [...registry.contentTypes.values(), ...registry.components.values()];
  const rowIds = new Map<string, Set<number>>();
  for (const schema of schemas) rowIds.set(schema.uid, await ids(knex, schema.collectionName));
  const documentIds = new Map<string, Set<string>>();

  for (const type of registry.contentTypes.values()) {
    const rows = (await knex(type.collectionName).select('document_id', 'published_at')) as Row[];
    documentIds.set(type.uid, new Set(rows.map((r) => String(r.document_id))));
    const perDocument = new Map<string, { draft: number; published: number }>();
    for (const row of rows) {
      const counts = perDocument.get(String(row.document_id)) ?? { draft: 0, published: 0 };
      if (row.published_at === null) counts.draft += 1;
      else counts.published += 1;
      perDocument.set(String(row.document_id), counts);
    }
    for (const [documentId, counts] of perDocument) {
      if (type.draftAndPublish && (counts.draft > 1 || counts.published > 1)) problems.push(`${type.uid} ${documentId}: ${counts.draft} drafts, ${counts.published} published rows`);
      if (!type.draftAndPublish && counts.draft + counts.published !== 1) problems.push(`${type.uid} ${documentId}: ${counts.draft + counts.published} rows`);
    }
  }

  // components: every row linked from exactly one existing owner row
  const componentOwners = new Map<string, number>();
  for (const owner of schemas) {
    const hasComponents = Object.values(owner.attributes).some((a) => a.kind === 'component' || a.kind === 'dynamiczone');
    if (!hasComponents) continue;
    const links = (await knex(componentLinkTable(owner.collectionName)).select(C.entity, C.component, C.componentType)) as Row[];
    for (const link of links) {
      const type = String(link[C.componentType]);
      const cmp = Number(link[C.component]);
      if (!rowIds.get(owner.uid)?.has(Number(link[C.entity]))) problems.push(`${componentLinkTable(owner.collectionName)}: owner row ${String(link[C.entity])} missing`);
      if (!rowIds.get(type)?.has(cmp)) problems.push(`${componentLinkTable(owner.collectionName)}: ${type} row ${cmp} missing`);
      componentOwners.set(`${type}#${cmp}`, (componentOwners.get(`${type}#${cmp}`) ?? 0) + 1);
    }
  }
  for (const component of registry.components.values()) {
    for (const id of rowIds.get(component.uid) ?? []) {
      const owners = componentOwners.get(`${component.uid}#${id}`) ?? 0;
      if (owners !== 1) problems.push(`${component.uid} row ${id}: linked from ${owners} owners`);
    }
  }

  // relations: both ends exist; a to-one owner row has at most one link
  for (const owner of schemas) {
    for (const attr of Object.values(owner.attributes)) {
      if (attr.kind !== 'relation' || attr.mappedBy !== undefined) continue;
      const table = relationLinkTable(owner.collectionName, attr.name);
      const links = (await knex(table).select(L.entity, L.target)) as Row[];
      const perOwner = new Map<number, number>();
      for (const link of links) {
        const entity = Number(link[L.entity]);
        perOwner.set(entity, (perOwner.get(entity) ?? 0) + 1);
        if (!rowIds.get(owner.uid)?.has(entity)) problems.push(`${table}: owner row ${entity} missing`);
        if (!documentIds.get(attr.target)?.has(String(link[L.target]))) problems.push(`${table}: target document ${String(link[L.target])} missing`);
      }
      if (attr.relation === 'oneToOne' || attr.relation === 'manyToOne') {
        for (const [entity, n] of perOwner) if (n > 1) problems.push(`${table}: to-one owner row ${entity} has ${n} links`);
      }
    }
  }

  // media: the file and the owner row exist
  const files = await ids(knex, FILES_TABLE);
  for (const link of (await knex(MEDIA_LINK_TABLE).select(M.file, M.related, M.relatedType, M.field)) as Row[]) {
    const type = String(link[M.relatedType]);
    if (!files.has(Number(link[M.file]))) problems.push(`${MEDIA_LINK_TABLE}: file ${String(link[M.file])} missing`);
    if (!rowIds.get(type)?.has(Number(link[M.related]))) problems.push(`${MEDIA_LINK_TABLE}: ${type} row ${String(link[M.related])} missing`);
  }
  return problems;
}
