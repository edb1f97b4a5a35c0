import type { User } from '@contracts/upstream/upstream';
import { newestFirst } from '../newest-first';

/**
 * The app users as list screens need them (All Users, Send Notification). The upstream returns
 * every user in one reply — about 30 MB of JSON for 100 000 users — so the reply is read,
 * validated and reduced off the main thread (app-users.worker.ts), and crosses to the page in
 * this packed form: a few strings and typed arrays, which structured cloning copies in
 * milliseconds where 100 000 small objects would hold the page for a long task.
 */

/** One app user as a row shows them. */
export interface AppUserRow {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  /** The picture's URL (already `/api/files/...`), '' for none. */
  readonly image: string;
  /** Push devices the user has; 0 means they cannot receive a notification. */
  readonly devices: number;
  /**
   * The name's position in alphabetical order (ties by list order), so a table sorts by name
   * with a numeric comparison; the collation itself was paid for in the worker.
   */
  readonly nameRank: number;
}

/** One text column: every value concatenated, and where each value ends in `text`. */
export interface PackedText {
  text: string;
  ends: Uint32Array<ArrayBuffer>;
}

/** Every column holds one value per user (`count`); `protocol.ts` checks it when they cross. */
export interface PackedAppUsers {
  count: number;
  /** Users of the reply that could not be read, so are not in the list. */
  skipped: number;
  ids: Float64Array<ArrayBuffer>;
  devices: Uint32Array<ArrayBuffer>;
  nameRanks: Uint32Array<ArrayBuffer>;
  names: PackedText;
  emails: PackedText;
  images: PackedText;
}

function packText(values: readonly string[]): PackedText {
  const ends = new Uint32Array(values.length);
  let at = 0;
  values.forEach((value, i) => {
    at += value.length;
    ends[i] = at;
  });
  return { text: values.join(''), ends };
}

function textAt(column: PackedText, i: number): string {
  const start = i === 0 ? 0 : (column.ends[i - 1] as number);
  return column.text.slice(start, column.ends[i] as number);
}

const NOT_ASCII = /[\u0080-\uffff]/;

/** How a name sorts: case and accents set aside ("émile" beside "Emile"). */
function sortKey(name: string): string {
  const lower = name.toLowerCase();
  // Most names are plain ASCII, with nothing to take apart.
  return NOT_ASCII.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
}

/** Alphabetical rank of each name: `ranks[i]` is where row i lands when sorted by name. */
export function rankNames(names: readonly string[]): Uint32Array<ArrayBuffer> {
  const keys = names.map(sortKey);
  const order = Array.from(names, (_, i) => i);
  // Plain comparisons of precomputed keys: a collator compare per pair is ten times slower.
  order.sort((a, b) => {
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : a - b;
  });
  const ranks = new Uint32Array(names.length);
  order.forEach((row, rank) => {
    ranks[row] = rank;
  });
  return ranks;
}

/** The users newest first (whatever the upstream's order), packed for the page. */
export function packAppUsers(upstream: readonly User[], skipped = 0): PackedAppUsers {
  // Sorted here, in the worker, so the page's table starts newest first at no cost to the page.
  const users = newestFirst(upstream);
  const names = users.map((user) => user.name);
  return {
    count: users.length,
    skipped,
    ids: Float64Array.from(users, (user) => user.id),
    devices: Uint32Array.from(users, (user) => user.device_ids.length),
    nameRanks: rankNames(names),
    names: packText(names),
    emails: packText(users.map((user) => user.email ?? '')),
    images: packText(users.map((user) => user.image?.original_url ?? '')),
  };
}

/**
 * A row read from the packed columns when a field is asked for. Making 100 000 of these costs a
 * few milliseconds; copying every field out would allocate 300 000 strings in one task, most of
 * them never shown (a table paints ten rows), and the collection that follows would hold the
 * page.
 */
class PackedUserRow implements AppUserRow {
  readonly #packed: PackedAppUsers;
  readonly #at: number;

  constructor(packed: PackedAppUsers, at: number) {
    this.#packed = packed;
    this.#at = at;
  }
  get id(): number {
    return this.#packed.ids[this.#at] as number;
  }
  get name(): string {
    return textAt(this.#packed.names, this.#at);
  }
  get email(): string {
    return textAt(this.#packed.emails, this.#at);
  }
  get image(): string {
    return textAt(this.#packed.images, this.#at);
  }
  get devices(): number {
    return this.#packed.devices[this.#at] as number;
  }
  get nameRank(): number {
    return this.#packed.nameRanks[this.#at] as number;
  }
}

export function unpackAppUsers(packed: PackedAppUsers): AppUserRow[] {
  const rows = new Array<AppUserRow>(packed.count);
  for (let i = 0; i < packed.count; i += 1) rows[i] = new PackedUserRow(packed, i);
  return rows;
}

/** The buffers a packed list can hand over rather than copy. */
export function transferablesOf(packed: PackedAppUsers): ArrayBuffer[] {
  return [
    packed.ids,
    packed.devices,
    packed.nameRanks,
    packed.names.ends,
    packed.emails.ends,
    packed.images.ends,
  ].map((column) => column.buffer);
}
