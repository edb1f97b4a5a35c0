import { z } from 'zod';
import { userSchema, type User } from '@contracts/upstream';
import type { ApiClient } from '../api-client';

/**
 * The app users as list screens need them (All Users, Send Notification). The upstream returns
 * every user in one reply — about 30 MB of JSON for 100 000 users — so the reply is read,
 * validated and reduced off the main thread (app-users.worker.ts), and crosses to the page in
 * this packed form: a few strings and typed arrays, which structured cloning copies in
 * milliseconds where 100 000 small objects would hold the page for a long task.
 */

/** One app user as a row shows them. */
export interface AppUserRow {
  id: number;
  name: string;
  email: string;
  /** The picture's URL (already `/api/files/...`), '' for none. */
  image: string;
  /** Push devices the user has; 0 means they cannot receive a notification. */
  devices: number;
  /**
   * The name's position in alphabetical order (ties by list order), so a table sorts by name
   * with a numeric comparison; the collation itself was paid for in the worker.
   */
  nameRank: number;
}

const packedTextSchema = z.object({
  /** Every value concatenated. */
  text: z.string(),
  /** Where each value ends in `text`. */
  ends: z.instanceof(Uint32Array<ArrayBuffer>),
});
export type PackedText = z.infer<typeof packedTextSchema>;

export const packedAppUsersSchema = z
  .object({
    count: z.number().int().nonnegative(),
    ids: z.instanceof(Float64Array<ArrayBuffer>),
    devices: z.instanceof(Uint32Array<ArrayBuffer>),
    nameRanks: z.instanceof(Uint32Array<ArrayBuffer>),
    names: packedTextSchema,
    emails: packedTextSchema,
    images: packedTextSchema,
  })
  .refine(
    (p) =>
      [p.ids, p.devices, p.nameRanks, p.names.ends, p.emails.ends, p.images.ends].every(
        (column) => column.length === p.count,
      ),
    { message: 'every column holds one value per user' },
  );
export type PackedAppUsers = z.infer<typeof packedAppUsersSchema>;

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

const nameCollator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Alphabetical rank of each name: `ranks[i]` is where row i lands when sorted by name. */
export function rankNames(names: readonly string[]): Uint32Array<ArrayBuffer> {
  const order = Array.from(names, (_, i) => i);
  order.sort((a, b) => nameCollator.compare(names[a] as string, names[b] as string) || a - b);
  const ranks = new Uint32Array(names.length);
  order.forEach((row, rank) => {
    ranks[row] = rank;
  });
  return ranks;
}

export function packAppUsers(users: readonly User[]): PackedAppUsers {
  const names = users.map((user) => user.name);
  return {
    count: users.length,
    ids: Float64Array.from(users, (user) => user.id),
    devices: Uint32Array.from(users, (user) => user.device_ids.length),
    nameRanks: rankNames(names),
    names: packText(names),
    emails: packText(users.map((user) => user.email ?? '')),
    images: packText(users.map((user) => user.image?.original_url ?? '')),
  };
}

export function unpackAppUsers(packed: PackedAppUsers): AppUserRow[] {
  const rows = new Array<AppUserRow>(packed.count);
  for (let i = 0; i < packed.count; i += 1) {
    rows[i] = {
      id: packed.ids[i] as number,
      name: textAt(packed.names, i),
      email: textAt(packed.emails, i),
      image: textAt(packed.images, i),
      devices: packed.devices[i] as number,
      nameRank: packed.nameRanks[i] as number,
    };
  }
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

/** GET /admin/user (SPEC section 7): every app user, newest first, validated and packed. */
export async function fetchPackedAppUsers(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<PackedAppUsers> {
  const users = await api.request({ path: '/admin/user', payload: z.array(userSchema), signal });
  return packAppUsers(users);
}
