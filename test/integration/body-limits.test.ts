/** Configured body limits: JSON bodies (`server.bodyLimit`) and uploads (`plugins.upload.config.sizeLimit`). */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';

describeEachDialect('body limits', (dialect) => {
  const t = useTestApp({
    dialect,
    files: {
      'config/server.js': 'module.exports = ({ env }) => ({ host: env("HOST", "127.0.0.1"), port: env.int("PORT", 1337), bodyLimit: 2048 });',
      'config/plugins.js': 'module.exports = { upload: { config: { sizeLimit: 1000 } } };',
    },
  });
  const api = client(() => t.url);

  it('answers 413 in the error shape for a JSON body over server.bodyLimit', async () => {
    const res = await api.post('/api/tags', { data: { name: 'x'.repeat(3000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'Entity too large', details: {} } });
  });

  it('answers 413 for an upload over the configured size limit and stores nothing', async () => {
    const res = await uploadFile(t.url, 'big.png', pngBytes(200, 200));
    expect(res.status).toBe(413);
    expect(res.body.error.name).toBe('PayloadTooLargeError');
    expect((await api.get('/api/upload/files')).body).toEqual([]);
    const small = await uploadFile(t.url, 'small.png', pngBytes(2, 2));
    expect(small.status).toBe(201);
  });
});
