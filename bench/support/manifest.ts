import { z } from 'zod';

/** Vite's build manifest (`build.manifest: true`): one entry per chunk, keyed by its source. */
export const manifestSchema = z.record(
  z.string(),
  z.looseObject({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof manifestSchema>;

export class MissingChunkError extends Error {
  constructor(readonly key: string) {
    super(`the Vite manifest has no chunk for ${key}`);
  }
}

/**
 * The files (JS and CSS, output paths) a browser loads for `keys`: each chunk, its CSS and,
 * transitively, its static imports. Dynamic imports are left out: they load later, on demand.
 */
export function loadedFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new MissingChunkError(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** The HTML entry (`index.html`) of an app build. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const html = entries.find(([key]) => key.endsWith('.html'));
  const key = (html ?? entries[0])?.[0];
  if (key === undefined) throw new Error('the Vite manifest has no entry');
  return key;
}

/** Every JS and CSS file of the build the manifest knows of. */
export function allFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (/\.(m?js|css)$/.test(chunk.file)) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files];
}
