/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import {
  defineConfig,
  type HtmlTagDescriptor,
  type Plugin,
  type ProxyOptions,
  type Rollup,
} from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contracts = fileURLToPath(new URL('../functions/src/contracts', import.meta.url));
const unusedFirebaseSdks = fileURLToPath(
  new URL('./src/lib/firebase/unused-sdks.ts', import.meta.url),
);
const serviceWorkerEntry = fileURLToPath(
  new URL('./src/service-worker/firebase-messaging-sw.ts', import.meta.url),
);

/**
 * reactfire imports every Firebase SDK it has hooks for, and none of them declares itself free
 * of side effects, so Firestore, Functions, Remote Config and Storage (about 150 kB gzip) would
 * ride along with the first realtime screen. We use none of them: point them at stubs.
 */
const firebaseStubs = Object.fromEntries(
  ['firebase/firestore', 'firebase/functions', 'firebase/remote-config', 'firebase/storage'].map(
    (sdk) => [sdk, unusedFirebaseSdks],
  ),
);

/**
 * The FCM service worker must be a classic script at a fixed URL (`/firebase-messaging-sw.js`),
 * so it is built on its own, after the app, into the same output folder.
 */
function messagingServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fuel:messaging-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: { '@': src, '@contracts': contracts } },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          lib: {
            entry: serviceWorkerEntry,
            formats: ['iife'],
            name: 'fuelMessagingServiceWorker',
            fileName: () => 'firebase-messaging-sw.js',
          },
        },
      });
    },
  };
}

/**
 * The entry imports the app's own code (src/app/main.tsx) dynamically, so that it can start the
 * first screen's code and strings beside it; the browser would learn of that code only once the
 * entry had arrived and run. Named in the page, it is fetched with the entry instead.
 */
function preloadAppCode(): Plugin {
  let base = '/';
  return {
    name: 'fuel:preload-app-code',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        const chunks = Object.values(bundle ?? {}).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (file: string, into: Set<string>): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/main.tsx'));
        if (!entry || !app) throw new Error('the build has no entry or no src/app/main.tsx chunk');
        const loaded = withImports(entry.fileName, new Set());
        return [...withImports(app.fileName, new Set())]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

/**
 * `npm run dev` can sit in front of the local stack: WEB_DEV_PROXY_TARGET (the Hosting
 * emulator, e.g. http://127.0.0.1:5000) answers /api, the Firebase config and emulators.json.
 */
function devProxy(): Record<string, ProxyOptions> | undefined {
  const target = process.env.WEB_DEV_PROXY_TARGET;
  if (!target) return undefined;
  return Object.fromEntries(
    ['/api', '/__', '/emulators.json'].map((path) => [path, { target, changeOrigin: false }]),
  );
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppCode(), messagingServiceWorker()],
  resolve: {
    alias: { '@': src, '@contracts': contracts, ...firebaseStubs },
  },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    cssCodeSplit: true,
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      // Every lazy page is an entry, so the automatic split made a chunk for each set of pages
      // sharing a module: 77 files, many a single icon of 200 bytes, before the user list shows.
      // Each costs a request (six at a time over HTTP/1.1, as the Hosting emulator serves).
      // Common chunks under 8 kB of source are copied into the chunks that use them, except the
      // modules several chunks of the first signed-in screen load (the API client, the API
      // contracts, React's JSX runtime, Radix's context): copied, they cost 1.9 kB gzip more
      // than the three requests they save (`npm run bench -- --only bundle,cold`).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 8000,
            exclude: [
              /\/src\/lib\/api\/api-client\.ts$/,
              /\/contracts\/api\.ts$/,
              /\/react\/(cjs\/react-jsx-runtime\.production|jsx-runtime)\.js$/,
              /\/@radix-ui\/react-context\//,
            ],
          },
        },
      },
    },
  },
  server: { proxy: devProxy() },
  preview: { proxy: devProxy() },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // CI runs every project at once on two cores: generous limits, fast when the machine is.
    testTimeout: 30_000,
  },
});
