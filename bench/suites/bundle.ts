import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  allFiles,
  entryKey,
  loadedFiles,
  manifestSchema,
  MissingChunkError,
  type Manifest,
} from '../support/manifest.ts';
import { atMost, measured, notMeasured, type Figure, type FigureSpec } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';

const SECTION = 'Bundle';

/**
 * The lazy chunks every first load fetches, by source path as the manifest keys them: the app
 * itself (web/src/app/boot.ts, the entry, imports main.tsx at once) and what the boot preloads
 * for each first screen (web/src/app/route-table.ts `pagesToPreload`).
 */
export const FIRST_LOADS = [
  {
    id: 'login',
    label: '/auth/login first load, JS+CSS gzip',
    pages: ['src/app/main.tsx', 'src/features/auth/login-page.tsx'],
    budgetKB: 165,
  },
  {
    id: 'all-users',
    label: '/all-users first load signed in (shell + user list), JS+CSS gzip',
    pages: [
      'src/app/main.tsx',
      'src/app/layout/main-layout.tsx',
      'src/features/users/all-users-page.tsx',
    ],
    budgetKB: 220,
  },
] as const;

export const MAX_CHUNK_KB = 150;

/**
 * A string only @firebase/database holds (the localStorage key of its long-polling fallback):
 * a chunk containing it carries the Database SDK, whatever the bundler named it.
 */
export const DATABASE_SDK_MARKER = 'previous_websocket_failure';

/** gzip at zlib's default level, as a static host compresses on the fly; 1 kB = 1000 bytes. */
export function gzipKB(file: string): number {
  return gzipSync(fs.readFileSync(file)).length / 1000;
}

/** Gzip sizes of a build folder's files, computed once per file. */
export function createSizer(root: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipKB(path.join(root, file));
      sizes.set(file, size);
    }
    return size;
  };
}

/** The build's files that carry the Database SDK, found by content. */
export function databaseSdkFiles(root: string, files: readonly string[]): string[] {
  return files.filter(
    (file) =>
      file.endsWith('.js') &&
      fs.readFileSync(path.join(root, file), 'utf8').includes(DATABASE_SDK_MARKER),
  );
}

/** Fails loudly if the marker no longer identifies the SDK (a renamed key would pass silently). */
export function assertMarkerInSdk(): void {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@firebase/database');
  if (!fs.readFileSync(entry, 'utf8').includes(DATABASE_SDK_MARKER)) {
    throw new Error(`${DATABASE_SDK_MARKER} is not in ${entry}: pick another marker`);
  }
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: web/vite.config.ts needs build.manifest: true`);
  }
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The entry script a built index.html loads (`assets/index-<hash>.js`), or null. */
export function servedEntry(root: string): string | null {
  const file = path.join(root, 'index.html');
  if (!fs.existsSync(file)) return null;
  return /<script[^>]+src="\/(assets\/[^"]+\.js)"/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? null;
}

const largestSpec: FigureSpec = {
  id: 'bundle.largest-chunk',
  section: SECTION,
  label: 'largest chunk, gzip',
  unit: 'kB',
  budget: atMost(MAX_CHUNK_KB),
};
const loginSdkSpec: FigureSpec = {
  id: 'bundle.login-database-sdk',
  section: SECTION,
  label: 'Firebase Database SDK chunks in the /auth/login load',
  unit: 'count',
  budget: atMost(0),
};
const loadSpec = (load: (typeof FIRST_LOADS)[number]): FigureSpec => ({
  id: `bundle.${load.id}`,
  section: SECTION,
  label: load.label,
  unit: 'kB',
  budget: atMost(load.budgetKB),
});

/** The first-load weights read from the Vite manifest of `distDir` (web/dist). */
function measureBundle(distDir: string): Figure[] {
  const manifest = readManifest(distDir);
  assertMarkerInSdk();
  const size = createSizer(distDir);
  const entry = entryKey(manifest);
  const figures: Figure[] = [];
  const loginFiles: string[] = [];
  for (const load of FIRST_LOADS) {
    try {
      const files = loadedFiles(manifest, [entry, ...load.pages]);
      if (load.id === 'login') loginFiles.push(...files);
      const js = sum(files.filter((f) => f.endsWith('.js')).map(size));
      const css = sum(files.filter((f) => f.endsWith('.css')).map(size));
      figures.push(
        measured(loadSpec(load), [js + css], {
          note: `${files.length} files: JS ${js.toFixed(1)} kB + CSS ${css.toFixed(1)} kB (entry, its static imports, and the route's lazy chunks ${load.pages.join(', ')} with theirs)`,
        }),
      );
    } catch (error) {
      if (!(error instanceof MissingChunkError)) throw error;
      figures.push(notMeasured(loadSpec(load), `${error.message} (renamed or moved page?)`));
    }
  }

  const files = allFiles(manifest);
  const largest = files
    .map((file) => ({ file, kB: size(file) }))
    .reduce((a, b) => (b.kB > a.kB ? b : a));
  figures.push(
    measured(largestSpec, [largest.kB], {
      note: `${largest.file} (${(fs.statSync(path.join(distDir, largest.file)).size / 1000).toFixed(0)} kB raw), of ${files.length} JS/CSS files`,
    }),
  );

  const sdkFiles = databaseSdkFiles(distDir, files);
  if (sdkFiles.length === 0) {
    figures.push(
      notMeasured(
        loginSdkSpec,
        `no chunk holds the Database SDK marker "${DATABASE_SDK_MARKER}": cannot tell where it went`,
      ),
    );
  } else if (loginFiles.length === 0) {
    figures.push(notMeasured(loginSdkSpec, 'the login load could not be read from the manifest'));
  } else {
    const inLogin = sdkFiles.filter((file) => loginFiles.includes(file));
    figures.push(
      measured(loginSdkSpec, [inLogin.length], {
        note: `Database SDK in ${sdkFiles.join(', ')}${inLogin.length ? `; loaded by the login page: ${inLogin.join(', ')}` : ''}`,
      }),
    );
  }
  return figures;
}

export const bundleSuite: Suite = {
  id: 'bundle',
  figures: [...FIRST_LOADS.map(loadSpec), largestSpec, loginSdkSpec],
  stack: 'build',
  measure: async ({ distDir }) => measureBundle(distDir),
};
