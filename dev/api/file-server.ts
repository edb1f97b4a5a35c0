import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from '../logger.js';
import type { FileStore } from './files.js';
import type { Flavour } from './flavour.js';
import { registerStorageRoutes } from './routes/storage.js';
import { DEFAULTS, installErrorReplies } from './server.js';

/**
 * The stored files alone, at `/storage/<id>/<name>`, as a storage disk or a CDN serves them on
 * an origin of their own (the Laravel flavour's `fileOrigin`). Not listening yet.
 */
export function buildFileServer(deps: {
  files: FileStore;
  flavour: Flavour;
  logger: Logger;
}): FastifyInstance {
  const app = Fastify({ logger: false });
  void app.register(fastifyStatic, { root: deps.files.root, serve: false });
  installErrorReplies(app, {
    flavour: deps.flavour,
    logger: deps.logger,
    maxUploadBytes: DEFAULTS.maxUploadBytes,
  });
  registerStorageRoutes(app, deps);
  return app;
}
