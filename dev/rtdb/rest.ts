/**
 * The REST side: data (`GET/PUT/PATCH/POST/DELETE /<path>.json?ns=`), the rules
 * (`GET/PUT /.settings/rules.json?ns=`, owner only), with CORS for pages served from localhost.
 * firebase-admin (getRules/setRules) and @firebase/rules-unit-testing call these.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { identityOf, UNAUTHENTICATED, type Identity } from './auth.js';
import type { Engine, Status, WriteOp } from './engine.js';
import { isValidKey, parsePath } from './path.js';
import { fromRestQuery } from './rest-query.js';
import { RulesError } from './rules.js';
import { namespaceOf } from './session.js';
import { toValue, toWire, type DataNode } from './tree.js';

export interface RulesStore {
  /** The rules text in effect for a namespace. */
  text(namespace: string): string;
  /** Replaces a namespace's rules until restart; throws RulesError if they are invalid. */
  replace(namespace: string, text: string): void;
}

export interface RestDeps {
  engine: Engine;
  rules: RulesStore;
  pushId(): string;
  /** Told once when a browser falls back to long polling, which this engine does not serve. */
  onLongPoll(): void;
  /** False while the database stops: the write is refused (503). */
  acceptsWrites(identity: Identity): boolean;
  /** Resolves when every write applied so far is on disk; answers wait for it. */
  durable(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024 * 1024;

export const LONG_POLL_MESSAGE =
  'This database speaks WebSocket only. The browser fell back to long polling because an earlier ' +
  'WebSocket connection failed (localStorage "firebase:previous_websocket_failure"): call ' +
  "forceWebSockets() from 'firebase/database' before using the database, or clear the site's storage.";
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: string | undefined): void {
  res.statusCode = status;
  if (body === undefined) {
    res.end();
    return;
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-cache');
  res.end(body);
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin === undefined || !LOCAL_ORIGIN.test(origin)) return;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-methods', 'GET, PUT, POST, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
  );
  res.setHeader('access-control-max-age', '3600');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
  }
}

function identityOfRequest(req: IncomingMessage, url: URL): Identity {
  const header = req.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  const credential = bearer ?? url.searchParams.get('auth') ?? url.searchParams.get('access_token');
  if (credential === null || credential === '') return UNAUTHENTICATED;
  const identity = identityOf(credential);
  if (identity === null) throw new HttpError(401, 'Could not parse auth token.');
  return identity;
}

function writeStatus(result: Status): void {
  if (result.status === 'permission_denied') throw new HttpError(401, 'Permission denied');
  if (result.status === 'invalid_data') throw new HttpError(400, result.message);
}

function shallow(node: DataNode | null): unknown {
  if (node === null || node.kind === 'leaf') return toValue(node);
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) out[key] = child.kind === 'leaf' ? child.value : true;
  return out;
}

export function restHandler(deps: RestDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const namespace = namespaceOf(url, req.headers.host);
    if (namespace === null)
      throw new HttpError(400, 'Missing the namespace (?ns=<database name>).');
    const identity = identityOfRequest(req, url);
    const method = req.method ?? 'GET';

    if (url.pathname === '/.settings/rules.json') {
      if (identity.kind !== 'owner') throw new HttpError(401, 'Permission denied');
      if (method === 'GET') return send(res, 200, deps.rules.text(namespace));
      if (method !== 'PUT') throw new HttpError(405, 'Method not allowed');
      const text = await readBody(req);
      try {
        deps.rules.replace(namespace, text);
      } catch (error) {
        if (error instanceof RulesError) throw new HttpError(400, error.message);
        throw error;
      }
      return send(res, 200, JSON.stringify({ status: 'ok' }));
    }

    if (!url.pathname.endsWith('.json')) throw new HttpError(404, 'Not found');
    let segments: string[];
    try {
      segments = parsePath(url.pathname.slice(0, -'.json'.length)).map(decodeURIComponent);
    } catch {
      throw new HttpError(400, 'Invalid path');
    }
    if (!segments.every(isValidKey)) throw new HttpError(400, 'Invalid path');
    const ns = deps.engine.namespace(namespace);
    const silent = url.searchParams.get('print') === 'silent';
    const reply = async (value: unknown) => {
      // Nobody sees a write (its own answer included) that a crash could still lose.
      await deps.durable();
      return silent
        ? send(res, 204, undefined)
        : send(
            res,
            200,
            JSON.stringify(value, null, url.searchParams.get('print') === 'pretty' ? 2 : undefined),
          );
    };

    switch (method) {
      case 'GET': {
        let query;
        try {
          query = fromRestQuery(url.searchParams);
        } catch (error) {
          throw new HttpError(400, `Invalid query: ${(error as Error).message}`);
        }
        const result = ns.read(identity, segments, query);
        if (result.status !== 'ok') throw new HttpError(401, 'Permission denied');
        if (url.searchParams.get('shallow') === 'true') return reply(shallow(result.node));
        return reply(
          url.searchParams.get('format') === 'export' ? toWire(result.node) : toValue(result.node),
        );
      }
      case 'PUT':
      case 'PATCH':
      case 'POST':
      case 'DELETE': {
        const body = method === 'DELETE' ? null : await readJson(req);
        if (!deps.acceptsWrites(identity)) throw new HttpError(503, 'The database is stopping');
        let op: WriteOp;
        let answer: unknown = body;
        if (method === 'PATCH') {
          const patch = z.record(z.string(), z.unknown()).safeParse(body);
          if (!patch.success) throw new HttpError(400, 'A PATCH body must be a JSON object.');
          op = { kind: 'merge', segments, value: patch.data };
        } else if (method === 'POST') {
          const name = deps.pushId();
          op = { kind: 'set', segments: [...segments, name], value: body };
          answer = { name };
        } else {
          op = { kind: 'set', segments, value: body };
        }
        writeStatus(ns.write(identity, op, { checkRules: true }));
        return reply(answer);
      }
      default:
        throw new HttpError(405, 'Method not allowed');
    }
  };

  return (req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      send(res, 204, undefined);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/.lp') {
      deps.onLongPoll();
      send(res, 404, JSON.stringify({ error: LONG_POLL_MESSAGE }));
      return;
    }
    handle(req, res, url).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) send(res, status, JSON.stringify({ error: message }));
      else res.end();
    });
  };
}

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * Push keys as the SDK makes them: 8 characters of time, then 12 random ones that count up
 * within one millisecond, so keys sort in creation order.
 */
export function pushIdGenerator(now: () => number, random: () => number): () => string {
  let lastTime = 0;
  const lastRandom: number[] = [];
  return () => {
    let time = now();
    const duplicate = time === lastTime;
    lastTime = time;
    let prefix = '';
    for (let i = 0; i < 8; i++) {
      prefix = PUSH_CHARS.charAt(time % 64) + prefix;
      time = Math.floor(time / 64);
    }
    if (!duplicate) {
      for (let i = 0; i < 12; i++) lastRandom[i] = Math.floor(random() * 64);
    } else {
      let i = 11;
      for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
      lastRandom[i] = (lastRandom[i] ?? 0) + 1;
    }
    return prefix + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join('');
  };
}
