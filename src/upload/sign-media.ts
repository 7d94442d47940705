/**
 * Signed file URLs for a private bucket, as Strapi's upload plugin answers them: when the
 * provider is private (`aws-s3` with `params.ACL: 'private'`), every file object answered (the
 * media routes, and media attributes anywhere in an entry: components, dynamic zones, populated
 * relations) carries a pre-signed URL for itself and for each of its formats, and
 * `isUrlSigned: true`; a file of another provider, or whose URL is not this bucket's, keeps its
 * URL with `isUrlSigned: false`. The stored URL never changes: a signature is made per answer
 * and expires (`params.signedUrlExpires`).
 */
import type { Registry, Schema } from '../model/types.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { providerKind, type UploadProvider } from './provider.js';

/** a file object (entry or stored row) with its URLs signed, or unchanged but marked unsigned */
export type FileSigner = (file: Readonly<Record<string, unknown>>) => Promise<Record<string, unknown>>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** undefined when the provider's URLs are public (nothing to sign) */
export function fileSigner(provider: UploadProvider): FileSigner | undefined {
  const sign = provider.signedUrl?.bind(provider);
  if (sign === undefined || provider.isPrivate?.() !== true) return undefined;
  const mine = providerKind(provider.name);
  /** the object with its url signed and `isUrlSigned` saying whether it was */
  const signOne = async (object: Json): Promise<Json> => {
    if (typeof object.url !== 'string') return object;
    const url = await sign({
      url: object.url,
      ...(typeof object.hash === 'string' && typeof object.ext === 'string' ? { hash: object.hash, ext: object.ext } : {}),
    });
    return { ...object, url, isUrlSigned: url !== object.url };
  };
  return async (file) => {
    // a file stored by another provider keeps its URL (a selection without `provider` is
    // judged by its URL alone: the provider signs only its own bucket's)
    if (typeof file.provider === 'string' && providerKind(file.provider) !== mine) return { ...file, isUrlSigned: false };
    const signed = await signOne(file);
    if (isObject(file.formats)) {
      const formats = await Promise.all(Object.entries(file.formats).map(async ([name, format]) => [name, isObject(format) ? await signOne(format) : format] as const));
      signed.formats = Object.fromEntries(formats);
    }
    return { ...signed, isUrlSigned: signed.isUrlSigned === true };
  };
}

/** one value of an attribute or a list of them, mapped alike */
async function each(value: unknown, map: (item: Json) => Promise<unknown>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => (isObject(item) ? map(item) : item)));
  return isObject(value) ? map(value) : value;
}

/**
 * The entry (of `schema`) with every file it holds signed: media attributes, and inside
 * components, dynamic-zone items and populated relations. What was not populated is left as is.
 */
export async function signEntryMedia(registry: Registry, schema: Schema, entry: Json, sign: FileSigner): Promise<Json> {
  if (schema.uid === UPLOAD_FILE_UID) return sign(entry);
  const out: Json = { ...entry };
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    const value = entry[name];
    if (value === undefined || value === null) continue;
    switch (attribute.kind) {
      case 'media':
        out[name] = await each(value, sign);
        break;
      case 'component':
        out[name] = await each(value, (item) => signEntryMedia(registry, registry.component(attribute.component), item, sign));
        break;
      case 'dynamiczone':
        out[name] = await each(value, (item) =>
          typeof item.__component === 'string' && registry.components.has(item.__component)
            ? signEntryMedia(registry, registry.component(item.__component), item, sign)
            : Promise.resolve(item));
        break;
      case 'relation':
        if (registry.contentTypes.has(attribute.target)) {
          out[name] = await each(value, (item) => signEntryMedia(registry, registry.contentType(attribute.target), item, sign));
        }
        break;
      case 'scalar':
        break;
    }
  }
  return out;
}

/** an operation's result (`OperationResults`) with the files of its entries signed */
export async function signOperationResult(registry: Registry, schema: Schema, result: unknown, sign: FileSigner): Promise<unknown> {
  if (!isObject(result)) return result;
  // a page (`findMany`): its entries; an entry always has an id, a page never
  if (Array.isArray(result.entries) && !('id' in result)) {
    return { ...result, entries: await Promise.all(result.entries.map((entry) => (isObject(entry) ? signEntryMedia(registry, schema, entry, sign) : entry))) };
  }
  if ('value' in result && Object.keys(result).length === 1) {
    return { value: isObject(result.value) ? await signEntryMedia(registry, schema, result.value, sign) : result.value };
  }
  return signEntryMedia(registry, schema, result, sign);
}
