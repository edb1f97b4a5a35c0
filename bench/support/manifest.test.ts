import { describe, expect, it } from 'vitest';
import { allFiles, entryKey, loadedFiles, MissingChunkError, type Manifest } from './manifest.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/login.tsx', 'src/users.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'], css: ['assets/form.css'] },
  'src/login.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_form.js'] },
  'src/users.tsx': {
    file: 'assets/users.js',
    isDynamicEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/database.ts'],
  },
  'src/database.ts': { file: 'assets/database.js', isDynamicEntry: true },
};

describe('loadedFiles', () => {
  it('follows static imports and their CSS, once each, and leaves dynamic imports out', () => {
    expect(loadedFiles(manifest, ['index.html', 'src/login.tsx']).sort()).toEqual([
      'assets/form.css',
      'assets/form.js',
      'assets/index.css',
      'assets/index.js',
      'assets/login.js',
      'assets/react.js',
    ]);
    expect(loadedFiles(manifest, ['index.html', 'src/users.tsx'])).not.toContain(
      'assets/database.js',
    );
  });

  it('names a chunk the manifest does not have', () => {
    expect(() => loadedFiles(manifest, ['src/gone.tsx'])).toThrow(MissingChunkError);
  });
});

describe('the manifest', () => {
  it('has its HTML entry and every JS and CSS file', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(allFiles(manifest)).toHaveLength(8);
  });
});
