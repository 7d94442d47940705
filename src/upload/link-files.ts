/**
 * `ref`, `refId` and `field` of `POST /api/upload`: the uploaded files are added to a media
 * attribute of an entry, as Strapi's upload plugin links them. `ref` is a content type uid,
 * `field` one of its media attributes, `refId` the entry: its id (Strapi's value) or its
 * documentId. Everything is checked before a file entry is written; the link itself is an update
 * of the entry through its repository (allowedTypes and the rest of validation apply), which
 * touches the draft and, when the document is published, the published version too.
 */
import { NotFoundError, ValidationError } from '../errors/index.js';
import { documentIdOfRow, documentRows } from '../engine/document-rows.js';
import type { EngineContext } from '../engine/types.js';
import type { DocumentRepository } from '../documents/types.js';
import type { MediaAttribute } from '../model/types.js';

export interface LinkFields {
  readonly ref?: string;
  readonly refId?: string;
  readonly field?: string;
}

export interface LinkTarget {
  readonly uid: string;
  readonly documentId: string;
  readonly attribute: MediaAttribute;
}

const invalid = (key: string, message: string): ValidationError =>
  new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });

/** null when none of the three is given; a 400 naming the key when one is missing or wrong */
export async function resolveLinkTarget(ctx: EngineContext, fields: LinkFields, fileCount: number): Promise<LinkTarget | null> {
  const { ref, refId, field } = fields;
  if (ref === undefined && refId === undefined && field === undefined) return null;
  for (const [key, value] of [['ref', ref], ['refId', refId], ['field', field]] as const) {
    if (value === undefined || value === '') throw invalid(key, `${key} is required with ${['ref', 'refId', 'field'].filter((k) => k !== key).join(' and ')}`);
  }
  const schema = ctx.registry.contentTypes.get(ref!);
  if (!schema) throw invalid('ref', `ref must be a content type uid such as api::article.article; ${JSON.stringify(ref)} is none`);
  const attribute = schema.attributes[field!];
  if (attribute?.kind !== 'media') throw invalid('field', `field must be a media attribute of ${ref}; ${JSON.stringify(field)} is none`);
  if (!attribute.multiple && fileCount > 1) throw invalid('field', `${field} holds one file; ${fileCount} were uploaded`);
  let documentId: string | null = refId!;
  if (/^\d+$/.test(refId!)) documentId = await documentIdOfRow(ctx, schema.uid, Number(refId));
  else if ((await documentRows(ctx, schema, refId!)).all.length === 0) documentId = null;
  if (documentId === null) throw new NotFoundError(`No ${ref} entry with id ${refId}`, { errors: [{ path: ['refId'], message: 'entry not found', name: 'NotFoundError' }] });
  return { uid: schema.uid, documentId, attribute };
}

/** adds `fileIds` to the entry's media attribute (a single media attribute is replaced) */
export async function linkFiles(target: LinkTarget, repository: DocumentRepository, fileIds: readonly number[], draftAndPublish: boolean): Promise<void> {
  const name = target.attribute.name;
  let ids = [...fileIds];
  if (target.attribute.multiple) {
    const current = await repository.findOne(target.documentId, {
      fields: null,
      populate: [{ attribute: name, fields: null, sort: [], filters: null, populate: [], on: null }],
      status: draftAndPublish ? 'draft' : 'published',
    });
    const existing = Array.isArray(current?.[name]) ? (current[name] as Array<{ id: number }>).map((file) => file.id) : [];
    ids = [...existing, ...ids];
  }
  const updated = await repository.update(target.documentId, { [name]: target.attribute.multiple ? ids : ids[0] ?? null }, { status: 'keep' }, { fields: null, populate: [], status: 'draft' });
  if (!updated) throw new NotFoundError(`No ${target.uid} entry with id ${target.documentId}`);
}
