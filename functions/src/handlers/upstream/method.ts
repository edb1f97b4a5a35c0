/**
 * The method the upstream acts on, as Laravel (Symfony's `Request::getMethod`) reads it: a POST
 * takes `X-HTTP-Method-Override`, else the body's `_method`, else the query's; anything else is
 * what it says. The proxy pins what it read in that header (`methodOverride`), so the upstream
 * acts on the method the audit and the mirror saw even when a body is too large to read whole.
 */
export function actedMethod(
  method: string,
  search: string,
  bodyMethod: unknown,
  headerMethod?: string,
): string {
  if (method !== 'POST') return method;
  const query = new URLSearchParams(search).get('_method');
  const asked = [headerMethod, bodyMethod, query].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const upper = asked?.toUpperCase();
  // Symfony refuses a method that is not a plain token; so does the proxy (as a POST).
  return upper !== undefined && /^[A-Z]+$/.test(upper) ? upper : 'POST';
}
