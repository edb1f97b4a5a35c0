import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppUsers } from '@/lib/app-users/app-users';
import { mark } from '@/lib/perf';
import { normalizeQuery, rankLabels } from './match';
import {
  LIMITS,
  sectionsOf,
  type PaletteAction,
  type PaletteItem,
  type PaletteStep,
  type PaletteTargets,
} from './items';
import { createUserFinder } from './user-finder';

const ACTIONS: readonly PaletteAction[] = ['notify-user', 'new-group', 'today-prices'];

export const ACTION_LABELS = {
  'notify-user': 'ACTION_NOTIFY_USER',
  'new-group': 'ACTION_NEW_GROUP',
  'today-prices': 'ACTION_TODAY_PRICES',
} as const satisfies Record<PaletteAction, string>;

/** Users: the All Users list itself (same query and cache entry; fetched now if not yet). */
export type UsersState = 'idle' | 'loading' | 'failed' | 'ready';

/** What the palette lists for a query at a step, and how the users' side of it stands. */
export function usePaletteResults(query: string, step: PaletteStep, targets: PaletteTargets) {
  const { t } = useTranslation('command-palette');
  const users = useAppUsers();
  const groups = targets.useGroups();
  const userRows = users.data?.items;
  const finder = useMemo(() => (userRows ? createUserFinder(userRows) : null), [userRows]);
  const normalized = normalizeQuery(query);
  useEffect(() => {
    if (!finder) return;
    // Lower-case 100 000 users once the list is in, not on the first keystroke.
    const timer = window.setTimeout(() => {
      finder.warm();
      // The benchmark's cue (bench/suites/palette.ts): keystrokes from here on are searches only.
      mark('palette:ready');
    }, 0);
    return () => window.clearTimeout(timer);
  }, [finder]);

  const found = useMemo(
    () => (finder && normalized ? finder.find(normalized, LIMITS.users) : null),
    [finder, normalized],
  );
  const sections = useMemo(() => {
    const userItems: PaletteItem[] = (found?.users ?? []).map((user) => ({ kind: 'user', user }));
    if (step === 'notify-user') return sectionsOf({ users: userItems });
    const screens = rankLabels(
      targets.screens,
      (screen) => t(screen.labelKey),
      normalized,
      LIMITS.screens,
    );
    const actions = rankLabels(
      ACTIONS,
      (action) => t(ACTION_LABELS[action]),
      normalized,
      ACTIONS.length,
    );
    const groupItems = normalized
      ? rankLabels(groups.data?.items ?? [], (group) => group.name, normalized, LIMITS.groups)
      : [];
    return sectionsOf({
      screens: screens.map((screen) => ({ kind: 'screen', screen })),
      actions: actions.map((action) => ({ kind: 'action', action })),
      groups: groupItems.map((group) => ({ kind: 'group', group })),
      users: userItems,
    });
  }, [step, found, normalized, targets.screens, groups.data, t]);

  const usersState: UsersState = !normalized
    ? 'idle'
    : users.isError
      ? 'failed'
      : users.data
        ? 'ready'
        : 'loading';
  return { sections, usersState, usersTotal: found?.total ?? 0 };
}
