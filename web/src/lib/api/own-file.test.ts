import { describe, expect, it } from 'vitest';
import { elsewhereFile, ownFile } from './own-file';

describe('which files the page loads', () => {
  it("loads the product's own files and previews of picked files", () => {
    for (const url of [
      '/api/files/storage/1/a.png',
      '/api/files/storage2/1/a.png',
      'data:image/png;base64,AA',
      'blob:http://127.0.0.1/x',
    ]) {
      expect(ownFile(url), url).toBe(url);
      expect(elsewhereFile(url), url).toBeNull();
    }
  });

  it('offers a file on another host as a link, and anything else not at all', () => {
    expect(ownFile('https://cdn.example.com/a.png')).toBeNull();
    expect(elsewhereFile('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    for (const url of ['javascript:alert(1)', '/storage/1/a.png', '', null, undefined]) {
      expect(ownFile(url)).toBeNull();
      expect(elsewhereFile(url)).toBeNull();
    }
  });
});
