import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Access } from './context.js';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Laravel's method spoofing: a POST whose `X-HTTP-Method-Override` header (Symfony reads it
 * first) or query `_method` says PUT (or PATCH, DELETE) is routed as that method. Browsers
 * cannot send multipart PUTs that PHP parses, hence the original client's
 * `POST …?_method=PUT`. Returns the method the request is routed as.
 */
export function effectiveMethod(
  method: string | undefined,
  url: string | undefined,
  header?: string | string[],
): string | undefined {
  if (method !== 'POST' || url === undefined) return method;
  return overridden(headerMethod(header) ?? queryMethod(url)) ?? method;
}

/**
 * The method of a POST as Laravel reads it: `X-HTTP-Method-Override`, else the body's
 * `_method` when it has one, else the query's (Symfony's `Request::getMethod`).
 */
export function laravelMethod(
  bodyMethod: unknown,
  url: string,
  header?: string | string[],
): string {
  const fromBody = typeof bodyMethod === 'string' && bodyMethod !== '' ? bodyMethod : undefined;
  return overridden(headerMethod(header) ?? fromBody ?? queryMethod(url)) ?? 'POST';
}

function headerMethod(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value === '' ? undefined : value;
}

function queryMethod(url: string): string | undefined {
  const query = url.indexOf('?');
  return query === -1
    ? undefined
    : (new URLSearchParams(url.slice(query + 1)).get('_method') ?? undefined);
}

function overridden(method: string | undefined): string | undefined {
  const upper = method?.toUpperCase();
  return upper !== undefined && OVERRIDABLE.has(upper) ? upper : undefined;
}

interface Target {
  handler: RouteHandlerMethod;
  access: Access | undefined;
}

/**
 * Routes every POST of `app` by `laravelMethod`, among the POST, PUT, PATCH and DELETE routes
 * of its path: a path without a POST route gets one that only dispatches. `bodyMethod` reads
 * the body's `_method` (the body is read once; the handler gets the same fields). Call before
 * the routes are added, and call the function it returns after them.
 */
export function routeByBodyMethod(
  app: FastifyInstance,
  bodyMethod: (request: FastifyRequest) => Promise<unknown>,
): () => void {
  const paths = new Map<string, Map<string, Target>>();
  let dispatching = false;

  const dispatcher = (routePath: string): RouteHandlerMethod =>
    async function dispatch(request, reply) {
      const method = laravelMethod(
        await bodyMethod(request),
        request.url,
        request.headers['x-http-method-override'],
      );
      const target = paths.get(routePath)?.get(method);
      if (target === undefined) return reply.callNotFound();
      return target.handler.call(this, request, reply);
    };

  app.addHook('onRoute', (route) => {
    if (dispatching) return;
    const methods = [route.method].flat();
    for (const method of methods) {
      if (method !== 'POST' && !OVERRIDABLE.has(method)) continue;
      const targets = paths.get(route.routePath) ?? new Map<string, Target>();
      targets.set(method, { handler: route.handler, access: route.config?.access });
      paths.set(route.routePath, targets);
    }
    if (methods.includes('POST')) route.handler = dispatcher(route.routePath);
  });

  return () => {
    dispatching = true;
    for (const [routePath, targets] of paths) {
      const access = new Set([...targets.values()].map((target) => target.access));
      // The auth hook runs before the body is read, so a path's routes must agree on it.
      if (access.size !== 1) throw new Error(`${routePath}: its routes differ in who may call`);
      if (targets.has('POST')) continue;
      app.post(routePath, { config: { access: [...access][0] } }, dispatcher(routePath));
    }
    dispatching = false;
  };
}
