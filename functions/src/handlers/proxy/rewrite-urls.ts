import { FILES_PATH_PREFIX } from '../../contracts/index.js';
import { isUploadPath } from './request-target.js';

/** The JSON fields that hold upstream file URLs. */
const URL_FIELDS = new Set(['original_url', 'url', 'image']);

/**
 * Rewrites, in place and at any depth, every `original_url`, `url` or `image` string that points
 * at the upstream's `host` to `/api/files/<path>`; URLs elsewhere are left alone. Returns how
 * many changed. In place because the value is a freshly parsed reply of possibly 100 000 users.
 */
export function rewriteFileUrls(value: unknown, host: string): number {
  if (Array.isArray(value)) {
    let changed = 0;
    for (const item of value) changed += rewriteFileUrls(item, host);
    return changed;
  }
  if (value === null || typeof value !== 'object') return 0;
  const record = value as Record<string, unknown>;
  let changed = 0;
  for (const [key, field] of Object.entries(record)) {
    if (typeof field === 'string') {
      if (!URL_FIELDS.has(key)) continue;
      const local = localFileUrl(field, host);
      if (local !== null) {
        record[key] = local;
        changed++;
      }
    } else {
      changed += rewriteFileUrls(field, host);
    }
  }
  return changed;
}

/**
 * `/api/files/<path>?<query>` for an http(s) URL of an upload on `host` (host name and port, a
 * scheme's default port left out), else null. Either scheme: an upstream that names itself
 * `http://` behind its own TLS proxy still has its files served, over https, from our origin.
 * Only URLs inside the upload folders: `/api/files` serves nothing else.
 */
export function localFileUrl(url: string, host: string): string | null {
  if (!url.startsWith('http')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) return null;
  if (parsed.host !== host || !isUploadPath(parsed.pathname.slice(1).split('/'))) return null;
  return `${FILES_PATH_PREFIX}${parsed.pathname.slice(1)}${parsed.search}`;
}
