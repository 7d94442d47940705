/**
 * Multipart uploads: file parts of odd names, types and contents (PNG bytes, HTML, empty,
 * binary), `fileInfo` as valid JSON, broken JSON, arrays, hostile keys; extra fields, file parts
 * under other names, many parts; with and without credentials. Also `PUT`-less updates through
 * `?id=`, the way Strapi's upload plugin accepts them.
 */
import fc from 'fast-check';
import type { FuzzCase, FuzzContext, MultipartPart } from '../case.js';
import { jsonValue, ODD_KEYS, oddString } from '../values.js';
import { authHeaders } from './auth.js';
import { pngBytes } from '../../helpers/upload.js';

const PNG_1X1 = pngBytes(1, 1);

const filename = fc.oneof(
  fc.constantFrom('photo.png', 'x.html', 'evil.js', 'a.svg', '.png', 'noext', 'a.' + 'x'.repeat(300), '../../etc/passwd', 'a/b.png', '💥.png', 'a\u0000b.png', 'CON', ' ', 'a.PNG', 'x.tar.gz'),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/[\r\n"]/.test(s)),
);
const mime = fc.constantFrom('image/png', 'text/html', 'application/javascript', 'image/svg+xml', 'application/octet-stream', 'video/mp4', 'x/y', '');
const content = fc.oneof<fc.Arbitrary<string | Uint8Array>[]>(fc.constant(PNG_1X1), fc.constant(PNG_1X1.subarray(0, 40)), fc.constant('<script>alert(1)</script>'), fc.constant(''), fc.string({ unit: 'binary', maxLength: 200 }), fc.constant('\x89PNG\r\n\x1a\n' + 'garbage'));
const fileInfo = fc.oneof(
  { weight: 3, arbitrary: fc.record({ name: oddString, alternativeText: oddString, caption: oddString, folder: fc.oneof(fc.nat(), oddString) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...ODD_KEYS), jsonValue, { maxKeys: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', 'not json', '[{"name":"a"},{"name":"b"}]', '{"name":"\\ud800"}', '{"__proto__":{"name":"x"}}') },
  { weight: 1, arbitrary: oddString },
);

export function uploadFamily(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const filePart = fc.record({ name: fc.constantFrom('files', 'files', 'files', 'file', 'files[0]', 'fileInfo', ''), value: content, file: fc.record({ filename, type: mime }) });
  const field = fc.record({ name: fc.constantFrom('fileInfo', 'fileInfo', 'ref', 'refId', 'field', 'path', '__proto__', 'data'), value: fileInfo });
  const parts = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.array(filePart, { minLength: 0, maxLength: 3 }), fc.array(field, { maxLength: 3 }), fc.boolean()).map(([files, fields, infoFirst]) => (infoFirst ? [...fields, ...files] : [...files, ...fields]) as MultipartPart[]) },
    { weight: 1, arbitrary: fc.integer({ min: 40, max: 140 }).map((n) => Array.from({ length: n }, (_, i): MultipartPart => (i % 2 === 0 ? { name: 'files', value: PNG_1X1, file: { filename: `f${i}.png`, type: 'image/png' } } : { name: `x${i}`, value: 'y' }))) },
  );
  const headers = fc.oneof({ weight: 4, arbitrary: fc.constant({ authorization: `Bearer ${ctx.token}` }) }, { weight: 1, arbitrary: authHeaders(ctx) });
  const path = fc.oneof(
    { weight: 5, arbitrary: fc.constant('/api/upload') },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.ids.files.map((id) => `/api/upload?id=${id}`), '/api/upload?id=abc', '/api/upload?id=999999', '/api/upload?id[$gt]=0') },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(path, parts, headers).map(([p, multipart, h]): FuzzCase => ({ method: 'POST', path: p, headers: h, body: { multipart } })) },
    // not multipart at all, or a multipart content type with a broken body
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('application/json', 'multipart/form-data', 'multipart/form-data; boundary=x', 'text/plain'), fc.constantFrom('', '{"files":[]}', '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc', '--x--'), headers)
      .map(([type, text, h]): FuzzCase => ({ method: 'POST', path: '/api/upload', headers: { ...h, 'content-type': type }, body: { json: text } })) },
  );
}
