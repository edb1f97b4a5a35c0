import { describe, expect, it } from 'vitest';
import {
  currentUserOutcome,
  PROBE_DAY,
  priceDayOutcome,
  probedOutcome,
  requiredProbeOutcome,
  userForm,
} from './capability-verdicts.js';
import type { Answer } from './verdict.js';

const json = (body: unknown, status = 200): Answer => ({
  status,
  body: { kind: 'json', json: body },
});
const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: ['admin'] };
const inEnvelope = json({ metadata: { success: 1, message: '' }, payload: admin });
const bare = json(admin);
const notFound = json({ message: 'Not Found' }, 404);

describe('probedOutcome', () => {
  const registration = {
    param: 'UPSTREAM_REGISTRATION',
    on: true,
    offers: 'the registration screen',
  };

  it('passes a call that exists (a refusal of the empty body) and is on', () => {
    expect(probedOutcome(registration, json({}, 422))).toEqual({
      mark: 'pass',
      text: 'present (HTTP 422 to an empty request)',
    });
  });

  it('warns, with the fix, when it is configured on but missing (404 or 405)', () => {
    expect(probedOutcome(registration, notFound)).toEqual({
      mark: 'warn',
      text: 'configured on (UPSTREAM_REGISTRATION=true) but missing (404): set UPSTREAM_REGISTRATION=false',
    });
    expect(probedOutcome(registration, json({}, 405)).mark).toBe('warn');
  });

  it('passes a missing call that is off, and tells of one present but off', () => {
    const off = { ...registration, on: false };
    expect(probedOutcome(off, notFound)).toEqual({
      mark: 'pass',
      text: 'absent, and off (UPSTREAM_REGISTRATION=false)',
    });
    expect(probedOutcome(off, json({}, 422))).toEqual({
      mark: 'info',
      text: 'present, but off: set UPSTREAM_REGISTRATION=true to offer the registration screen',
    });
  });

  it('cannot tell on a server error', () => {
    expect(probedOutcome(registration, json({ message: 'Server Error' }, 500)).text).toBe(
      'could not tell: HTTP 500: "Server Error"',
    );
  });
});

describe('requiredProbeOutcome', () => {
  it('fails a required call that is missing, passes one that refuses the empty body', () => {
    expect(requiredProbeOutcome(notFound)).toEqual({ mark: 'fail', text: 'missing (404)' });
    expect(requiredProbeOutcome(json({}, 400)).mark).toBe('pass');
  });
});

describe('the current user', () => {
  it('tells the form a user arrives in', () => {
    expect(userForm(inEnvelope)).toEqual({ envelope: true });
    expect(userForm(bare)).toEqual({ envelope: false });
    expect(userForm(json({ metadata: { success: 1 }, payload: null }))).toBeUndefined();
    expect(userForm(notFound)).toBeUndefined();
  });

  it('passes the configured call when it answers the user in the configured form', () => {
    expect(currentUserOutcome({ path: '/me', envelope: true }, inEnvelope, [])).toEqual({
      mark: 'pass',
      text: 'compatible',
    });
    expect(currentUserOutcome({ path: '/user', envelope: false }, bare, []).mark).toBe('pass');
  });

  it('warns when the configured call is missing, suggesting the path that answers', () => {
    expect(
      currentUserOutcome({ path: '/me', envelope: true }, notFound, [
        { path: '/user', envelope: false },
      ]),
    ).toEqual({
      mark: 'warn',
      text: 'missing (404); GET /user answers the user: set UPSTREAM_CURRENT_USER_PATH=/user and UPSTREAM_CURRENT_USER_ENVELOPE=false',
    });
    expect(currentUserOutcome({ path: '/me', envelope: true }, notFound, []).text).toBe(
      'missing (404); neither GET /me nor GET /user answers the user: set UPSTREAM_CURRENT_USER_PATH=none',
    );
  });

  it('warns when the user arrives in the other form, naming the envelope parameter', () => {
    expect(currentUserOutcome({ path: '/user', envelope: false }, inEnvelope, []).text).toBe(
      'the user arrives in the envelope: set UPSTREAM_CURRENT_USER_ENVELOPE=true',
    );
  });

  it('warns with the field when the reply is no user', () => {
    expect(
      currentUserOutcome(
        { path: '/me', envelope: true },
        json({ metadata: { success: 1 }, payload: { id: 1 } }),
        [],
      ).text,
    ).toMatch(/^incompatible: payload.name: missing, expected text; /);
  });

  it('when off, tells of a path that would answer', () => {
    expect(currentUserOutcome(null, undefined, [{ path: '/me', envelope: true }])).toEqual({
      mark: 'info',
      text: 'off (UPSTREAM_CURRENT_USER_PATH=none); GET /me answers the user: set UPSTREAM_CURRENT_USER_PATH=/me and UPSTREAM_CURRENT_USER_ENVELOPE=true',
    });
  });
});

describe('priceDayOutcome', () => {
  const saved = { date: '2026-11-27' };

  it('passes a configured parameter the upstream reads (nothing for the probe day)', () => {
    expect(priceDayOutcome('date', saved, null).mark).toBe('pass');
    expect(priceDayOutcome('date', saved, { date: PROBE_DAY }).mark).toBe('pass');
  });

  it('warns when the upstream ignores the configured parameter', () => {
    expect(priceDayOutcome('date', saved, saved)).toEqual({
      mark: 'warn',
      text: 'asked ?date=2000-01-01, the upstream answered 2026-11-27: it ignores the parameter; set UPSTREAM_PRICE_DAY_PARAM=none',
    });
  });

  it('with the parameter off, passes an upstream that answers its latest day, tells of one that reads ?date=', () => {
    expect(priceDayOutcome(null, saved, saved).mark).toBe('pass');
    expect(priceDayOutcome(null, saved, null)).toMatchObject({
      mark: 'info',
      text: expect.stringContaining('set UPSTREAM_PRICE_DAY_PARAM=date'),
    });
  });

  it('cannot tell without prices, or when the probe failed', () => {
    expect(priceDayOutcome('date', null, null).mark).toBe('info');
    expect(priceDayOutcome(null, null, null).mark).toBe('info');
    expect(priceDayOutcome('date', saved, undefined).mark).toBe('warn');
  });
});
