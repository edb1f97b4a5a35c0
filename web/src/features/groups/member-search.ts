import type { AppUserRow } from '@/lib/app-users/app-users';

/** A user as the member picker shows one: the shared app-user rows. */
export type PickableUser = Pick<AppUserRow, 'id' | 'name' | 'email' | 'image' | 'nameRank'>;

/**
 * The users in the picker's order: the members already (as the dialog opened) first, then
 * everyone else, each part by name. `nameRank` is the name's place in alphabetical order, worked
 * out with the list, so ordering 100 000 users compares numbers, not strings.
 */
export function orderUsers<U extends PickableUser>(
  users: readonly U[],
  first: ReadonlySet<number> = new Set(),
): U[] {
  return [...users].sort(
    (a, b) => Number(!first.has(a.id)) - Number(!first.has(b.id)) || a.nameRank - b.nameRank,
  );
}

/**
 * What a search matches, per user: name and e-mail, lower-cased once (built on the first
 * keystroke, not when the picker opens), so each keystroke is one pass of `includes`.
 */
export function searchTexts(users: readonly PickableUser[]): string[] {
  return users.map((user) => `${user.name}\u0000${user.email}`.toLowerCase());
}

/** A case-insensitive substring match; optionally only the selected users. */
export function filterUsers<U extends PickableUser>(
  users: readonly U[],
  texts: readonly string[] | null,
  query: string,
  onlyIn: ReadonlySet<number> | null,
): readonly U[] {
  const needle = query.trim().toLowerCase();
  if (!needle && !onlyIn) return users;
  return users.filter(
    (user, at) =>
      (!onlyIn || onlyIn.has(user.id)) && (!needle || (texts?.[at] ?? '').includes(needle)),
  );
}
