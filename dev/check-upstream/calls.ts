import * as z from 'zod/mini';
import {
  announcementSchema,
  complaintSchema,
  fuelPriceSchema,
  fuelPriceTypeSchema,
  groupSchema,
  offerSchema,
  reportSchema,
  userSchema,
  type FuelPrice,
} from '../../functions/src/contracts/index.js';
import { offerSlotNotes } from './notes.js';
import { type Answer, classifyList, classifyOne, type Outcome } from './verdict.js';

/**
 * The original API's reads, in the order a later one needs an id from an earlier one, each
 * parsed with the schema the product reads that reply with (web/src/features/<screen>/api).
 */

/** The first user, group and fuel-price type the lists gave: what the later reads are about. */
export interface Ids {
  user?: number;
  group?: number;
  type?: number;
}

export interface ReadCall {
  /** As UPSTREAM_CALLS names the call: method, then the path with `:name` for an id. */
  name: string;
  /** The path to read, or why it cannot be read (an earlier list gave no id). */
  target(ids: Ids, dayParam: string | null, day: string): Target;
  classify(answer: Answer): Read;
}

export type Target = { path: string; query?: Record<string, string> } | { skip: string };

export interface Read {
  outcome: Outcome;
  ids?: Ids;
  /** The price read's record (null: none saved), for the price-day probe. */
  price?: FuelPrice | null;
}

/** The member picker's fields of a user (web/src/features/groups/api/get-members.ts). */
const memberSchema = z.pick(userSchema, { id: true, name: true, email: true, image: true });

const fixed = (path: string) => () => ({ path });

function list<T extends { id: number }>(
  name: string,
  item: z.ZodMiniType<T>,
  target: ReadCall['target'],
  options: { gives?: keyof Ids; notes?: (items: T[]) => string[] } = {},
): ReadCall {
  return {
    name,
    target,
    classify(answer) {
      const { outcome, items } = classifyList(item, answer, options.notes);
      const first = items[0];
      return { outcome, ids: options.gives && first ? { [options.gives]: first.id } : {} };
    },
  };
}

export const READ_CALLS: readonly ReadCall[] = [
  list('GET /admin/user', userSchema, fixed('admin/user'), { gives: 'user' }),
  list('GET /admin/user-reports/:user', reportSchema, ({ user }) =>
    user === undefined
      ? { skip: 'no user to read the invoices of' }
      : { path: `admin/user-reports/${user}` },
  ),
  list('GET /admin/user-complaint', complaintSchema, fixed('admin/user-complaint')),
  list('GET /admin/notifications', announcementSchema, fixed('admin/notifications')),
  list('GET /admin/groups', groupSchema, fixed('admin/groups'), { gives: 'group' }),
  list('GET /admin/groups/:group/assigned-users', memberSchema, ({ group }) =>
    group === undefined
      ? { skip: 'no group to read the members of' }
      : { path: `admin/groups/${group}/assigned-users` },
  ),
  list('GET /admin/offers', offerSchema, fixed('admin/offers'), { notes: offerSlotNotes }),
  list('GET /admin/fuel-price-types', fuelPriceTypeSchema, fixed('admin/fuel-price-types'), {
    gives: 'type',
  }),
  {
    name: 'GET /admin/group/:group/fuel-prices/:type',
    target: ({ group, type }, dayParam, day) =>
      group === undefined || type === undefined
        ? { skip: 'no group and fuel-price type to read the prices of' }
        : {
            path: priceReadPath(group, type),
            ...(dayParam === null ? {} : { query: { [dayParam]: day } }),
          },
    classify(answer) {
      const { outcome, value } = classifyOne(z.nullable(fuelPriceSchema), answer);
      if (value === null) {
        return {
          outcome: {
            ...outcome,
            text: `${outcome.text}, note: no prices saved: fields not checked`,
          },
          price: null,
        };
      }
      return value === undefined ? { outcome } : { outcome, price: value };
    },
  },
];

export const priceReadPath = (group: number, type: number) =>
  `admin/group/${group}/fuel-prices/${type}`;
