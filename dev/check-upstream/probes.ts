import * as z from 'zod/mini';
import { type Capabilities, fuelPriceSchema } from '../../functions/src/contracts/index.js';
import { type Ids, priceReadPath } from './calls.js';
import {
  type CurrentUserCall,
  currentUserOutcome,
  PROBE_DAY,
  priceDayOutcome,
  probedOutcome,
  requiredProbeOutcome,
  userForm,
} from './capability-verdicts.js';
import type { Upstream } from './http.js';
import type { Line } from './report.js';
import { classifyOne } from './verdict.js';

/**
 * The calls beyond the reads: the optional capabilities and the signed-out calls, each probed
 * without a side effect (reads, and POSTs with an empty body that can only be refused).
 */

const CURRENT_USER_PATHS: readonly CurrentUserCall[] = [
  { path: '/me', envelope: true },
  { path: '/user', envelope: false },
];

export async function currentUserLine(
  signedIn: Upstream,
  configured: Capabilities['currentUser'],
): Promise<Line> {
  const subject = `GET ${configured?.path ?? '/me or /user'} (current user)`;
  const answer = configured === null ? undefined : await signedIn.call('GET', configured.path);
  const works = answer !== undefined && currentUserOutcome(configured, answer, []).mark === 'pass';
  const found: CurrentUserCall[] = [];
  if (!works) {
    // Other places a Laravel application commonly answers the signed-in user, offered as the fix.
    for (const { path } of CURRENT_USER_PATHS.filter((call) => call.path !== configured?.path)) {
      const form = userForm(await signedIn.call('GET', path));
      if (form !== undefined) found.push({ path, envelope: form.envelope });
    }
  }
  return { subject, ...currentUserOutcome(configured, answer, found) };
}

/** The signed-out POSTs, each sent an empty body: a 422 says the call exists, a 404 that not. */
export async function signedOutLines(
  signedOut: Upstream,
  capabilities: Capabilities,
): Promise<Line[]> {
  const probe = (path: string) => signedOut.call('POST', path, { json: {} });
  return [
    { subject: 'POST /password/reset', ...requiredProbeOutcome(await probe('password/reset')) },
    {
      subject: 'POST /register (optional)',
      ...probedOutcome(
        {
          param: 'UPSTREAM_REGISTRATION',
          on: capabilities.registration,
          offers: 'the registration screen',
        },
        await probe('register'),
      ),
    },
    {
      subject: 'POST /password/email (optional)',
      ...probedOutcome(
        {
          param: 'UPSTREAM_PASSWORD_REQUEST',
          on: capabilities.passwordRequest,
          offers: 'the "forgot password" request screen',
        },
        await probe('password/email'),
      ),
    },
  ];
}

/**
 * Whether the price read picks the day: asked for a day long before any price, an upstream that
 * reads the parameter answers nothing, one that ignores it answers its latest day.
 */
export async function priceDayLine(
  signedIn: Upstream,
  ids: Ids,
  dayParam: string | null,
  latest: { date: string } | null | undefined,
): Promise<Line> {
  const subject = `?${dayParam ?? 'date'}= of the price read (optional)`;
  if (ids.group === undefined || ids.type === undefined || latest === undefined) {
    return { subject, mark: 'info', text: 'not checked: the price read gave nothing to compare' };
  }
  const answer = await signedIn.call('GET', priceReadPath(ids.group, ids.type), {
    query: { [dayParam ?? 'date']: PROBE_DAY },
  });
  const probe = classifyOne(z.nullable(fuelPriceSchema), answer);
  return {
    subject,
    ...priceDayOutcome(dayParam, latest, probe.outcome.mark === 'pass' ? probe.value : undefined),
  };
}

/** Emptying a group is told only by a members write, which the check never makes. */
export const emptyGroupLine = (emptyGroup: boolean): Line => ({
  subject: 'assign-users without user_ids (optional)',
  mark: 'info',
  text: `not checked (UPSTREAM_EMPTY_GROUP=${emptyGroup}): only a write to a group's members would tell, and the check never writes members`,
});
