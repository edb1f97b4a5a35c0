import * as z from 'zod/mini';
import { groupSchema, reportSchema } from '../../functions/src/contracts/index.js';
import { encodePng } from '../api/png.js';
import type { Upstream } from './http.js';
import type { Line } from './report.js';
import {
  type Answer,
  classifyList,
  incompatible,
  MISSING,
  type Outcome,
  writeOutcome,
} from './verdict.js';

/**
 * `--write`: the writes the API can undo, and only those. An invoice on the given user and a
 * group with no members are created, renamed and deleted again; offers, prices, members,
 * announcements and complaints are never written (an offer or a price cannot be put back as it
 * was, and members and complaints belong to real people).
 */

/** One record made upstream: how to delete it, and how to name it if that fails. */
interface Made {
  subject: string;
  what: string;
  remove(): Promise<Answer>;
  /** Whether it is still listed upstream after its deletion (undefined: the list is unreadable). */
  stillListed(): Promise<boolean | undefined>;
}

type Report = (line: Line) => void;

export const writeNames = (stamp: string) => ({
  invoice: `check-upstream ${stamp}`,
  group: `check-upstream ${stamp}`,
});

export function writePlan(userId: number, stamp: string): string {
  const names = writeNames(stamp);
  return (
    `--write will create, rename and then delete: an invoice "${names.invoice}" on user ${userId}, ` +
    `and a group "${names.group}" with no members and a 2x2 PNG image.`
  );
}

export async function writeRoundTrips(
  signedIn: Upstream,
  userId: number,
  stamp: string,
  report: Report,
): Promise<void> {
  const names = writeNames(stamp);
  const made: Made[] = [];
  try {
    await invoiceRoundTrip(signedIn, userId, names.invoice, report, made);
    await groupRoundTrip(signedIn, names.group, report, made);
  } finally {
    for (const record of made.reverse()) await remove(record, report);
  }
}

const invoiceRecord = {
  schema: reportSchema,
  id: z.pick(reportSchema, { id: true }),
  noun: 'invoice',
};
const groupRecord = { schema: groupSchema, id: z.pick(groupSchema, { id: true }), noun: 'group' };

async function invoiceRoundTrip(
  signedIn: Upstream,
  userId: number,
  title: string,
  report: Report,
  made: Made[],
) {
  const invoice = (name: string) => ({
    user_id: userId,
    title: name,
    description: 'Made by npm run check-upstream, and deleted again at once.',
    url: null,
  });
  const listed = async () =>
    readable(
      classifyList(reportSchema, await signedIn.call('GET', `admin/user-reports/${userId}`)),
    );
  const created = writeOutcome(
    await signedIn.call('POST', 'admin/user-report', { json: invoice(title) }),
    invoiceRecord,
  );
  report({
    subject: 'POST /admin/user-report',
    ...(created.outcome === MISSING
      ? { ...MISSING, text: `missing (404): the call, or user ${userId} (--user)` }
      : created.outcome),
  });
  const id = await madeId(
    created,
    async () => found(await listed(), (row) => row.title === title),
    `the invoice "${title}" of user ${userId}`,
    report,
  );
  if (id === undefined) return;
  made.push({
    subject: 'DELETE /admin/user-report/:invoice',
    what: `invoice ${id} "${title}" of user ${userId}`,
    remove: () => signedIn.call('DELETE', `admin/user-report/${id}`),
    stillListed: async () => (await listed())?.some((row) => row.id === id),
  });
  if (created.outcome.mark !== 'pass') return;
  const renamed = `${title} (renamed)`;
  const updated = writeOutcome(
    await signedIn.call('PUT', `admin/user-report/${id}`, { json: invoice(renamed) }),
    invoiceRecord,
  );
  report({
    subject: 'PUT /admin/user-report/:invoice',
    ...shown(
      updated.outcome,
      (await listed())?.some((row) => row.id === id && row.title === renamed),
    ),
  });
}

async function groupRoundTrip(signedIn: Upstream, name: string, report: Report, made: Made[]) {
  const listed = async () =>
    readable(classifyList(groupSchema, await signedIn.call('GET', 'admin/groups')));
  const form = new FormData();
  form.append('name', name);
  form.append(
    'image',
    new Blob([new Uint8Array(encodePng(2, 2, new Uint8Array(12)))], { type: 'image/png' }),
    'check-upstream.png',
  );
  const created = writeOutcome(await signedIn.call('POST', 'admin/groups', { form }), groupRecord);
  report({ subject: 'POST /admin/groups', ...created.outcome });
  const id = await madeId(
    created,
    async () => found(await listed(), (group) => group.name === name),
    `the group "${name}"`,
    report,
  );
  if (id === undefined) return;
  made.push({
    subject: 'DELETE /admin/groups/:group',
    what: `group ${id} "${name}"`,
    remove: () => signedIn.call('DELETE', `admin/groups/${id}`),
    stillListed: async () => (await listed())?.some((group) => group.id === id),
  });
  if (created.outcome.mark !== 'pass') return;
  const renamed = `${name} (renamed)`;
  const rename = new FormData();
  rename.append('name', renamed);
  const updated = writeOutcome(
    await signedIn.call('PUT', `admin/groups/${id}`, { form: rename }),
    groupRecord,
  );
  report({
    subject: 'PUT /admin/groups/:group',
    ...shown(
      updated.outcome,
      (await listed())?.some((group) => group.id === id && group.name === renamed),
    ),
  });
}

/**
 * The id of the record a create made: from its reply, else found in its list by its unique name
 * (`find`: null when not listed, undefined when the list is unreadable). A failed reply may
 * still have stored it, which is then deleted all the same.
 */
async function madeId(
  created: { outcome: Outcome; id?: number },
  find: () => Promise<number | null | undefined>,
  what: string,
  report: Report,
): Promise<number | undefined> {
  if (created.id !== undefined) return created.id;
  const listed = await find();
  if (typeof listed === 'number') return listed;
  if (created.outcome.mark === 'pass' || listed === undefined) {
    leftBehind(report, `${what}, if it was made (its id could not be found)`);
  }
  return undefined;
}

/** The id of the item that `matches`: null for none, undefined when the list was unreadable. */
const found = <T extends { id: number }>(items: T[] | undefined, matches: (item: T) => boolean) =>
  items === undefined ? undefined : (items.find(matches)?.id ?? null);

/** The items of a list read, or undefined when it could not be read. */
const readable = <T>(read: { outcome: Outcome; items: T[] }) =>
  read.outcome.mark === 'pass' ? read.items : undefined;

/** An update the upstream said it made must show when the list is read again. */
function shown(outcome: Outcome, listedAsChanged: boolean | undefined): Outcome {
  return outcome.mark !== 'pass' || listedAsChanged !== false
    ? outcome
    : incompatible('the reply says done, but the list does not show the change');
}

async function remove(record: Made, report: Report) {
  const { outcome } = writeOutcome(await record.remove());
  const listed = await record.stillListed();
  report({
    subject: record.subject,
    ...(listed === true && outcome.mark === 'pass'
      ? incompatible('the reply says done, but it is still listed')
      : outcome),
  });
  const deleted = listed === false || (listed === undefined && outcome.mark === 'pass');
  if (!deleted) leftBehind(report, record.what);
}

function leftBehind(report: Report, what: string) {
  report({ subject: 'left behind', mark: 'fail', text: `${what}: delete it by hand` });
}
