import type { FastifyRequest } from 'fastify';
import type { Logger } from '../logger.js';
import type { BodyReader } from './body.js';
import type { Db } from './db.js';
import { notFound, unauthenticated } from './envelope.js';
import type { FileStore } from './files.js';
import type { Flavour } from './flavour.js';
import type { UserViews } from './users.js';

/** Who may call a route: a signed-in admin, or any signed-in user. Unset = anyone. */
export type Access = 'admin' | 'user';

export interface AuthUser {
  id: number;
  role: 'admin' | 'user';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the auth hook on routes that need a session. */
    authUser: AuthUser | null;
  }
}

/** What every route module is given. */
export interface RouteContext {
  db: Db;
  files: FileStore;
  body: BodyReader;
  users: UserViews;
  clock: () => number;
  logger: Logger;
  /** How long a bearer token lives. */
  tokenTtlMs: number;
  /** Where the web app runs: password reset links point there. */
  appOrigin: string;
  /** The dev "mailbox": one JSON line per e-mail the API would have sent. */
  mailLog: string;
  /** The dialect the replies are in. */
  flavour: Flavour;
}

/** A record id from the path; anything but a positive integer is a record that does not exist. */
export function pathId(value: string, name: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw notFound(name);
  return Number(value);
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (request.authUser === null) throw unauthenticated();
  return request.authUser;
}

export const isoNow = (clock: () => number) => new Date(clock()).toISOString();
