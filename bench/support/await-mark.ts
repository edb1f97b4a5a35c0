import { describePage, readMarks, waitForMark, type OpenedPage } from './page.ts';
import { NotMeasured } from './visits.ts';

/**
 * Waits until the page sets the mark `name` (web/src/lib/perf.ts) or, given `after`, one more
 * of it than before `after.act` (a click, a key). Otherwise the figure cannot be taken: the
 * reason names the marks of the same screen that did come, and what the page shows.
 */
export async function awaitMark(
  opened: OpenedPage,
  name: string,
  timeoutMs: number,
  after?: { act: () => Promise<unknown>; what: string },
): Promise<void> {
  const { page } = opened;
  const before = after ? (await readMarks(page)).filter((m) => m.name === name).length : 0;
  await after?.act();
  if (await waitForMark(page, name, timeoutMs, before + 1)) return;
  const screen = name.split(':')[0] ?? name;
  const seen = new Set(
    (await readMarks(page)).map((m) => m.name).filter((n) => n.startsWith(`${screen}:`)),
  );
  throw new NotMeasured(
    `no ${name} mark within ${timeoutMs / 1000} s${after ? ` of ${after.what}` : ''} (${screen} marks seen: ${[...seen].join(', ') || 'none'}; ${await describePage(page, opened.errors)})`,
  );
}
