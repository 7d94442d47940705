/**
 * The `Upload` scalar of the GraphQL multipart request spec (v4's upload mutations take it).
 * Its only values are the `FileUpload`s the HTTP layer puts into `variables` where the request's
 * `map` points; a file cannot be written in the query text nor sent as JSON.
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { IncomingFile } from '../../upload/upload-service.js';

/** How a resolver gets the bytes of one uploaded file (see http/multipart-request.ts). */
export interface FileSource {
  take(key: string): Promise<IncomingFile>;
}

/** The value of an `Upload` variable: one file part of a multipart request, named by its `map` key. */
export class FileUpload {
  constructor(readonly key: string, private readonly source: FileSource) {}

  /** the file once its part arrives; its stream must be read to the end (or the request stalls) */
  file(): Promise<IncomingFile> {
    return this.source.take(this.key);
  }
}

const HOW = 'send files as a multipart/form-data request (GraphQL multipart request spec: `operations`, `map`, then the files)';

export const UploadScalar = new GraphQLScalarType<FileUpload, never>({
  name: 'Upload',
  description: 'A file sent in a multipart/form-data request (GraphQL multipart request spec).',
  parseValue(value) {
    if (value instanceof FileUpload) return value;
    throw new GraphQLError(`Upload value invalid: ${HOW}.`);
  },
  parseLiteral() {
    throw new GraphQLError(`Upload literal unsupported: ${HOW}, with the file in a variable.`);
  },
  serialize() {
    throw new GraphQLError('Upload serialization unsupported.');
  },
});
