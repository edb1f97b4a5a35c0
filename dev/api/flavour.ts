import { z } from 'zod';
import {
  type CapabilityParams,
  NONE,
} from '../../functions/src/contracts/upstream/capabilities.js';
import type { EnvelopeMessage } from '../../functions/src/contracts/upstream/envelope.js';
import { fail } from './envelope.js';

/**
 * The dialects the API speaks. `reference` answers in exactly the shapes the product reads
 * best; `laravel` answers as a typical Laravel application does where the original API's
 * description is silent. Every difference between the two is named here, once.
 */
export const FLAVOURS = ['reference', 'laravel'] as const;
export type FlavourName = (typeof FLAVOURS)[number];

export interface Flavour {
  name: FlavourName;
  /** A stored time (ISO 8601 in UTC) as it is sent. */
  time(iso: string): string;
  /** A stored price as it is sent. */
  price(value: number): number | string;
  /** The price read answers for the day asked (`?date=`, default today) or the latest saved day. */
  priceDay: 'asked' | 'latest';
  /** Offers name their `slot`. */
  offerSlots: boolean;
  /** The chat upload reply adds the file's name, type and size to its id and address. */
  chatFileDetails: boolean;
  /**
   * Create and update replies carry relations (members, images, the complainer) and echo the
   * members and prices saved; otherwise the bare model, and `null` for members and prices.
   */
  writeRelations: boolean;
  /** The body of every reply that is not a success. */
  errorBody(message: EnvelopeMessage): unknown;
  /** An app user's deletion: the row and all that is theirs, or a `deleted_at` mark. */
  userDeletion: 'hard' | 'soft';
  /** Stored files are served on the API's own origin or on a second one. */
  fileOrigin: 'own' | 'second';
  /** `_method` is read from the body, then the query; otherwise from the query only. */
  methodFromBody: boolean;
  /** Where the signed-in user is read, and whether that reply is in the envelope. */
  currentUser: { path: '/me'; envelope: true } | { path: '/user'; envelope: false };
  /** assign-users needs a non-empty `user_ids`; otherwise none empties the group. */
  membersRequired: boolean;
  /** `POST /register` and `POST /password/email` exist. */
  selfService: boolean;
}

export const REFERENCE: Flavour = {
  name: 'reference',
  time: (iso) => iso,
  price: (value) => value,
  priceDay: 'asked',
  offerSlots: true,
  chatFileDetails: true,
  writeRelations: true,
  errorBody: fail,
  userDeletion: 'hard',
  fileOrigin: 'own',
  methodFromBody: false,
  currentUser: { path: '/me', envelope: true },
  membersRequired: false,
  selfService: true,
};

export const LARAVEL: Flavour = {
  name: 'laravel',
  time: mysqlDateTime,
  price: mysqlDecimal,
  priceDay: 'latest',
  offerSlots: false,
  chatFileDetails: false,
  writeRelations: false,
  errorBody: laravelError,
  userDeletion: 'soft',
  fileOrigin: 'second',
  methodFromBody: true,
  currentUser: { path: '/user', envelope: false },
  membersRequired: true,
  selfService: false,
};

export const FLAVOUR_BY_NAME: Record<FlavourName, Flavour> = {
  reference: REFERENCE,
  laravel: LARAVEL,
};

/** The capability parameters an operator sets for an upstream that speaks `flavour`. */
export function capabilityParamsOf(flavour: Flavour): CapabilityParams {
  return {
    UPSTREAM_CURRENT_USER_PATH: flavour.currentUser.path,
    UPSTREAM_CURRENT_USER_ENVELOPE: flavour.currentUser.envelope,
    UPSTREAM_REGISTRATION: flavour.selfService,
    UPSTREAM_PASSWORD_REQUEST: flavour.selfService,
    UPSTREAM_PRICE_DAY_PARAM: flavour.priceDay === 'asked' ? 'date' : NONE,
    UPSTREAM_EMPTY_GROUP: !flavour.membersRequired,
  };
}

/**
 * The flavour called `value` (from `source`: an option, a variable), or an Error saying which
 * names exist.
 */
export function flavourNamed(value: unknown, source: string): Flavour {
  const parsed = z.enum(FLAVOURS).safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `Unknown API flavour ${JSON.stringify(value)} (${source}): use ${FLAVOURS.join(' or ')}.`,
    );
  }
  return FLAVOUR_BY_NAME[parsed.data];
}

/** The command line's choice: `--flavour`, else FUEL_API_FLAVOUR (unset or empty: none), else reference. */
export function chooseFlavour(option: string | undefined, variable: string | undefined): Flavour {
  if (option !== undefined) return flavourNamed(option, '--flavour');
  if (variable !== undefined && variable !== '') return flavourNamed(variable, 'FUEL_API_FLAVOUR');
  return REFERENCE;
}

/** MySQL's DATETIME as Laravel sends a column without a cast: `2026-11-28 08:40:14` (UTC). */
export function mysqlDateTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/** A DECIMAL(8,3) column as PDO hands it over: text with three decimals, rounded half up. */
export function mysqlDecimal(value: number): string {
  // toPrecision(15) drops the binary noise (1.0005 * 1000 = 1000.4999…) before rounding.
  return (Math.round(Number((value * 1000).toPrecision(15))) / 1000).toFixed(3);
}

/**
 * Laravel's error replies, outside any envelope: `{message}`, and for a failed validation
 * `{message, errors}` with the first message and how many more there are.
 */
export function laravelError(message: EnvelopeMessage) {
  if (typeof message === 'string') return { message };
  if (Array.isArray(message)) return { message: message.join(' ') };
  return { message: summarize(Object.values(message).flat()), errors: message };
}

/** Laravel's `ValidationException::summarize`. */
function summarize(messages: string[]): string {
  const [first] = messages;
  if (first === undefined) return 'The given data was invalid.';
  const more = messages.length - 1;
  if (more === 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}
