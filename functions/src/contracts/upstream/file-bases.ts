import { FILES_PATH_PREFIX, fileFolder, folderIndex, UPSTREAM_UPLOAD_FOLDER } from '../api.js';

/**
 * Where the upstream keeps its stored files: base URLs (origin and path), the API's origin +
 * `/storage` unless the operator names others (a storage disk or CDN, an `APP_URL` other than
 * the API's host). The product serves them from its own origin as `/api/files/<folder>/<rest>`:
 * folder `storage` is the first base, `storage2` the second, and so on; the first keeps the
 * address a Laravel public disk on the API's own host has always had.
 */
export type FileBases = readonly URL[];

/**
 * UPSTREAM_FILE_ORIGINS, read: base URLs separated by commas or spaces; none is the API's origin
 * + `/storage`. An Error names what is wrong with a value.
 */
export function parseFileBases(value: string, apiUrl: URL): FileBases {
  const listed = value.split(/[\s,]+/).filter((entry) => entry !== '');
  if (listed.length === 0) return [new URL(`${apiUrl.origin}/${UPSTREAM_UPLOAD_FOLDER}`)];
  return listed.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`UPSTREAM_FILE_ORIGINS: ${JSON.stringify(entry)} is not a URL`);
    }
    const plain = url.username === '' && url.password === '' && !url.search && !url.hash;
    if (!['http:', 'https:'].includes(url.protocol) || !plain) {
      throw new Error(
        `UPSTREAM_FILE_ORIGINS: ${JSON.stringify(entry)} must be an http(s) base URL without credentials, query or fragment`,
      );
    }
    url.pathname = url.pathname.replace(/\/+$/, '');
    return url;
  });
}

/** Path segments that name a file below a base: no empty ones, no dot segments. */
const isFilePath = (segments: readonly string[]) =>
  segments.length > 0 && segments.every((segment) => !['', '.', '..'].includes(segment));

/**
 * `/api/files/<folder>/<rest>?<query>` for an http(s) URL of a file below one of the bases,
 * else null. Either scheme: an upstream that names itself `http://` behind its own TLS proxy
 * still has its files served, over https, from our origin.
 */
export function localFileUrl(url: string, bases: FileBases): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  for (const [index, base] of bases.entries()) {
    if (parsed.host !== base.host || !parsed.pathname.startsWith(`${base.pathname}/`)) continue;
    const rest = parsed.pathname.slice(base.pathname.length + 1);
    if (!isFilePath(rest.split('/'))) return null;
    return `${FILES_PATH_PREFIX}${fileFolder(index)}/${rest}${parsed.search}`;
  }
  return null;
}

/** The upstream URL of a `/api/files/<folder>/<rest>` path (query kept), or null. */
export function upstreamFileUrl(local: string, bases: FileBases): URL | null {
  if (!local.startsWith(FILES_PATH_PREFIX)) return null;
  const queryAt = local.indexOf('?');
  const path = queryAt === -1 ? local : local.slice(0, queryAt);
  const [folder = '', ...rest] = path.slice(FILES_PATH_PREFIX.length).split('/');
  const base = bases[folderIndex(folder)];
  if (base === undefined || !isFilePath(rest)) return null;
  const url = new URL(`${base.href}/${rest.join('/')}`);
  if (queryAt !== -1) url.search = local.slice(queryAt);
  return url;
}
