import { describe, expect, it } from 'vitest';
import { localFileUrl, parseFileBases, upstreamFileUrl, uploadOf } from '../index.js';

const host = 'api.example.com';
const api = new URL(`https://${host}/api`);
const own = parseFileBases('', api);
const two = parseFileBases(`https://${host}/storage, https://cdn.example.com/public/uploads/`, api);

describe('parseFileBases', () => {
  it('is the API origin + /storage by default, else the bases named, without trailing slashes', () => {
    expect(own.map(String)).toEqual([`https://${host}/storage`]);
    expect(two.map(String)).toEqual([
      `https://${host}/storage`,
      'https://cdn.example.com/public/uploads',
    ]);
  });

  it('refuses what is no http(s) base URL, naming it', () => {
    for (const bad of [
      'cdn.example.com',
      'ftp://cdn.example.com',
      'https://u:p@cdn.test/x',
      'https://cdn.test/x?a=1',
    ]) {
      expect(() => parseFileBases(bad, api), bad).toThrow(/UPSTREAM_FILE_ORIGINS/);
    }
  });
});

describe('localFileUrl', () => {
  it('maps a file below a base to its folder of /api/files, keeping the query', () => {
    expect(localFileUrl(`https://${host}/storage/1/a.png?v=1`, own)).toBe(
      '/api/files/storage/1/a.png?v=1',
    );
    expect(localFileUrl('https://cdn.example.com/public/uploads/7/b.jpg', two)).toBe(
      '/api/files/storage2/7/b.jpg',
    );
  });

  it('refuses URLs that are not http(s) files below a base', () => {
    for (const url of [
      `/storage/1/a.png`,
      `ftp://${host}/storage/1/a.png`,
      `httpx://${host}/storage/1/a.png`,
      `http://[${host}/storage/1/a.png`,
      `https://${host}:8443/storage/1/a.png`,
      `https://${host}/logo.png`,
      `https://${host}/storage/`,
      `https://${host}/storagex/1/a.png`,
      'https://cdn.example.com/public/other/7/b.jpg',
    ]) {
      expect(localFileUrl(url, two), url).toBeNull();
    }
  });
});

describe('upstreamFileUrl', () => {
  it('is the inverse of localFileUrl, and null for a folder past the last base', () => {
    for (const url of [
      `https://${host}/storage/1/a.png?v=1`,
      'https://cdn.example.com/public/uploads/7/b.jpg',
    ]) {
      expect(upstreamFileUrl(localFileUrl(url, two) ?? '', two)?.href).toBe(url);
    }
    expect(upstreamFileUrl('/api/files/storage3/1/a.png', two)).toBeNull();
    expect(upstreamFileUrl('/api/files/storage/../x', two)).toBeNull();
  });
});

describe('uploadOf', () => {
  it('names the upload of a file on any base, by its folder and id', () => {
    expect(uploadOf('/api/files/storage2/7/b.jpg', 'http://relative.invalid')).toEqual({
      id: '7',
      path: '/storage2/7/b.jpg',
    });
    expect(uploadOf('/api/files/storage0/7/b.jpg', 'http://relative.invalid')).toBeNull();
  });
});
