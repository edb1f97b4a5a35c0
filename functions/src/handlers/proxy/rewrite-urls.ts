import { type FileBases, localFileUrl } from '../../contracts/index.js';

/** The JSON fields that hold upstream file URLs. */
const URL_FIELDS = new Set(['original_url', 'url', 'image']);

/**
 * Rewrites, in place and at any depth, every `original_url`, `url` or `image` string that points
 * at a file below one of the upstream's file bases to `/api/files/…`; URLs elsewhere are left
 * alone. Returns how many changed. In place because the value is a freshly parsed reply of
 * possibly 100 000 users.
 */
export function rewriteFileUrls(value: unknown, bases: FileBases): number {
  if (Array.isArray(value)) {
    let changed = 0;
    for (const item of value) changed += rewriteFileUrls(item, bases);
    return changed;
  }
  if (value === null || typeof value !== 'object') return 0;
  const record = value as Record<string, unknown>;
  let changed = 0;
  for (const [key, field] of Object.entries(record)) {
    if (typeof field === 'string') {
      if (!URL_FIELDS.has(key)) continue;
      const local = localFileUrl(field, bases);
      if (local !== null) {
        record[key] = local;
        changed++;
      }
    } else {
      changed += rewriteFileUrls(field, bases);
    }
  }
  return changed;
}
