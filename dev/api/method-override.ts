const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Laravel's method spoofing: a POST whose query has `_method=PUT` (or PATCH, DELETE) is routed
 * as that method. Browsers cannot send multipart PUTs that PHP parses, hence the original
 * client's `POST …?_method=PUT`. Returns the method the request is routed as.
 */
export function effectiveMethod(
  method: string | undefined,
  url: string | undefined,
): string | undefined {
  if (method !== 'POST' || url === undefined) return method;
  const query = url.indexOf('?');
  if (query === -1) return method;
  const spoofed = new URLSearchParams(url.slice(query + 1)).get('_method')?.toUpperCase();
  return spoofed !== undefined && OVERRIDABLE.has(spoofed) ? spoofed : method;
}
