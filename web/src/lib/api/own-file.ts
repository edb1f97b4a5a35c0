import { FILES_PATH_PREFIX } from '@contracts/api';

/**
 * The address when the page may load it as an image or media: one of the product's own files
 * (`/api/files/…`, served from the upstream's file bases), or a `data:`/`blob:` preview of a file
 * the admin picked. Anything else lies on a host the Content Security Policy refuses: null, and
 * the screen offers it as a link instead of a broken picture.
 */
export function ownFile(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith(FILES_PATH_PREFIX) || /^(data|blob):/i.test(url)) return url;
  return null;
}

/** An http(s) address that is not the product's own: shown as a link, never loaded. */
export function elsewhereFile(url: string | null | undefined): string | null {
  return url && !ownFile(url) && /^https?:\/\//i.test(url) ? url : null;
}
