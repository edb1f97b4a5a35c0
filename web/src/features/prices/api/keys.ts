/** The query keys of the today-prices screen, under one root. */
export const priceKeys = {
  all: ['prices'] as const,
  groups: () => [...priceKeys.all, 'groups'] as const,
  types: () => [...priceKeys.all, 'types'] as const,
  saved: (groupId: number, typeId: number, date: string) =>
    [...priceKeys.all, 'saved', groupId, typeId, date] as const,
};
