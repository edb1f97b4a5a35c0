export type PageItem = number | 'gap-start' | 'gap-end';

/** Pages are numbered from 1; the count is total / size rounded up. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to show around the current one: always the first and last, `siblings`
 * either side of the current, and a gap marker wherever numbers are skipped.
 * pageItems(6, 20) → [1, 'gap-start', 5, 6, 7, 'gap-end', 20]
 */
export function pageItems(current: number, count: number, siblings = 1): PageItem[] {
  // Always the same number of slots, so the control does not jump as the user pages.
  const slots = 5 + siblings * 2;
  if (count <= slots) return Array.from({ length: count }, (_, i) => i + 1);
  const start = Math.max(Math.min(current - siblings, count - 2 - siblings * 2), 3);
  const end = Math.min(Math.max(current + siblings, siblings * 2 + 3), count - 2);
  const items: PageItem[] = [1, start > 3 ? 'gap-start' : 2];
  for (let page = start; page <= end; page += 1) items.push(page);
  items.push(end < count - 2 ? 'gap-end' : count - 1, count);
  return items;
}
