/**
 * A pass-through that counts the bytes of an upload as they stream to the provider (or to the
 * temporary file of an image), so no upload is ever held whole in memory to learn its size.
 */
import { Transform, type TransformCallback } from 'node:stream';

export class StreamMeter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
