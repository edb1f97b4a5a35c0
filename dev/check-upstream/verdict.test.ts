import { describe, expect, it } from 'vitest';
import {
  complaintSchema,
  fuelPriceSchema,
  groupSchema,
  offerSchema,
  reportSchema,
  userSchema,
} from '../../functions/src/contracts/index.js';
import * as z from 'zod/mini';
import { offerSlotNotes } from './notes.js';
import { exitCode, formatLine, summary } from './report.js';
import {
  type Answer,
  classifyList,
  classifyOne,
  loginOutcome,
  transportOutcome,
  writeOutcome,
} from './verdict.js';

const json = (body: unknown, status = 200): Answer => ({
  status,
  body: { kind: 'json', json: body },
});
const ok = (payload: unknown, status = 200) =>
  json({ metadata: { success: 1, message: '' }, payload }, status);
const user = { id: 1, name: 'Ada', email: 'ada@example.com' };

describe('classifyList', () => {
  it('passes a list the product reads as it is, without notes', () => {
    expect(classifyList(userSchema, ok([user])).outcome).toEqual({
      mark: 'pass',
      text: 'compatible',
    });
  });

  it('notes numeric text and zone-less times, naming the fields', () => {
    const { outcome, items } = classifyList(
      userSchema,
      ok([{ ...user, id: '12', created_at: '2026-11-28 08:40:14' }]),
    );
    expect(outcome.text).toBe(
      'compatible, note: numbers arrive as text (id): read as numbers; times without a zone (created_at): read as UTC',
    );
    expect(items[0]?.id).toBe(12);
  });

  it('does not note a time that has a zone', () => {
    const { outcome } = classifyList(
      userSchema,
      ok([{ ...user, created_at: '2026-11-28T08:40:14.123456+02:00' }]),
    );
    expect(outcome.text).toBe('compatible');
  });

  it('counts the items it cannot read, and names the first one’s field', () => {
    const { outcome, items } = classifyList(userSchema, ok([user, { id: 2, name: 5 }, { id: 3 }]));
    expect(outcome.mark).toBe('pass');
    expect(outcome.text).toBe(
      'compatible, note: 2 of 3 items could not be read, first payload[1].name: got 5, expected text',
    );
    expect(items).toHaveLength(1);
  });

  it('fails a list none of whose items can be read', () => {
    const { outcome } = classifyList(
      complaintSchema,
      ok([
        {
          id: 1,
          title: 't',
          description: 'd',
          user: null,
          created_at: 'x',
          status: 7,
          admin_response: null,
        },
      ]),
    );
    expect(outcome).toEqual({
      mark: 'fail',
      text: 'incompatible: payload[0].status: got 7, expected 1, 2 or 3 (none of 1 items could be read)',
    });
  });

  it('fails a payload that is no list, and notes an empty one', () => {
    expect(classifyList(userSchema, ok({ data: [] })).outcome.text).toBe(
      'incompatible: payload: got {"data":[]}, expected a list',
    );
    expect(classifyList(userSchema, ok([])).outcome.text).toBe(
      'compatible, note: the list is empty: no item to check',
    );
  });

  it('adds the call’s own notes: offers without slot', () => {
    const offer = (id: number) => ({ id, image: { original_url: `https://x/${id}.png` } });
    expect(
      classifyList(offerSchema, ok([offer(1), offer(2), offer(3)]), offerSlotNotes).outcome.text,
    ).toBe(
      'compatible, note: offers without slot: read as first, second and third in the order sent',
    );
    expect(offerSlotNotes([{ slot: 'first_image' }, {}])).toEqual([
      '1 offer(s) without slot: shown apart, each slot saying its image is not known',
    ]);
  });
});

describe('the reply around the payload', () => {
  it('is missing on a 404, whatever its body', () => {
    expect(classifyList(userSchema, json({ message: 'Not Found' }, 404)).outcome).toEqual({
      mark: 'fail',
      text: 'missing (404)',
    });
  });

  it('is incompatible on another refusal, with its message from the envelope or Laravel’s body', () => {
    expect(classifyList(userSchema, json({ message: 'Server Error' }, 500)).outcome.text).toBe(
      'incompatible: HTTP 500: "Server Error"',
    );
    expect(
      classifyList(userSchema, json({ metadata: { success: 0, message: 'No.' } }, 403)).outcome
        .text,
    ).toBe('incompatible: HTTP 403: "No."');
  });

  it('is incompatible when the envelope says no success, or is not there', () => {
    expect(
      classifyList(userSchema, json({ metadata: { success: 0, message: 'Nope' }, payload: [] }))
        .outcome.text,
    ).toBe('incompatible: metadata.success: got 0: "Nope"');
    expect(classifyList(userSchema, json({ data: [user] })).outcome.text).toBe(
      'incompatible: metadata: missing, expected an object',
    );
  });

  it('is incompatible when the body is not JSON or empty, and unreachable without an answer', () => {
    expect(classifyList(userSchema, { status: 200, body: { kind: 'other' } }).outcome.text).toBe(
      'incompatible: the reply is not JSON',
    );
    expect(classifyList(userSchema, { status: 200, body: { kind: 'empty' } }).outcome.text).toBe(
      'incompatible: the reply is empty, expected JSON',
    );
    expect(classifyList(userSchema, { unreachable: 'ECONNREFUSED' }).outcome).toEqual({
      mark: 'fail',
      text: 'unreachable: ECONNREFUSED',
    });
  });
});

describe('classifyOne', () => {
  const price = {
    regular: 3.29,
    premium: 4,
    diesel: 4.5,
    renew_99: 0,
    b_20: 5,
    date: '2026-11-28',
  };

  it('reads a record, noting prices as text and a day with a time', () => {
    const read = classifyOne(
      fuelPriceSchema,
      ok({ ...price, regular: '3.290', date: '2026-11-28T00:00:00Z' }),
    );
    expect(read.outcome.text).toBe(
      'compatible, note: numbers arrive as text (regular): read as numbers; days arrive with a time (date): their first ten characters are read',
    );
    expect(read.value?.regular).toBe(3.29);
  });

  it('names the field and the value that arrived, shortened', () => {
    expect(
      classifyOne(
        fuelPriceSchema,
        ok({ ...price, diesel: 'about four dollars and fifty cents a gallon' }),
      ).outcome.text,
    ).toBe(
      'incompatible: payload.diesel: got "about four dollars and fifty cents a g…, expected a number or numeric text',
    );
    expect(
      classifyOne(groupSchema, ok({ id: 1, name: 'G', image: null, timestamp: 1 })).outcome.text,
    ).toBe('incompatible: payload.users: missing, expected a list');
  });
});

describe('loginOutcome', () => {
  const login = (role: string[]) => ok({ user: { ...user, role }, token: 'secret' });

  it('gives the token of an admin', () => {
    expect(loginOutcome(login(['admin']))).toEqual({
      outcome: { mark: 'pass', text: 'compatible' },
      token: 'secret',
    });
  });

  it('fails anyone but an admin, as the product lets admins in only', () => {
    const read = loginOutcome(login(['user', 'admin']));
    expect(read.token).toBeUndefined();
    expect(read.outcome.text).toBe(
      'incompatible: payload.user.role: got ["user","admin"], expected "admin" first: the product lets admins in only',
    );
  });

  it('tells a refused sign-in (HTTP 200 with success 0, or 422) from an incompatible one', () => {
    const refused = json({
      metadata: { success: 0, message: 'The login detail is incorrect' },
      payload: null,
    });
    expect(loginOutcome(refused).outcome.text).toBe(
      'refused the sign-in: "The login detail is incorrect": check UPSTREAM_ADMIN_EMAIL and UPSTREAM_ADMIN_PASSWORD',
    );
    expect(
      loginOutcome(json({ message: 'The email field is required.' }, 422)).outcome.text,
    ).toMatch(/^refused the sign-in/);
    expect(loginOutcome(ok({ user: { ...user, role: ['admin'] } })).outcome.text).toBe(
      'incompatible: payload.token: missing, expected text',
    );
  });
});

describe('transportOutcome', () => {
  it('refuses plain http beyond this machine, naming the fix', () => {
    const outcome = transportOutcome('http://api.example.com/api');
    expect(outcome.mark).toBe('fail');
    expect(outcome.text).toContain('Put TLS in front of the upstream');
  });

  it('accepts https, and plain http to a loopback host', () => {
    expect(transportOutcome('https://api.example.com/api').mark).toBe('pass');
    expect(transportOutcome('http://127.0.0.1:5050/api')).toEqual({
      mark: 'pass',
      text: 'plain http, to this machine only',
    });
  });
});

describe('writeOutcome', () => {
  const invoice = { schema: reportSchema, id: z.pick(reportSchema, { id: true }), noun: 'invoice' };
  const row = { id: 9, user_id: 1, title: 't', description: 'd', url: null };

  it('reads the id of the record echoed in the envelope, bare, or notes when there is none', () => {
    expect(writeOutcome(ok(row), invoice)).toEqual({
      outcome: { mark: 'pass', text: 'compatible' },
      id: 9,
    });
    expect(writeOutcome(json(row), invoice).id).toBe(9);
    expect(writeOutcome(ok({ id: '9' }), invoice)).toEqual({
      outcome: {
        mark: 'pass',
        text: 'compatible, note: the reply holds no invoice the product can read: it reads the list again',
      },
      id: 9,
    });
    expect(writeOutcome({ status: 204, body: { kind: 'empty' } }, invoice)).toEqual({
      outcome: {
        mark: 'pass',
        text: 'compatible, note: the reply holds no invoice the product can read: it reads the list again',
      },
    });
  });

  it('fails a refusal, a 404 and a reply that is not JSON', () => {
    expect(writeOutcome(json({ message: 'The title field is required.' }, 422)).outcome.text).toBe(
      'incompatible: HTTP 422: "The title field is required."',
    );
    expect(writeOutcome(json({}, 404)).outcome.text).toBe('missing (404)');
    expect(writeOutcome({ status: 200, body: { kind: 'other' } }).outcome.text).toBe(
      'incompatible: HTTP 200: the reply is not JSON',
    );
  });
});

describe('the report', () => {
  const line = (mark: 'pass' | 'fail' | 'warn' | 'info', subject = 'GET /admin/offers') => ({
    mark,
    subject,
    text: 't',
  });

  it('exits 1 on a failed line only: a warning or a note passes', () => {
    expect(exitCode([line('pass'), line('warn'), line('info')])).toBe(0);
    expect(exitCode([line('pass'), line('fail')])).toBe(1);
  });

  it('formats a line as mark, subject, text and sums the failures up', () => {
    expect(formatLine(line('fail'))).toMatch(/^FAIL {2}GET \/admin\/offers +t$/);
    expect(summary([line('fail'), line('fail', 'POST /login'), line('warn')])).toBe(
      'NOT compatible: 2 failed (GET /admin/offers, POST /login); 1 optional capability to set as said',
    );
  });
});
