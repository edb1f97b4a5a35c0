import { createRowIndex } from '@/components/data-table/row-index';
import type { AppUserRow } from '@/lib/app-users/app-users';
import { bestRank, normalizeQuery, topRanked } from './match';

export interface FoundUsers {
  users: AppUserRow[];
  /** Every user the query matches, of which `users` are the best few. */
  total: number;
}

export interface UserFinder {
  find(query: string, limit: number): FoundUsers;
  /** Prepare what the first search needs (lower-cased fields), ahead of the first keystroke. */
  warm(): void;
}

/**
 * Finds users by name, e-mail or ID among the whole list. The table's row index does the
 * matching (lower-cased once per list, each keystroke narrowing the last one's matches); the
 * palette then ranks only the matches, on fields lower-cased once as well.
 */
export function createUserFinder(users: readonly AppUserRow[]): UserFinder {
  const index = createRowIndex(users, {
    // A line break cannot be typed in the palette, so no query spans two fields.
    searchText: (user) => `${user.id}\n${user.email}\n${user.name}`,
    sortValue: () => null,
  });
  let fields: (readonly [string, string, string])[] | undefined;
  const fieldsOf = (position: number) => {
    fields ??= users.map(
      (user) => [String(user.id), user.email.toLowerCase(), user.name.toLowerCase()] as const,
    );
    return fields[position] as readonly [string, string, string];
  };
  return {
    find(query, limit) {
      const normalized = normalizeQuery(query);
      if (!normalized) return { users: [], total: 0 };
      const view = index.view(normalized, null);
      const order = view.order ?? users.keys();
      const best = topRanked(
        order,
        (position, below) => bestRank(fieldsOf(position), normalized, below),
        limit,
      );
      return { users: best.map((position) => users[position] as AppUserRow), total: view.count };
    },
    warm() {
      index.warm([]);
      if (users.length > 0) fieldsOf(0);
    },
  };
}
