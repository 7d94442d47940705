/**
 * The encryption of `strapi export` archives (`.tar.gz.enc`), every variant Strapi has written:
 *
 *  - legacy (Strapi 4 and 5 up to at least 5.54): aes-128-ecb, key = scrypt(key, '', 16), no header;
 *  - the same with the salt `strapi-data-transfer` (a short-lived Strapi build);
 *  - format v2: a header `STRAPI2\0`, version byte 2, salt length byte 16, 16 bytes of salt,
 *    then aes-128-ecb with key = scrypt(key, salt, 16).
 *
 * ECB has no chaining, so a candidate key is tried on the first 512 bytes alone: the right one
 * shows a gzip header or a tar header (`ustar` at 257). A key that opens none is refused before
 * anything is read further. Vellum writes the legacy variant: every Strapi 5 release reads it.
 */
import { createCipheriv, createDecipheriv, scryptSync, type Cipher, type Decipher } from 'node:crypto';

const ALGORITHM = 'aes-128-ecb';
const V2_MAGIC = Buffer.from('STRAPI2\0', 'latin1');
const V2_HEADER_LENGTH = V2_MAGIC.length + 2 + 16;
const LEGACY_SALTS = ['', 'strapi-data-transfer'] as const;

/** Enough of the start of a file to tell its kind and try keys (header + one tar block). */
export const PROBE_BYTES = V2_HEADER_LENGTH + 512;

export function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function isTar(bytes: Buffer): boolean {
  return bytes.length >= 262 && bytes.subarray(257, 262).toString('latin1') === 'ustar';
}

/** What opens an encrypted file: where the cipher text starts and the derived key. */
export interface Decryption {
  readonly offset: number;
  readonly key: Buffer;
  readonly variant: 'legacy' | 'salted' | 'v2';
}

function opensTo(key: Buffer, cipherText: Buffer): boolean {
  const blocks = cipherText.subarray(0, cipherText.length - (cipherText.length % 16));
  if (blocks.length < 16) return false;
  const probe = createDecipheriv(ALGORITHM, key, null).setAutoPadding(false);
  const plain = Buffer.concat([probe.update(blocks), probe.final()]);
  return isGzip(plain) || isTar(plain);
}

/** The decryption `passphrase` opens `start` (the file's first PROBE_BYTES) with; undefined: none. */
export function findDecryption(start: Buffer, passphrase: string): Decryption | undefined {
  const header = start.subarray(0, V2_HEADER_LENGTH);
  if (header.length === V2_HEADER_LENGTH && header.subarray(0, V2_MAGIC.length).equals(V2_MAGIC) && header[V2_MAGIC.length] === 2 && header[V2_MAGIC.length + 1] === 16) {
    const key = scryptSync(passphrase, header.subarray(V2_MAGIC.length + 2), 16);
    if (opensTo(key, start.subarray(V2_HEADER_LENGTH))) return { offset: V2_HEADER_LENGTH, key, variant: 'v2' };
  }
  for (const salt of LEGACY_SALTS) {
    const key = scryptSync(passphrase, salt, 16);
    if (opensTo(key, start)) return { offset: 0, key, variant: salt === '' ? 'legacy' : 'salted' };
  }
  return undefined;
}

export function decipher(decryption: Decryption): Decipher {
  return createDecipheriv(ALGORITHM, decryption.key, null);
}

/** The cipher `strapi export --key` of Strapi 5 writes (legacy variant), for `vellum export --key`. */
export function legacyCipher(passphrase: string): Cipher {
  return createCipheriv(ALGORITHM, scryptSync(passphrase, '', 16), null);
}
