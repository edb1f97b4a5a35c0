/**
 * One client connection speaking the Realtime Database wire protocol (v5), as the SDK's
 * PersistentConnection / Connection / WebSocketConnection do on the other side:
 * - frames: a message over 16 384 chars comes as a frame count, then that many frames; a lone
 *   "0" is a keepalive;
 * - envelopes: `{t:'c', d:{t, d}}` control (hello, ping/pong), `{t:'d', d:{r, a, b}}` requests,
 *   answered `{t:'d', d:{r, b:{s, d}}}`; pushes `{t:'d', d:{a, b}}`.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { decodeIdToken, OWNER, OWNER_CREDENTIAL, UNAUTHENTICATED, type Identity } from './auth.js';
import type { Client, Namespace, Status, WriteOp } from './engine.js';
import { isAncestorOrSelf, isValidKey, parsePath } from './path.js';
import { fromWireQuery, wireQuerySchema } from './query.js';
import { toWire } from './tree.js';

export interface SessionLogger {
  warn(message: string): void;
}

const envelopeSchema = z.object({ t: z.string(), d: z.unknown() });
const controlSchema = z.object({ t: z.string() });
const requestSchema = z.object({ r: z.number().int(), a: z.string(), b: z.unknown() });

const pathBody = z.object({ p: z.string() });
const listenBody = pathBody.extend({
  q: z.record(z.string(), z.unknown()).optional(),
  t: z.number().int().optional(),
});
const writeBody = pathBody.extend({ d: z.unknown(), h: z.string().optional() });
const mergeBody = pathBody.extend({ d: z.record(z.string(), z.unknown()) });
const authBody = z.object({
  cred: z.string(),
  noauth: z.boolean().optional(),
  authvar: z.record(z.string(), z.unknown()).optional(),
});

interface Reply {
  s: string;
  d?: unknown;
}

interface DisconnectOp {
  op: WriteOp;
  identity: Identity;
}

const INVALID_PATH: Reply = { s: 'invalid_path', d: 'Invalid path' };
/** Requests that write now or at disconnect. */
const WRITES = new Set(['p', 'm', 'o', 'om']);

function statusReply(result: Status): Reply {
  if (result.status === 'ok') {
    return { s: 'ok', d: result.warnings === undefined ? '' : { w: result.warnings } };
  }
  if (result.status === 'permission_denied')
    return { s: 'permission_denied', d: 'Permission denied' };
  if (result.status === 'datastale')
    return { s: 'datastale', d: 'Transaction hash does not match' };
  return { s: 'invalid_data', d: result.message };
}

export class Session implements Client {
  private who: Identity = UNAUTHENTICATED;
  private frames: string[] | null = null;
  private expectedFrames = 0;
  private onDisconnect: DisconnectOp[] = [];

  constructor(
    private readonly ns: Namespace,
    private readonly sendText: (text: string) => void,
    private readonly logger: SessionLogger,
    /** False while the database stops: the write goes unanswered, and the SDK sends it again. */
    private readonly acceptsWrites: (identity: Identity) => boolean = () => true,
  ) {}

  identity(): Identity {
    return this.who;
  }

  /** The server hello; the SDK waits for it before sending anything. */
  open(host: string, now: number): void {
    const session = randomBytes(12).toString('base64url');
    this.send({ t: 'c', d: { t: 'h', d: { ts: now, v: '5', h: host, s: session } } });
  }

  private send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  push(action: 'd' | 'm' | 'c', body: Record<string, unknown>): void {
    this.send({ t: 'd', d: { a: action, b: body } });
  }

  /** One WebSocket text message from the client. */
  receive(text: string): void {
    if (this.frames === null) {
      if (text.length <= 6 && /^\d+$/.test(text)) {
        const count = Number(text);
        // "0" is the SDK's keepalive; a count of 1 never happens but would be one plain frame.
        if (count > 1) {
          this.frames = [];
          this.expectedFrames = count;
        }
        return;
      }
      this.handle(text);
      return;
    }
    this.frames.push(text);
    if (this.frames.length === this.expectedFrames) {
      const whole = this.frames.join('');
      this.frames = null;
      this.handle(whole);
    }
  }

  private handle(text: string): void {
    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(JSON.parse(text));
    } catch {
      this.logger.warn(`rtdb: unreadable client message ${text.slice(0, 200)}`);
      return;
    }
    if (envelope.t === 'c') {
      const control = controlSchema.safeParse(envelope.d);
      // A ping; the SDK counts the pong towards a healthy connection.
      if (control.success && control.data.t === 'p') this.send({ t: 'c', d: { t: 'o', d: {} } });
      return;
    }
    const request = requestSchema.safeParse(envelope.d);
    if (!request.success) {
      this.logger.warn(`rtdb: malformed request ${text.slice(0, 200)}`);
      return;
    }
    const { r, a, b } = request.data;
    let reply: Reply | null;
    try {
      reply = this.perform(a, b);
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      this.logger.warn(`rtdb: invalid '${a}' request: ${error.message}`);
      reply = { s: 'invalid_request', d: 'Invalid request' };
    }
    if (reply !== null) this.send({ t: 'd', d: { r, b: reply } });
  }

  private perform(action: string, body: unknown): Reply | null {
    if (WRITES.has(action) && !this.acceptsWrites(this.who)) return null;
    switch (action) {
      case 'q': {
        const { p, q, t } = listenBody.parse(body);
        const segments = parsePath(p);
        if (!segments.every(isValidKey)) return INVALID_PATH;
        const wire = q === undefined ? undefined : { query: wireQuerySchema.parse(q), raw: q };
        return statusReply(this.ns.listen(this, segments, wire, t));
      }
      case 'n': {
        const { p, t } = listenBody.parse(body);
        this.ns.unlisten(this, parsePath(p), t);
        return { s: 'ok', d: '' };
      }
      case 'g': {
        const { p, q } = listenBody.parse(body);
        const segments = parsePath(p);
        if (!segments.every(isValidKey)) return INVALID_PATH;
        const query =
          q === undefined || Object.keys(q).length === 0
            ? null
            : fromWireQuery(wireQuerySchema.parse(q));
        const result = this.ns.read(this.who, segments, query);
        return result.status === 'ok'
          ? { s: 'ok', d: toWire(result.node) }
          : { s: 'permission_denied', d: 'Permission denied' };
      }
      case 'p': {
        const { p, d, h } = writeBody.parse(body);
        const op: WriteOp = { kind: 'set', segments: parsePath(p), value: d };
        return statusReply(this.ns.write(this.who, op, { checkRules: true, hash: h }));
      }
      case 'm': {
        const { p, d } = mergeBody.parse(body);
        const op: WriteOp = { kind: 'merge', segments: parsePath(p), value: d };
        return statusReply(this.ns.write(this.who, op, { checkRules: true }));
      }
      case 'o': {
        const { p, d } = writeBody.parse(body);
        return this.queueOnDisconnect({ kind: 'set', segments: parsePath(p), value: d });
      }
      case 'om': {
        const { p, d } = mergeBody.parse(body);
        return this.queueOnDisconnect({ kind: 'merge', segments: parsePath(p), value: d });
      }
      case 'oc': {
        const segments = parsePath(pathBody.parse(body).p);
        this.onDisconnect = this.onDisconnect.filter(
          ({ op }) => !isAncestorOrSelf(segments, op.segments),
        );
        return { s: 'ok', d: '' };
      }
      case 'auth':
      case 'gauth':
        return this.authenticate(authBody.parse(body));
      case 'unauth':
        this.who = UNAUTHENTICATED;
        this.ns.recheck(this);
        return { s: 'ok', d: '' };
      default:
        // Stats ('s'), App Check ('appcheck', 'unappeck') and echo need nothing from us.
        return { s: 'ok', d: '' };
    }
  }

  private queueOnDisconnect(op: WriteOp): Reply {
    // Firebase checks the rules when the operation is queued, and runs it when the client goes.
    const result = this.ns.write(this.who, op, { checkRules: true, dryRun: true });
    if (result.status === 'ok') this.onDisconnect.push({ op, identity: this.who });
    return statusReply(result);
  }

  private authenticate({ cred, noauth, authvar }: z.infer<typeof authBody>): Reply {
    let identity: Identity;
    let expires: number | undefined;
    if (cred === OWNER_CREDENTIAL) {
      // firebase-admin's databaseAuthVariableOverride: the owner acting as someone (or nobody).
      identity =
        noauth === true
          ? UNAUTHENTICATED
          : authvar !== undefined
            ? { kind: 'user', auth: authvar }
            : OWNER;
    } else {
      const decoded = decodeIdToken(cred);
      if (decoded === null) return { s: 'invalid_token', d: 'Could not parse auth token.' };
      identity = { kind: 'user', auth: decoded.auth };
      expires = decoded.expires;
    }
    this.who = identity;
    this.ns.recheck(this);
    const auth = identity.kind === 'owner' ? null : identity.auth;
    return { s: 'ok', d: { auth, expires } };
  }

  /** The socket closed: queued onDisconnect writes run, listens end. */
  close(): void {
    this.ns.dropClient(this);
    const queued = this.onDisconnect;
    this.onDisconnect = [];
    for (const { op, identity } of queued) {
      const result = this.ns.write(identity, op, { checkRules: false });
      if (result.status !== 'ok')
        this.logger.warn(`rtdb: onDisconnect write failed: ${result.status}`);
    }
  }
}

/** The namespace a connection or request names: `?ns=`, else the first label of the host. */
export function namespaceOf(url: URL, host: string | undefined): string | null {
  const ns = url.searchParams.get('ns');
  if (ns !== null && ns !== '') return ns;
  const hostname = (host ?? '').split(':')[0] ?? '';
  const labels = hostname.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return labels[0] ?? null;
}
