import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { compileRules } from './rules.js';
import { namespaceOf, Session } from './session.js';
import { toWire } from './tree.js';

const RULES = compileRules(`{ "rules": {
  "open": { ".read": true, ".write": true },
  "mine": { "$uid": { ".read": "auth.uid === $uid", ".write": "auth.uid === $uid" } }
} }`);

function token(claims: Record<string, unknown>): string {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${encode({ alg: 'none' })}.${encode({ iat: 1, exp: 99, ...claims })}.`;
}

function connect() {
  const engine = new Engine({ rulesFor: () => RULES, onWrite: () => {}, now: () => 5 });
  const ns = engine.namespace('ns');
  const sent: unknown[] = [];
  const warnings: string[] = [];
  const session = new Session(ns, (text) => sent.push(JSON.parse(text)), {
    warn: (m) => warnings.push(m),
  });
  let r = 0;
  const request = (a: string, b: unknown) => {
    r++;
    session.receive(JSON.stringify({ t: 'd', d: { r, a, b } }));
    return sent.findLast((m) => (m as { d: { r?: number } }).d.r === r) as {
      d: { b: { s: string; d: unknown } };
    };
  };
  return { ns, session, sent, warnings, request };
}

describe('Session', () => {
  it('says hello first, with the server time and protocol version', () => {
    const { session, sent } = connect();
    session.open('127.0.0.1:9000', 1234);
    expect(sent[0]).toMatchObject({
      t: 'c',
      d: { t: 'h', d: { ts: 1234, v: '5', h: '127.0.0.1:9000' } },
    });
  });

  it('answers pings, ignores keepalives, reassembles framed messages', () => {
    const { session, sent, request } = connect();
    session.receive(JSON.stringify({ t: 'c', d: { t: 'p', d: {} } }));
    expect(sent).toEqual([{ t: 'c', d: { t: 'o', d: {} } }]);
    session.receive('0');
    expect(sent).toHaveLength(1);

    const big = JSON.stringify({
      t: 'd',
      d: { r: 1, a: 'p', b: { p: '/open/big', d: 'x'.repeat(40_000) } },
    });
    const frames = [big.slice(0, 16384), big.slice(16384, 32768), big.slice(32768)];
    session.receive(String(frames.length));
    for (const frame of frames) session.receive(frame);
    expect(sent.at(-1)).toEqual({ t: 'd', d: { r: 1, b: { s: 'ok', d: '' } } });
    expect(request('g', { p: '/open/big', q: {} }).d.b.d).toHaveLength(40_000);
  });

  it('pushes a listen its data before answering it', () => {
    const { sent, request } = connect();
    request('p', { p: '/open/a', d: 1 });
    const before = sent.length;
    request('q', { p: '/open', h: '' });
    expect(sent.slice(before)).toEqual([
      { t: 'd', d: { a: 'd', b: { p: 'open', d: { a: 1 } } } },
      { t: 'd', d: { r: 2, b: { s: 'ok', d: '' } } },
    ]);
  });

  it('authenticates ID tokens, the owner, and the owner acting as someone', () => {
    const { request } = connect();
    expect(request('p', { p: '/mine/ada', d: 1 }).d.b.s).toBe('permission_denied');
    expect(request('auth', { cred: token({ sub: 'ada', role: 'admin' }) }).d.b).toEqual({
      s: 'ok',
      d: {
        auth: {
          uid: 'ada',
          provider: 'custom',
          token: { iat: 1, exp: 99, sub: 'ada', role: 'admin' },
        },
        expires: 99,
      },
    });
    expect(request('p', { p: '/mine/ada', d: 1 }).d.b.s).toBe('ok');
    expect(request('auth', { cred: 'not a token' }).d.b.s).toBe('invalid_token');
    expect(request('gauth', { cred: 'owner', authvar: { uid: 'bob' } }).d.b.s).toBe('ok');
    expect(request('p', { p: '/mine/ada', d: 2 }).d.b.s).toBe('permission_denied');
    expect(request('p', { p: '/mine/bob', d: 2 }).d.b.s).toBe('ok');
    request('gauth', { cred: 'owner' });
    expect(request('p', { p: '/elsewhere', d: 3 }).d.b.s).toBe('ok');
    request('gauth', { cred: 'owner', noauth: true });
    expect(request('p', { p: '/elsewhere', d: 4 }).d.b.s).toBe('permission_denied');
  });

  it('revokes listens when the client signs out', () => {
    const { sent, request } = connect();
    request('auth', { cred: token({ sub: 'ada' }) });
    request('q', { p: '/mine/ada', h: '' });
    request('unauth', {});
    expect(sent).toContainEqual({ t: 'd', d: { a: 'c', b: { p: 'mine/ada' } } });
  });

  it('runs queued onDisconnect writes when it closes, not the cancelled or refused ones', () => {
    const { ns, session, request } = connect();
    request('p', { p: '/open/presence', d: { u1: 'on', u2: 'on' } });
    expect(request('o', { p: '/open/presence/u1', d: 'off' }).d.b.s).toBe('ok');
    expect(request('om', { p: '/open/presence', d: { u2: null, u3: 'gone' } }).d.b.s).toBe('ok');
    expect(request('o', { p: '/open/presence/u3/x', d: 'cancelled' }).d.b.s).toBe('ok');
    expect(request('oc', { p: '/open/presence/u3' }).d.b.s).toBe('ok');
    expect(request('o', { p: '/mine/ada', d: 'refused' }).d.b.s).toBe('permission_denied');
    expect(toWire(ns.data())).toEqual({ open: { presence: { u1: 'on', u2: 'on' } } });
    session.close();
    expect(toWire(ns.data())).toEqual({ open: { presence: { u1: 'off', u3: 'gone' } } });
  });

  it('answers malformed requests without failing', () => {
    const { request, session, warnings, sent } = connect();
    expect(request('p', { d: 1 }).d.b.s).toBe('invalid_request');
    expect(request('p', { p: '/open/a', d: { 'bad.key': 1 } }).d.b).toEqual({
      s: 'invalid_data',
      d: 'Invalid key "bad.key"',
    });
    expect(request('s', { c: { 'sdk.js.12': 1 } }).d.b.s).toBe('ok');
    expect(request('q', { p: '/a.b', h: '' }).d.b.s).toBe('invalid_path');
    expect(request('g', { p: '/a/$x', q: {} }).d.b.s).toBe('invalid_path');
    session.receive('{ not json');
    expect(warnings).toHaveLength(2);
    expect(sent.length).toBe(5);
  });
});

describe('namespaceOf', () => {
  it('takes ?ns=, else the first label of a host name', () => {
    expect(namespaceOf(new URL('http://x/.ws?ns=demo'), '127.0.0.1:9000')).toBe('demo');
    expect(namespaceOf(new URL('http://x/.ws'), 'demo.localhost:9000')).toBe('demo');
    expect(namespaceOf(new URL('http://x/.ws'), '127.0.0.1:9000')).toBeNull();
    expect(namespaceOf(new URL('http://x/.ws'), 'localhost:9000')).toBeNull();
  });
});
