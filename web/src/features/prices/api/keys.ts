/** The query keys of the today-prices screen, under one root. */
export const priceKeys = {
  all: ['prices'] as const,
  saved: (groupId: number, typeId: number, date: string) =>
    [...priceKeys.all, 'saved', groupId, typeId, date] as const,
  desk: (date: string, history: boolean) => [...priceKeys.all, 'desk', date, history] as const,
  history: (groupId: number, typeId: number, endDay: string) =>
    [...priceKeys.all, 'history', groupId, typeId, endDay] as const,
};
