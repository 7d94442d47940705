/**
 * A real S3-compatible server for tests: s3rver (files in a temp folder) behind a plain HTTP
 * server on a free loopback port, which records every request line so a test can see how an
 * upload reached the store (one PUT, or a multipart upload and its parts). Objects are read back
 * with the AWS SDK itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `METHOD /path?query` of every request the store received, oldest first (` acl=<x-amz-acl>` when sent) */
  readonly requests: string[];
  readonly client: S3Client;
  /** every key in the bucket (under `prefix`) */
  keys(prefix?: string): Promise<string[]>;
  read(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }>;
  exists(key: string): Promise<boolean>;
  /** removes every object, so a test starts from an empty bucket */
  empty(): Promise<void>;
  close(): Promise<void>;
}

// s3rver verifies request signatures against its account registry; a key pair of our own (not
// its well-known S3RVER/S3RVER) lets a test prove the configured secret never reaches a log line.
const require = createRequire(import.meta.url);
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };

export interface S3ServerOptions {
  /**
   * a private bucket: reading an object without credentials (no Authorization header, no
   * pre-signed query) is refused with 403, as S3 refuses it for an object whose ACL is private
   * (s3rver itself serves every object to anyone)
   */
  readonly privateReads?: boolean;
}

const anonymousRead = (method: string | undefined, url: string): boolean =>
  (method === 'GET' || method === 'HEAD') && !/[?&]X-Amz-Algorithm=/.test(url);

export async function startS3Server(bucket = 'vellum-test', options: S3ServerOptions = {}): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'vellum-s3-'));
  const accessKeyId = 'VELLUMTESTKEY';
  const secretAccessKey = `vellum-test-secret-${process.pid}-never-logged`;
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const acl = req.headers['x-amz-acl'];
    requests.push(`${req.method} ${req.url}${acl === undefined ? '' : ` acl=${String(acl)}`}`);
    if (options.privateReads === true && req.headers.authorization === undefined && anonymousRead(req.method, req.url ?? '')) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });

  async function keys(prefix?: string): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}) }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  }

  return {
    endpoint, bucket, accessKeyId, secretAccessKey, requests, client, keys,
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) throw new Error(`no body for ${key}`);
      return { bytes: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType };
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async empty() {
      for (const key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** `s3Options` of an aws-s3 upload provider in a project's `config/plugins.js`, read from `s3Env`'s variables */
export const S3_OPTIONS_FROM_ENV = `{
          credentials: { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_SECRET_ACCESS_KEY') },
          region: 'us-east-1',
          endpoint: env('S3_ENDPOINT'),
          forcePathStyle: true,
          params: { Bucket: env('S3_BUCKET') },
        }`;

/**
 * The `upload` entry of a project's `config/plugins.js` (`({ env }) => ({ … })`) for the aws-s3
 * provider under `media/`, its connection read from the variables `s3Env` gives the server.
 */
export const S3_UPLOAD_PLUGIN_FROM_ENV = `upload: {
    config: {
      provider: 'aws-s3',
      providerOptions: {
        rootPath: 'media',
        s3Options: ${S3_OPTIONS_FROM_ENV},
      },
    },
  },`;

/** the variables S3_UPLOAD_PLUGIN_FROM_ENV reads, for `s3` */
export function s3Env(s3: TestS3): Record<string, string> {
  return { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
}
