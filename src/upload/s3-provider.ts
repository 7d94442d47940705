/**
 * The `aws-s3` provider: file bytes stream to an S3 bucket, on AWS or on an S3-compatible store
 * (`endpoint`, `forcePathStyle`), configured with the keys of Strapi's
 * `@strapi/provider-upload-aws-s3` and building keys and URLs as it does:
 * - key: `<rootPath>/<hash><ext>` (no prefix without `rootPath`);
 * - url: `<baseUrl>/<key>` when `baseUrl` is set, else the URL the store answers for the object,
 *   else `<endpoint>/<Bucket>/<key>`, else the bucket's AWS URL;
 * - `params.ACL` defaults to `public-read`; `ACL: null` sends none (buckets with ACLs disabled);
 *   `ACL: 'private'` makes the provider private: answers carry pre-signed URLs (`signedUrl`,
 *   valid `params.signedUrlExpires` seconds, 15 minutes by default), as Strapi's `getSignedUrl`.
 * Uploads go through lib-storage's `Upload`: a stream of unknown length is sent in parts (a
 * multipart upload past one part), so at most `partSize × queueSize` bytes are held at a time; a
 * failed upload aborts its multipart upload, leaving nothing in the bucket.
 */
import type { ObjectCannedACL, PutObjectCommandInput, S3Client } from '@aws-sdk/client-s3';
import type { CheckedConfig } from '../config/schema/project-schema.js';
import { StartupError } from '../errors/index.js';
import type { StoredFile, UploadProvider } from './provider.js';
import { loadPackage } from '../util/load-package.js';

type CheckedUpload = CheckedConfig['plugins']['upload']['config'];
export type S3ProviderOptions = CheckedUpload['providerOptions'];
export type ProviderActionOptions = CheckedUpload['actionOptions'];

interface S3ProviderContext {
  /** the name stored in each file's `provider` (as configured: `aws-s3` or the package name) */
  readonly name: string;
  readonly actionOptions: ProviderActionOptions;
  readonly warn: (message: string) => void;
}

const WHERE = 'config/plugins: upload.config.providerOptions';
/** Strapi 4's layout put S3 client options beside baseUrl; Strapi 5 wants them in `s3Options` */
const MISPLACED_KEYS = ['accessKeyId', 'secretAccessKey', 'region', 'endpoint', 'params', 'forcePathStyle', 'credentials'];
/** what an action's extra parameters may not replace: the object is always this provider's */
const FIXED_PARAMS = new Set(['Bucket', 'Key', 'Body']);

const withoutFixed = (params: object | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params ?? {}).filter(([key]) => !FIXED_PARAMS.has(key)));

/** Strapi's default lifetime of a signed URL: 15 minutes */
const DEFAULT_SIGNED_URL_EXPIRES = 15 * 60;

const trimSlashes = (text: string): string => text.replace(/^\/+|\/+$/g, '');

export async function s3Provider(options: S3ProviderOptions, context: S3ProviderContext): Promise<UploadProvider & { readonly client: S3Client }> {
  const misplaced = MISPLACED_KEYS.filter((key) => key in options);
  if (misplaced.length > 0) {
    throw new StartupError(`${WHERE}: ${misplaced.join(', ')} belong inside providerOptions.s3Options (Strapi 5's layout)`);
  }
  const { baseUrl, rootPath, s3Options = {}, providerConfig } = options;
  const { credentials, accessKeyId, secretAccessKey, params, ...clientOptions } = s3Options;
  const bucket = params?.Bucket;
  if (bucket === undefined) throw new StartupError(`${WHERE}.s3Options.params.Bucket must name the bucket (the aws-s3 provider needs one)`);
  // as Strapi: no ACL key means public-read; a key set to null (or undefined) sends none
  const acl: ObjectCannedACL | null = params !== undefined && 'ACL' in params ? (params.ACL ?? null) : 'public-read';
  if (accessKeyId !== undefined || secretAccessKey !== undefined) {
    context.warn(`${WHERE}.s3Options.accessKeyId and secretAccessKey are deprecated: put them in s3Options.credentials`);
  }
  const keyId = credentials?.accessKeyId ?? accessKeyId;
  const secret = credentials?.secretAccessKey ?? secretAccessKey;
  if ((keyId === undefined) !== (secret === undefined)) {
    throw new StartupError(`${WHERE}.s3Options.credentials needs both accessKeyId and secretAccessKey (or neither, for the AWS SDK's default chain)`);
  }

  // loaded when a project uses S3: the SDK takes about half a second to load, which a local
  // project should not pay at every start
  const [{ DeleteObjectCommand, GetObjectCommand, S3Client: Client }, { Upload }, presigner] = await Promise.all([
    loadPackage(() => import('@aws-sdk/client-s3')),
    loadPackage(() => import('@aws-sdk/lib-storage')),
    acl === 'private' ? loadPackage(() => import('@aws-sdk/s3-request-presigner')) : undefined,
  ]);
  const client = new Client({
    ...clientOptions,
    ...(keyId !== undefined && secret !== undefined
      ? { credentials: { accessKeyId: keyId, secretAccessKey: secret, ...(credentials?.sessionToken ? { sessionToken: credentials.sessionToken } : {}) } }
      : {}),
  });
  const prefix = rootPath && trimSlashes(rootPath) !== '' ? `${trimSlashes(rootPath)}/` : '';
  const objectKey = (file: { hash: string; ext: string }): string => `${prefix}${file.hash}${file.ext}`;
  // Vellum always streams, so Strapi's `uploadStream` options apply (its `upload` ones when unset)
  const putParams = withoutFixed(context.actionOptions.uploadStream ?? context.actionOptions.upload);
  const deleteParams = withoutFixed(context.actionOptions.delete);

  function fileUrl(key: string, location: string | undefined): string {
    if (baseUrl) return `${baseUrl.replace(/\/+$/, '')}/${key}`;
    if (location && /^https?:\/\//.test(location)) return location;
    if (clientOptions.endpoint) return `${clientOptions.endpoint.replace(/\/+$/, '')}/${bucket}/${key}`;
    if (location) return `https://${location}`;
    return `https://${bucket}.s3.amazonaws.com/${key}`;
  }

  /**
   * The key of the object a URL of this store names (as Strapi's isUrlFromBucket: under baseUrl,
   * or naming the bucket in its path or host), else undefined: such a URL is not signed.
   */
  function keyOfUrl(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    const plain = `${parsed.origin}${parsed.pathname}`;
    const tail = (start: string): string | undefined => (plain.startsWith(start) ? decodeURIComponent(plain.slice(start.length)) : undefined);
    if (baseUrl) return tail(`${baseUrl.replace(/\/+$/, '')}/`);
    if (parsed.hostname.startsWith(`${bucket}.`)) return tail(`${parsed.origin}/`);
    const inPath = `/${bucket}/`;
    const at = plain.indexOf(inPath);
    return at === -1 ? undefined : decodeURIComponent(plain.slice(at + inPath.length));
  }
  const signedUrlExpires = params?.signedUrlExpires ?? DEFAULT_SIGNED_URL_EXPIRES;

  return {
    name: context.name,
    client,
    isPrivate: () => acl === 'private',
    async signedUrl(file) {
      const named = keyOfUrl(file.url);
      // the file's own key when known (as Strapi), provided its URL is this store's
      const key = named !== undefined && file.hash !== undefined && file.ext !== undefined ? objectKey({ hash: file.hash, ext: file.ext }) : named;
      if (presigner === undefined || key === undefined || key === '') return file.url;
      return presigner.getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: signedUrlExpires });
    },
    async upload(file: StoredFile) {
      const key = objectKey(file);
      const input: PutObjectCommandInput = {
        Bucket: bucket,
        Key: key,
        Body: file.stream,
        ContentType: file.mime,
        ...(acl === null ? {} : { ACL: acl }),
        ...putParams,
      };
      const upload = new Upload({
        client,
        params: input,
        leavePartsOnError: false,
        ...(providerConfig?.multipart?.partSize ? { partSize: providerConfig.multipart.partSize } : {}),
        ...(providerConfig?.multipart?.queueSize ? { queueSize: providerConfig.multipart.queueSize } : {}),
      });
      // the request's own failure (size limit, client gone) is the answer, not what followed it
      let streamError: unknown;
      file.stream.once('error', (error) => { streamError = error; });
      try {
        const result = await upload.done();
        return { url: fileUrl(key, 'Location' in result ? result.Location : undefined) };
      } catch (error) {
        if (streamError !== undefined && streamError !== error) {
          // lib-storage reports a failed AbortMultipartUpload instead of the stream's error
          context.warn(`aws-s3: the multipart upload of ${key} could not be aborted (${(error as Error).name}); its parts stay in the bucket until a lifecycle rule removes them`);
          throw streamError;
        }
        // the store refused or was unreachable: stop reading the request's bytes too
        file.stream.destroy();
        throw error;
      }
    },
    async delete(file) {
      await client.send(new DeleteObjectCommand({ ...deleteParams, Bucket: bucket, Key: objectKey(file) }));
    },
    close() {
      client.destroy();
    },
  };
}
