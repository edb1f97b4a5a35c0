import { FILES_PATH_PREFIX } from '../contracts/index.js';

/** The JSON fields that hold upstream file URLs (SPEC sections 3 and 7). */
const URL_FIELDS = new Set(['original_url', 'url', 'image']);

/**
 * Rewrites, in place and at any depth, every `original_url`, `url` or `image` string that points
 * at `origin` to `/api/files/<path>`; URLs elsewhere are left alone. Returns how many changed.
 * In place because the value is a freshly parsed reply of possibly 100 000 users.
 */
export function rewriteFileUrls(value: unknown, origin: string): number {
  if (Array.isArray(value)) {
    let changed = 0;
    for (const item of value) changed += rewriteFileUrls(item, origin);
    return changed;
  }
  if (value === null || typeof value !== 'object') return 0;
  const record = value as Record<string, unknown>;
  let changed = 0;
  for (const [key, field] of Object.entries(record)) {
    if (typeof field === 'string') {
      if (!URL_FIELDS.has(key)) continue;
      const local = localFileUrl(field, origin);
      if (local !== null) {
        record[key] = local;
        changed++;
      }
    } else {
      changed += rewriteFileUrls(field, origin);
    }
  }
  return changed;
}

/** `/api/files/<path>?<query>` for a URL on `origin`, else null. */
export function localFileUrl(url: string, origin: string): string | null {
  if (!url.startsWith('http')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || parsed.pathname === '/') return null;
  return `${FILES_PATH_PREFIX}${parsed.pathname.slice(1)}${parsed.search}`;
}
