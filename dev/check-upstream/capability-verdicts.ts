import { sessionUserSchema } from '../../functions/src/contracts/index.js';
import {
  type Answer,
  answerFailure,
  classifyValue,
  isAbsent,
  MISSING,
  type Outcome,
  payloadOf,
  refusalText,
} from './verdict.js';

/**
 * The optional capabilities (functions/src/contracts/upstream/capabilities.ts) as the upstream answers
 * them, against the parameters the operator will deploy. A capability configured on that the
 * upstream lacks is a `warn` with the parameter to set; one the upstream has but is off is told
 * as `info`. Pure.
 */

/** A call probed with an empty body: a validation refusal (422) says it exists, 404 that not. */
export interface ProbedCall {
  /** The parameter that turns it on, e.g. UPSTREAM_REGISTRATION. */
  param: string;
  on: boolean;
  /** What the product offers when it is on. */
  offers: string;
}

export function probedOutcome(call: ProbedCall, answer: Answer): Outcome {
  if ('unreachable' in answer)
    return { mark: 'warn', text: `could not tell: ${answer.unreachable}` };
  if (isAbsent(answer)) {
    return call.on
      ? {
          mark: 'warn',
          text: `configured on (${call.param}=true) but missing (${answer.status}): set ${call.param}=false`,
        }
      : { mark: 'pass', text: `absent, and off (${call.param}=false)` };
  }
  if (answer.status >= 500) {
    return {
      mark: 'warn',
      text: `could not tell: HTTP ${answer.status}${refusalText(answer.body)}`,
    };
  }
  return call.on
    ? { mark: 'pass', text: `present (HTTP ${answer.status} to an empty request)` }
    : { mark: 'info', text: `present, but off: set ${call.param}=true to offer ${call.offers}` };
}

/** A required call probed with an empty body (`POST /password/reset`): it must exist. */
export function requiredProbeOutcome(answer: Answer): Outcome {
  if ('unreachable' in answer) return { mark: 'fail', text: `unreachable: ${answer.unreachable}` };
  if (isAbsent(answer))
    return answer.status === 404 ? MISSING : { ...MISSING, text: `missing (${answer.status})` };
  if (answer.status >= 500) {
    return { mark: 'fail', text: `incompatible: HTTP ${answer.status}${refusalText(answer.body)}` };
  }
  return { mark: 'pass', text: `present (HTTP ${answer.status} to an empty request)` };
}

export interface CurrentUserCall {
  path: string;
  envelope: boolean;
}

/** The form in which `answer` holds a signed-in user, or undefined when it holds none. */
export function userForm(answer: Answer): { envelope: boolean } | undefined {
  if (answerFailure(answer) !== undefined || !('body' in answer) || answer.body.kind !== 'json') {
    return undefined;
  }
  const got = payloadOf(answer);
  if ('payload' in got && sessionUserSchema.safeParse(got.payload).success)
    return { envelope: true };
  if (sessionUserSchema.safeParse(answer.body.json).success) return { envelope: false };
  return undefined;
}

export const currentUserSetting = ({ path, envelope }: CurrentUserCall) =>
  `UPSTREAM_CURRENT_USER_PATH=${path} and UPSTREAM_CURRENT_USER_ENVELOPE=${envelope}`;

/**
 * The configured current-user call (`null`: off) given its answer, and the other paths found to
 * answer a user, which are offered as the fix.
 */
export function currentUserOutcome(
  configured: CurrentUserCall | null,
  answer: Answer | undefined,
  found: readonly CurrentUserCall[],
): Outcome {
  const [other] = found;
  const suggestion = other
    ? `GET ${other.path} answers the user: set ${currentUserSetting(other)}`
    : 'neither GET /me nor GET /user answers the user';
  if (configured === null || answer === undefined) {
    return other
      ? { mark: 'info', text: `off (UPSTREAM_CURRENT_USER_PATH=none); ${suggestion}` }
      : { mark: 'pass', text: `off (UPSTREAM_CURRENT_USER_PATH=none); ${suggestion}` };
  }
  const failure = answerFailure(answer);
  if (failure !== undefined) {
    const fix = other ? suggestion : `${suggestion}: set UPSTREAM_CURRENT_USER_PATH=none`;
    return { mark: 'warn', text: `${failure.text}; ${fix}` };
  }
  const read = configured.envelope
    ? readInEnvelope(answer)
    : classifyValue(
        sessionUserSchema,
        'body' in answer && answer.body.kind === 'json' ? answer.body.json : undefined,
        [],
      ).outcome;
  if (read.mark === 'pass') return read;
  const form = userForm(answer);
  if (form !== undefined && form.envelope !== configured.envelope) {
    const shape = form.envelope ? 'in the envelope' : 'bare, outside the envelope';
    return {
      mark: 'warn',
      text: `the user arrives ${shape}: set UPSTREAM_CURRENT_USER_ENVELOPE=${form.envelope}`,
    };
  }
  return { mark: 'warn', text: `${read.text}; ${suggestion}` };
}

function readInEnvelope(answer: Answer): Outcome {
  const got = payloadOf(answer);
  if ('outcome' in got) return got.outcome;
  return classifyValue(sessionUserSchema, got.payload, ['payload']).outcome;
}

/** A day no upstream has prices for: asking for it tells whether the day parameter is read. */
export const PROBE_DAY = '2000-01-01';

/**
 * Whether the price read honours the configured day parameter. `latest` is the price read's
 * record (for yesterday when the parameter is configured), `probe` the read for PROBE_DAY
 * (undefined: that read failed).
 */
export function priceDayOutcome(
  param: string | null,
  latest: { date: string } | null,
  probe: { date: string } | null | undefined,
): Outcome {
  if (probe === undefined)
    return { mark: 'warn', text: `could not tell: the read for ${PROBE_DAY} failed` };
  const ignored = probe !== null && probe.date !== PROBE_DAY;
  if (param !== null) {
    if (ignored) {
      return {
        mark: 'warn',
        text: `asked ?${param}=${PROBE_DAY}, the upstream answered ${probe.date}: it ignores the parameter; set UPSTREAM_PRICE_DAY_PARAM=none`,
      };
    }
    return latest === null && probe === null
      ? { mark: 'info', text: 'could not tell: no prices saved to tell by' }
      : { mark: 'pass', text: `the upstream answers the day asked (?${param}=)` };
  }
  if (latest === null)
    return {
      mark: 'info',
      text: 'off (UPSTREAM_PRICE_DAY_PARAM=none); could not tell more: no prices saved',
    };
  return ignored
    ? {
        mark: 'pass',
        text: 'off (UPSTREAM_PRICE_DAY_PARAM=none), and the upstream answers its latest day',
      }
    : {
        mark: 'info',
        text: `off, but the upstream seems to read ?date= (nothing for ${PROBE_DAY}): set UPSTREAM_PRICE_DAY_PARAM=date to choose the day`,
      };
}
