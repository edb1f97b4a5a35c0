import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { SEED_ADMIN, startApi } from '../../dev/api/index.ts';
import { DATABASE_NAMESPACE } from '../../dev/emulators.ts';
import { silentLogger, type Logger } from '../../dev/logger.ts';
import { groupSchema, loginPayloadSchema } from '../../functions/src/contracts/index.ts';
import { chatHistory, MESSAGE_MARKER_PATTERN } from '../support/chat-history.ts';
import { httpRequest, payloadOf } from '../support/http.ts';
import {
  describePage,
  heapAfterGc,
  readMarks,
  readObserved,
  waitForMark,
} from '../support/page.ts';
import { markSpans } from '../support/marks.ts';
import { inColdPage, NotMeasured, reasonOf, repeatVisits, warmUp } from '../support/visits.ts';
import {
  atMost,
  measured,
  notMeasured,
  under,
  type Figure,
  type FigureSpec,
} from '../support/report.ts';
import type { StorageState } from '../support/session.ts';
import { max } from '../support/stats.ts';

const SECTION = 'Chat, 10 000 messages';
export const CHAT_MESSAGES = 10_000;
const SCROLL_BACK = 1_000;
const OPEN_TIMEOUT_MS = 30_000;
const SCROLL_TIMEOUT_MS = 90_000;
/** At the top of what is loaded, how long to wait for an older page before giving up. */
const OLDER_PAGE_TIMEOUT_MS = 10_000;
const MIB = 1024 * 1024;

const specs = {
  open: {
    id: 'chat.open',
    section: SECTION,
    label: 'open to newest message painted (chat:open → chat:newest:painted)',
    unit: 'ms',
    budget: under(500),
  },
  longTask: {
    id: 'chat.scroll-longest-task',
    section: SECTION,
    label: `longest task while scrolling back ${SCROLL_BACK.toLocaleString('en-US')} messages`,
    unit: 'ms',
    budget: atMost(50),
  },
  scrollTime: {
    id: 'chat.scroll-time',
    section: SECTION,
    label: `time to scroll back ${SCROLL_BACK.toLocaleString('en-US')} messages (wheel steps)`,
    unit: 'ms',
  },
  heap: {
    id: 'chat.heap',
    section: SECTION,
    label: 'JS heap after GC, after scrolling back',
    unit: 'MiB',
    budget: under(60),
  },
} as const;

/** Every figure this suite gives, for a "not measured" when it cannot run at all. */
export const CHAT_SPECS: FigureSpec[] = Object.values(specs);

export interface PreparedChat {
  groupId: string;
  groupName: string;
  messages: number;
}

const groupsPayloadSchema = z.array(groupSchema);

/**
 * Seeds the reference API in `dataDir/api` and writes 10 000 messages of its largest group
 * into the offline database's data file (`dataDir/rtdb.json`), before the stack starts.
 * Written through the database instead, each message would fire onChatMessageCreated: 10 000
 * push fan-outs through the Functions emulator, minutes of work unrelated to the chat screen.
 */
export async function prepareChat(dataDir: string): Promise<PreparedChat> {
  const api = await startApi({
    port: 0,
    dataDir: path.join(dataDir, 'api'),
    reset: true,
    logger: silentLogger,
  });
  let group: z.infer<typeof groupSchema>;
  let admin: { id: string; name: string };
  try {
    const login = payloadOf(
      await httpRequest(`${api.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...SEED_ADMIN, device_id: '' }),
      }),
      loginPayloadSchema,
    );
    admin = { id: String(login.user.id), name: login.user.name };
    const groups = payloadOf(
      await httpRequest(`${api.url}/admin/groups`, {
        headers: { authorization: `Bearer ${login.token}` },
      }),
      groupsPayloadSchema,
    );
    const largest = groups.reduce<z.infer<typeof groupSchema> | undefined>(
      (a, b) => (a === undefined || b.users.length > a.users.length ? b : a),
      undefined,
    );
    if (!largest || largest.users.length === 0)
      throw new Error('the seed has no group with members');
    group = largest;
  } finally {
    await api.close();
  }
  const groupId = String(group.id);
  const members = group.users.map((u) => ({ id: String(u.id), name: u.name }));
  const history = chatHistory({
    groupId,
    count: CHAT_MESSAGES,
    members,
    admin,
    newestAt: Date.now() - 60_000,
    stepMs: 47_000,
  });
  const data = {
    [DATABASE_NAMESPACE]: {
      groups: {
        [groupId]: {
          members: Object.fromEntries(members.map((m) => [m.id, true])),
          groupChat: history,
        },
      },
    },
  };
  fs.writeFileSync(path.join(dataDir, 'rtdb.json'), JSON.stringify(data));
  return { groupId, groupName: group.name, messages: CHAT_MESSAGES };
}

/** Lowest message number rendered in the scroller (tagged data-bench-scroller). */
function oldestShown(page: Page): Promise<number | null> {
  return page.evaluate((pattern) => {
    const scroller = document.querySelector('[data-bench-scroller]');
    const text = scroller?.textContent ?? '';
    let lowest: number | null = null;
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      const n = Number(match[1]);
      if (lowest === null || n < lowest) lowest = n;
    }
    return lowest;
  }, MESSAGE_MARKER_PATTERN.source);
}

/**
 * Finds the element that scrolls the messages (the scrollable box holding the most message
 * markers) and tags it; its centre, for the wheel. Null when there is none.
 */
function tagScroller(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate((pattern) => {
    const re = new RegExp(pattern, 'g');
    let best: { el: Element; count: number } | null = null;
    for (const el of document.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (!/(auto|scroll)/.test(style.overflowY) || el.scrollHeight <= el.clientHeight + 4)
        continue;
      const count = (el.textContent ?? '').match(re)?.length ?? 0;
      if (count > 0 && (best === null || count > best.count)) best = { el, count };
    }
    if (best === null) {
      const page = document.scrollingElement;
      if (page && (page.textContent ?? '').match(re)) best = { el: page, count: 1 };
    }
    if (best === null) return null;
    best.el.setAttribute('data-bench-scroller', '');
    const box = best.el.getBoundingClientRect();
    const height = Math.min(box.height, window.innerHeight);
    return { x: box.left + box.width / 2, y: Math.max(box.top, 0) + height / 2 };
  }, MESSAGE_MARKER_PATTERN.source);
}

interface VisitResult {
  openMs: number;
  longestTaskMs: number;
  longTasks: number;
  scrollMs: number;
  heapMiB: number;
}

async function visit(
  browser: Browser,
  url: string,
  storageState: StorageState,
): Promise<VisitResult> {
  return inColdPage(browser, { storageState }, async (opened) => {
    const { page, cdp } = opened;
    await page.goto(url);
    if (!(await waitForMark(page, 'chat:newest:painted', OPEN_TIMEOUT_MS))) {
      const names = [...new Set((await readMarks(page)).map((m) => m.name))].filter((n) =>
        n.startsWith('chat:'),
      );
      throw new NotMeasured(
        `no chat:newest:painted mark within ${OPEN_TIMEOUT_MS / 1000} s (chat marks seen: ${names.join(', ') || 'none'}; ${await describePage(page, opened.errors)})`,
      );
    }
    const openMs = markSpans(await readMarks(page), 'chat:open', 'chat:newest:painted')[0];
    if (openMs === undefined) {
      throw new NotMeasured('chat:newest:painted came without a chat:open mark before it');
    }

    const centre = await tagScroller(page);
    const startOldest = centre ? await oldestShown(page) : null;
    if (!centre || startOldest === null) {
      throw new NotMeasured(
        `the seeded messages (text starting "[m") are not on the page: ${await describePage(page, opened.errors)}`,
      );
    }
    const target = startOldest - SCROLL_BACK;
    await page.mouse.move(centre.x, centre.y);
    const scrollStart = await page.evaluate(() => performance.now());
    const started = Date.now();
    let oldest = startOldest;
    let lastProgress = Date.now();
    while (oldest > target) {
      if (Date.now() - started > SCROLL_TIMEOUT_MS) {
        throw new NotMeasured(
          `scrolled back ${startOldest - oldest} of ${SCROLL_BACK} messages in ${SCROLL_TIMEOUT_MS / 1000} s`,
        );
      }
      if (Date.now() - lastProgress > OLDER_PAGE_TIMEOUT_MS) {
        throw new NotMeasured(
          `older messages stopped coming after ${startOldest - oldest} of ${SCROLL_BACK} (nothing older in ${OLDER_PAGE_TIMEOUT_MS / 1000} s at the top)`,
        );
      }
      await page.mouse.wheel(0, -600);
      await page.waitForTimeout(50);
      const now = await oldestShown(page);
      if (now !== null && now < oldest) {
        oldest = now;
        lastProgress = Date.now();
      }
    }
    const scrollMs = Date.now() - started;
    // Let the last page settle before reading what ran long.
    await page.waitForTimeout(500);
    const observed = await readObserved(page);
    const during = observed.longTasks.filter((t) => t.startTime >= scrollStart);
    return {
      openMs,
      longestTaskMs: during.length ? max(during.map((t) => t.duration)) : 0,
      longTasks: during.length,
      scrollMs,
      heapMiB: (await heapAfterGc(cdp)) / MIB,
    };
  });
}

/** The chat of a group holding 10 000 messages, opened and scrolled back. */
export async function measureChat(deps: {
  browser: Browser;
  appUrl: string;
  chat: PreparedChat;
  signedIn: StorageState | null;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const all = Object.values(specs);
  if (deps.signedIn === null) return all.map((s) => notMeasured(s, 'no signed-in session'));
  const signedIn = deps.signedIn;
  let results: VisitResult[];
  let retried: string[];
  const url = `${deps.appUrl}/chats/${deps.chat.groupId}`;
  await warmUp(() => visit(deps.browser, url, signedIn));
  try {
    ({ results, retried } = await repeatVisits(
      deps.runs,
      async () => {
        const result = await visit(deps.browser, url, signedIn);
        deps.log.info(
          `chat visit: open ${Math.round(result.openMs)} ms, longest task ${Math.round(result.longestTaskMs)} ms, heap ${result.heapMiB.toFixed(1)} MiB`,
        );
        return result;
      },
      { retries: 2, log: deps.log, what: 'chat' },
    ));
  } catch (error) {
    const reason = reasonOf(error);
    if (!(error instanceof NotMeasured)) deps.log.warn(`chat benchmark failed: ${reason}`);
    return all.map((s) => notMeasured(s, reason));
  }
  const where = `group ${deps.chat.groupId} "${deps.chat.groupName}", ${deps.chat.messages} messages, 1x CPU${retried.length ? `; ${retried.length} visit(s) made again after the stack failed them: ${retried.join('; ')}` : ''}`;
  return [
    measured(
      specs.open,
      results.map((r) => r.openMs),
      { note: where },
    ),
    measured(
      specs.longTask,
      results.map((r) => r.longestTaskMs),
      {
        note: `long tasks (over 50 ms) per visit: ${results.map((r) => r.longTasks).join(', ')}; 0 = none`,
      },
    ),
    measured(
      specs.scrollTime,
      results.map((r) => r.scrollMs),
    ),
    measured(
      specs.heap,
      results.map((r) => r.heapMiB),
      {
        note: 'HeapProfiler.collectGarbage twice, then Runtime.getHeapUsage (used size)',
      },
    ),
  ];
}
