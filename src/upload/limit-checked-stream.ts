/**
 * The bytes of a multipart file part, failing at their end when the multipart parser cut them
 * at the size limit (it stops passing bytes on at the limit and ends the part, marking it
 * `truncated`), so the provider removes the partial file itself and the request answers 413.
 * Shared by the REST upload route and GraphQL multipart uploads.
 */
import { Readable } from 'node:stream';
import { PayloadTooLargeError } from '../errors/index.js';

/** a multipart parser's file stream (busboy's), which says whether the size limit cut it */
export type PartStream = Readable & { readonly truncated?: boolean };

/**
 * `mapError` turns what the part's own stream fails with (a body that ends inside the part) into
 * the error the request answers with.
 */
export function limitCheckedStream(part: PartStream, onTooLarge: () => void = () => undefined, mapError: (error: unknown) => unknown = (error) => error): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of part) yield chunk as Buffer;
    } catch (error) {
      throw mapError(error);
    }
    if (!part.truncated) return;
    onTooLarge();
    throw new PayloadTooLargeError('File too large');
  }
  return Readable.from(bytes(), { objectMode: false });
}
