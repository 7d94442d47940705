import { makePng } from '../../examples/blog/src/png.js';

export function pngBytes(width: number, height: number): Buffer {
  return makePng(width, height, [200, 40, 90]);
}

/** POST /api/upload as a browser form would (multipart `files` + `fileInfo`). */
export async function uploadFile(baseUrl: string, name: string, bytes: Buffer, info?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('files', new Blob([bytes], { type: 'image/png' }), name);
  if (info) form.append('fileInfo', JSON.stringify(info));
  const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body: form, headers });
  return { status: response.status, body: (await response.json()) as any };
}
