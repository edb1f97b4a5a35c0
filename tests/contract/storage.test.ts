import { describe, expect, it } from 'vitest';
import { chatUploadSchema } from '../../functions/src/contracts/index.js';
import { mp4 } from './fixtures.js';
import { contractApi, download, expectOk, form } from './support.js';

const api = contractApi();

async function uploaded() {
  const reply = await api.call('POST', '/chats', {
    token: await api.adminToken(),
    form: form(
      {},
      { file: { name: 'clip.mp4', bytes: Buffer.concat([mp4(), Buffer.alloc(4000, 7)]) } },
    ),
  });
  return expectOk(reply, chatUploadSchema);
}

describe('stored files', () => {
  it('are served at absolute plain-http URLs outside /api, with type and caching headers', async () => {
    const { file } = await uploaded();
    const url = new URL(file.original_url);
    expect(url.protocol).toBe('http:');
    expect(url.pathname).toMatch(/^\/storage\/\d+\/clip\.mp4$/);
    const reply = await download(file.original_url);
    expect(reply.headers.get('content-type')).toBe('video/mp4');
    expect(reply.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(reply.headers.get('etag')).toBeTruthy();
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answer byte ranges, as video players ask', async () => {
    const { file } = await uploaded();
    const response = await fetch(file.original_url, { headers: { range: 'bytes=0-7' } });
    expect(response.status).toBe(206);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
  });

  it('answer 404 for an unknown id or a wrong name', async () => {
    const { id, file } = await uploaded();
    const url = new URL(file.original_url);
    expect((await download(`${url.origin}/storage/99999999/clip.mp4`)).status).toBe(404);
    expect((await download(file.original_url.replace('clip.mp4', 'other.mp4'))).status).toBe(404);
    expect(id).toBeGreaterThan(0);
  });

  it('never leave the files folder', async () => {
    const { file } = await uploaded();
    const origin = new URL(file.original_url).origin;
    for (const attempt of [
      '/storage/1/..%2F..%2Fapi.sqlite',
      '/storage/..%2Fapi.sqlite/x',
      '/storage/1/%2e%2e%2f%2e%2e%2fapi.sqlite',
      '/storage/../api.sqlite',
    ]) {
      const reply = await download(`${origin}${attempt}`);
      expect(reply.status, attempt).toBe(404);
      expect(reply.bytes.includes(Buffer.from('SQLite format'))).toBe(false);
    }
  });
});
