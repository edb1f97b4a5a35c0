import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.js';
import { notFound } from '../envelope.js';

/**
 * Stored files at `/storage/<id>/<name>`, outside `/api` as a Laravel public disk is (the `api`
 * function rewrites these URLs to `/api/files/…`). Only a file the database knows, under its
 * exact stored name, is served: no path from the request ever reaches the disk.
 */
export function registerStorageRoutes(
  app: FastifyInstance,
  { files }: Pick<RouteContext, 'files'>,
) {
  app.get<{ Params: { id: string; name: string } }>(
    '/storage/:id/:name',
    async (request, reply) => {
      const { id, name } = request.params;
      const file = /^[1-9]\d{0,15}$/.test(id) ? files.find(Number(id)) : undefined;
      if (file === undefined || file.name !== name) throw notFound('file');
      return reply
        .header('content-type', file.mime_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${file.name}"`)
        .sendFile(files.relativePath(file), files.root, {
          // An id is never reused (AUTOINCREMENT) and a stored file never changes.
          contentType: false,
          maxAge: '365d',
          immutable: true,
        });
    },
  );
}
