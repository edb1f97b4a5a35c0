import * as z from 'zod/mini';
import {
  bareEnvelopeSchema,
  envelopeMessageSchema,
  listOf,
  loginPayloadSchema,
  messageLines,
  type ReplyBody,
  writeSucceeded,
} from '../../functions/src/contracts/index.js';
import { parseUpstreamUrl } from '../../functions/src/upstream-url.js';
import { describeIssue, shortJson } from './issues.js';
import { findNormalised, noneNormalised, normalisedNotes } from './notes.js';

/**
 * How one reply of the upstream reads to the product: the words of the check's lines. Pure: the
 * replies come in as data, the outcomes go out as data.
 */

/** An upstream's answer, or why there was none. */
export type Answer = { status: number; body: ReplyBody } | { unreachable: string };

/** `fail` fails the check; `warn` is an optional capability that would not work as configured. */
export type Mark = 'pass' | 'fail' | 'warn' | 'info';

export interface Outcome {
  mark: Mark;
  text: string;
}

export const compatible = (notes: readonly string[] = []): Outcome => ({
  mark: 'pass',
  text: notes.length === 0 ? 'compatible' : `compatible, note: ${notes.join('; ')}`,
});

export const incompatible = (why: string): Outcome => ({
  mark: 'fail',
  text: `incompatible: ${why}`,
});

export const MISSING: Outcome = { mark: 'fail', text: 'missing (404)' };

/** Absent: 404, or 405 for a path that exists for other methods only. */
export const isAbsent = (answer: Answer) =>
  'status' in answer && (answer.status === 404 || answer.status === 405);

/**
 * Why an answer holds no JSON the product could read (unreachable, 404, a refusal, no JSON), or
 * undefined when it is a 2xx JSON reply.
 */
export function answerFailure(answer: Answer): Outcome | undefined {
  if ('unreachable' in answer) return { mark: 'fail', text: `unreachable: ${answer.unreachable}` };
  if (answer.status === 404) return MISSING;
  if (answer.status < 200 || answer.status >= 300) {
    return incompatible(`HTTP ${answer.status}${refusalText(answer.body)}`);
  }
  if (answer.body.kind === 'empty') return incompatible('the reply is empty, expected JSON');
  if (answer.body.kind === 'other') return incompatible('the reply is not JSON');
  return undefined;
}

/**
 * The payload of a 2xx reply whose envelope says success (docs/upstream.md, "Success"), or the
 * outcome that says why there is none.
 */
export function payloadOf(answer: Answer): { payload: unknown } | { outcome: Outcome } {
  const failure = answerFailure(answer);
  if (failure !== undefined || !('body' in answer) || answer.body.kind !== 'json') {
    return { outcome: failure ?? incompatible('the reply is not JSON') };
  }
  const json = answer.body.json;
  const envelope = bareEnvelopeSchema.safeParse(json);
  if (!envelope.success) return { outcome: incompatible(firstIssue(envelope.error, json)) };
  if (!envelope.data.metadata.success) {
    const success = (json as { metadata: { success: unknown } }).metadata.success;
    return {
      outcome: incompatible(
        `metadata.success: got ${shortJson(success)}${refusalText(answer.body)}`,
      ),
    };
  }
  return { payload: envelope.data.payload };
}

/**
 * A list read as the product reads it (`listOf`: the items that parse are shown, the others
 * counted). Readable when it is a list and, unless it is empty, at least one item parses.
 */
export function classifyList<T>(
  item: z.ZodMiniType<T>,
  answer: Answer,
  extraNotes: (items: T[]) => string[] = () => [],
): { outcome: Outcome; items: T[] } {
  const got = payloadOf(answer);
  if ('outcome' in got) return { outcome: got.outcome, items: [] };
  const listed = listOf(item).safeParse(got.payload);
  if (!listed.success) {
    return { outcome: incompatible(firstIssue(listed.error, got.payload, ['payload'])), items: [] };
  }
  const rows: unknown[] = Array.isArray(got.payload) ? got.payload : [];
  const found = noneNormalised();
  let firstFailure: string | undefined;
  rows.forEach((row, index) => {
    const read = z.safeParse(item, row);
    if (read.success) findNormalised(row, read.data, found);
    else firstFailure ??= firstIssue(read.error, row, ['payload', index]);
  });
  const { items, skipped } = listed.data;
  if (items.length === 0 && rows.length > 0) {
    return {
      outcome: incompatible(
        `${firstFailure ?? 'no item'} (none of ${rows.length} items could be read)`,
      ),
      items,
    };
  }
  const notes = [
    ...(rows.length === 0 ? ['the list is empty: no item to check'] : []),
    ...(skipped > 0
      ? [`${skipped} of ${rows.length} items could not be read, first ${firstFailure ?? ''}`]
      : []),
    ...normalisedNotes(found),
    ...extraNotes(items),
  ];
  return { outcome: compatible(notes), items };
}

/** One record (or whatever the schema allows, e.g. null) read from the envelope's payload. */
export function classifyOne<T>(
  schema: z.ZodMiniType<T>,
  answer: Answer,
): { outcome: Outcome; value?: T } {
  const got = payloadOf(answer);
  if ('outcome' in got) return { outcome: got.outcome };
  return classifyValue(schema, got.payload, ['payload']);
}

/** `value` (found at `at` in the reply) read with `schema`. */
export function classifyValue<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
  at: readonly PropertyKey[],
): { outcome: Outcome; value?: T } {
  const read = z.safeParse(schema, value);
  if (!read.success) return { outcome: incompatible(firstIssue(read.error, value, at)) };
  const found = noneNormalised();
  findNormalised(value, read.data, found);
  return { outcome: compatible(normalisedNotes(found)), value: read.data };
}

/**
 * The base URL as the deployed product judges it (`parseUpstreamUrl`, which refuses plain http
 * beyond this machine: passwords and bearer tokens would cross the network in clear).
 */
export function transportOutcome(baseUrl: string): Outcome {
  try {
    const url = parseUpstreamUrl(baseUrl);
    return {
      mark: 'pass',
      text: url.protocol === 'https:' ? 'https' : 'plain http, to this machine only',
    };
  } catch (error) {
    return { mark: 'fail', text: error instanceof Error ? error.message : String(error) };
  }
}

const CREDENTIALS = 'check UPSTREAM_ADMIN_EMAIL and UPSTREAM_ADMIN_PASSWORD';

/** The sign-in: its bearer token when the product would let this account in (an admin). */
export function loginOutcome(answer: Answer): { outcome: Outcome; token?: string } {
  const refused =
    'status' in answer &&
    ([401, 403, 422].includes(answer.status) ||
      (answer.status === 200 && answer.body.kind === 'json' && !flagged(answer.body.json)));
  if (refused) {
    return {
      outcome: {
        mark: 'fail',
        text: `refused the sign-in${refusalText(answer.body)}: ${CREDENTIALS}`,
      },
    };
  }
  const read = classifyOne(loginPayloadSchema, answer);
  if (read.value === undefined) return { outcome: read.outcome };
  const { role } = read.value.user;
  if (role[0] !== 'admin') {
    return {
      outcome: incompatible(
        `payload.user.role: got ${shortJson(role)}, expected "admin" first: the product lets admins in only`,
      ),
    };
  }
  return { outcome: read.outcome, token: read.value.token };
}

/** An envelope whose success flag reads as success (or no envelope at all: judged later). */
function flagged(json: unknown): boolean {
  const envelope = bareEnvelopeSchema.safeParse(json);
  return !envelope.success || envelope.data.metadata.success;
}

/** ` : "message"`, from the envelope or from Laravel's `{message}` outside it; '' for none. */
export function refusalText(body: ReplyBody): string {
  if (body.kind !== 'json') return '';
  const envelope = bareEnvelopeSchema.safeParse(body.json);
  const laravel = z.object({ message: envelopeMessageSchema }).safeParse(body.json);
  const message = envelope.success
    ? envelope.data.metadata.message
    : laravel.success
      ? laravel.data.message
      : undefined;
  const [first] = messageLines(message);
  return first === undefined ? '' : `: ${shortJson(first, 80)}`;
}

function firstIssue(error: z.core.$ZodError, root: unknown, prefix: readonly PropertyKey[] = []) {
  const [issue] = error.issues;
  return issue === undefined ? 'unreadable' : describeIssue(issue, root, prefix);
}

/**
 * A write's reply (docs/upstream.md, "Success"): done on a 2xx whose envelope says success, a
 * bare JSON model or no body. `record` reads the record it echoes, when it does; without one
 * the product reads its list again, which is told as a note.
 */
export function writeOutcome<T extends { id: number }>(
  answer: Answer,
  record?: { schema: z.ZodMiniType<T>; id: z.ZodMiniType<{ id: number }>; noun: string },
): { outcome: Outcome; id?: number } {
  if ('unreachable' in answer)
    return { outcome: { mark: 'fail', text: `unreachable: ${answer.unreachable}` } };
  if (answer.status === 404) return { outcome: MISSING };
  const done = writeSucceeded(answer.status, answer.body);
  if (done === undefined) {
    const why = answer.body.kind === 'other' ? ': the reply is not JSON' : refusalText(answer.body);
    return { outcome: incompatible(`HTTP ${answer.status}${why}`) };
  }
  if (record === undefined) return { outcome: compatible() };
  const echoed = z.safeParse(record.schema, done.record);
  if (echoed.success) return { outcome: compatible(), id: echoed.data.id };
  const id = z.safeParse(record.id, done.record);
  return {
    outcome: compatible([
      `the reply holds no ${record.noun} the product can read: it reads the list again`,
    ]),
    ...(id.success ? { id: id.data.id } : {}),
  };
}
