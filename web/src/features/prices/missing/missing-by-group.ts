import type { FuelPriceType } from '@contracts/upstream/upstream';
import type { PriceGroup } from '@/lib/price-lists/price-groups';

/** One missing row: its key (`{groupId}:{typeId}`) and its fuel price type's name. */
export interface MissingRow {
  key: string;
  type: string;
}

/** The missing rows of one group, under its name. */
export interface MissingGroup {
  id: string;
  name: string;
  rows: MissingRow[];
}

/** The names of a group or type no longer listed: its id, said in the admin's language. */
export interface Unnamed {
  group: (id: string) => string;
  type: (id: string) => string;
}

/**
 * The missing rows by group, in the desk's order: the groups and types as listed, then any the
 * lists no longer hold (deleted since the history kept their day), by id.
 */
export function missingByGroup(
  rows: readonly string[],
  groups: readonly PriceGroup[],
  types: readonly FuelPriceType[],
  unnamed: Unnamed,
): MissingGroup[] {
  const groupAt = new Map(groups.map((group, at) => [String(group.id), { at, name: group.name }]));
  const typeAt = new Map(types.map((type, at) => [String(type.id), { at, name: type.name }]));
  // Listed first, in the list's order; the rest after them, by id.
  const groupRank = (id: string) => groupAt.get(id)?.at ?? groups.length + Number(id);
  const typeRank = (id: string) => typeAt.get(id)?.at ?? types.length + Number(id);

  const byGroup = new Map<string, string[]>();
  for (const key of rows) {
    const [groupId = '', typeId = ''] = key.split(':');
    byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), typeId]);
  }
  return [...byGroup]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([id, typeIds]) => ({
      id,
      name: groupAt.get(id)?.name ?? unnamed.group(id),
      rows: typeIds
        .sort((a, b) => typeRank(a) - typeRank(b))
        .map((typeId) => ({
          key: `${id}:${typeId}`,
          type: typeAt.get(typeId)?.name ?? unnamed.type(typeId),
        })),
    }));
}
