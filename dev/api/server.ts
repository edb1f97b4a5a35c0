import http from 'node:http';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Logger } from '../logger.js';
import { bearerToken, tokenHash } from './auth.js';
import { type BodyReader, collectFields, createBodyReader } from './body.js';
import type { RouteContext } from './context.js';
import type { Db } from './db.js';
import { ApiError, forbidden, ok, unauthenticated } from './envelope.js';
import { createFileStore } from './files.js';
import { type Flavour, REFERENCE } from './flavour.js';
import { effectiveMethod, routeByBodyMethod } from './method-override.js';
import { registerAnnouncementRoutes } from './routes/announcements.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerChatRoutes } from './routes/chats.js';
import { registerComplaintRoutes } from './routes/complaints.js';
import { registerFuelPriceRoutes } from './routes/fuel-prices.js';
import { registerGroupRoutes } from './routes/groups.js';
import { registerOfferRoutes } from './routes/offers.js';
import { registerStorageRoutes } from './routes/storage.js';
import { registerUserRoutes } from './routes/users.js';
import { createUserViews } from './users.js';

export const DEFAULTS = {
  /** Bearer tokens live a week. */
  tokenTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** Per uploaded file; larger ones get 413. */
  maxUploadBytes: 30 * 1024 * 1024,
  /** JSON and form bodies. */
  maxBodyBytes: 1024 * 1024,
};

export interface ApiDeps {
  db: Db;
  /** Uploaded files live in `files/`, uploads in flight in `tmp/`, sent mail in `mail.log`. */
  dataDir: string;
  /** The API's own origin, e.g. http://127.0.0.1:5050: file URLs are absolute on it. */
  origin: () => string;
  /** The web app's origin: password reset links open there. */
  appOrigin: string;
  clock: () => number;
  logger: Logger;
  tokenTtlMs?: number;
  maxUploadBytes?: number;
  /** The dialect of the replies; default the reference one. */
  flavour?: Flavour;
}

interface SessionRow {
  user_id: number;
  role: 'admin' | 'user';
  expires_at: number;
}

/** The reference upstream API as a Fastify app (not listening yet). */
export function buildApp(deps: ApiDeps): FastifyInstance {
  const { db, clock, logger } = deps;
  const flavour = deps.flavour ?? REFERENCE;
  const maxUploadBytes = deps.maxUploadBytes ?? DEFAULTS.maxUploadBytes;
  const app = Fastify({
    logger: false,
    bodyLimit: DEFAULTS.maxBodyBytes,
    // Laravel's `POST …?_method=PUT` must be routed as PUT, and routing happens before any hook.
    // When the body's `_method` counts too, the POST routes dispatch (routeByBodyMethod).
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        if (!flavour.methodFromBody) {
          request.method =
            effectiveMethod(
              request.method,
              request.url,
              request.headers['x-http-method-override'],
            ) ?? 'GET';
        }
        handler(request, response);
      }),
  });

  const files = createFileStore({ db, dataDir: deps.dataDir, origin: deps.origin, clock });
  const body = createBodyReader(path.join(deps.dataDir, 'tmp'));
  const ctx: RouteContext = {
    db,
    files,
    body,
    users: createUserViews(db, files, flavour.time),
    clock,
    logger,
    tokenTtlMs: deps.tokenTtlMs ?? DEFAULTS.tokenTtlMs,
    appOrigin: deps.appOrigin,
    mailLog: path.join(deps.dataDir, 'mail.log'),
    flavour,
  };

  void app.register(fastifyMultipart, {
    limits: {
      fileSize: maxUploadBytes,
      files: 10,
      fields: 20_000,
      parts: 20_010,
      fieldSize: 64 * 1024,
    },
  });
  void app.register(fastifyStatic, { root: files.root, serve: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, raw, done) => {
      done(null, collectFields(new URLSearchParams(raw.toString())));
    },
  );

  const session = db.prepare<[string], SessionRow>(
    `SELECT t.user_id, u.role, t.expires_at FROM tokens t
     JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL WHERE t.hash = ?`,
  );
  const dropToken = db.prepare<[string]>('DELETE FROM tokens WHERE hash = ?');

  app.decorateRequest('authUser', null);
  // Before the body is read: an unauthorised upload is refused without storing a byte.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw unauthenticated();
    const hash = tokenHash(token);
    const found = session.get(hash);
    if (found === undefined) throw unauthenticated();
    if (found.expires_at <= clock()) {
      dropToken.run(hash);
      throw unauthenticated();
    }
    if (access === 'admin' && found.role !== 'admin') throw forbidden();
    request.authUser = { id: found.user_id, role: found.role };
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  app.addHook('onResponse', async (request, reply) => {
    await body.cleanup(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      logger.info(`${request.method} ${request.url} ${reply.statusCode}`);
    }
  });
  app.addHook('onRequestAbort', async (request) => body.cleanup(request));

  installErrorReplies(app, { flavour, logger, maxUploadBytes });

  void app.register(
    async (api) => {
      const routed = flavour.methodFromBody
        ? routeByBodyMethod(api, (request) => bodyMethod(request, body))
        : () => undefined;
      api.get('/health', async () => ok({ status: 'ok' }));
      registerAuthRoutes(api, ctx);
      registerUserRoutes(api, ctx);
      registerComplaintRoutes(api, ctx);
      registerAnnouncementRoutes(api, ctx);
      registerGroupRoutes(api, ctx);
      registerChatRoutes(api, ctx);
      registerOfferRoutes(api, ctx);
      registerFuelPriceRoutes(api, ctx);
      routed();
    },
    { prefix: '/api' },
  );
  registerStorageRoutes(app, ctx);
  return app;
}

/** The `_method` field of a JSON, form or multipart body (a multipart body is read whole). */
async function bodyMethod(request: FastifyRequest, body: BodyReader): Promise<unknown> {
  if (request.isMultipart()) return (await body.read(request, 'all')).fields._method;
  const fields: unknown = request.body;
  return typeof fields === 'object' && fields !== null && '_method' in fields
    ? fields._method
    : undefined;
}

/** Failures in the flavour's shape: the app's own, Fastify's and the plugins', unknown routes. */
export function installErrorReplies(
  app: FastifyInstance,
  options: { flavour: Flavour; logger: Logger; maxUploadBytes: number },
) {
  const { flavour, logger, maxUploadBytes } = options;
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status === 401) void reply.header('www-authenticate', 'Bearer');
      return reply.code(error.status).send(flavour.errorBody(error.reply));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(flavour.errorBody(clientMessage(status, error, maxUploadBytes)));
    }
    logger.error(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
    return reply.code(500).send(flavour.errorBody('Server Error'));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(flavour.errorBody('The requested route is not found')),
  );
}

/** Fastify's and the multipart plugin's own 4xx errors, in words a client can show. */
function clientMessage(status: number, error: FastifyError, maxUploadBytes: number): string {
  if (status === 413) {
    return error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? 'The request body is too large.'
      : `The upload is too large: the limit is ${Math.round(maxUploadBytes / (1024 * 1024))} MB per file.`;
  }
  if (status === 415) return 'Unsupported content type: send JSON, a form or multipart/form-data.';
  if (status === 400) return `The request body is malformed: ${error.message}`;
  return error.message;
}
