import { describe, expect, it } from 'vitest';
import type { PushClaim } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import type { Db } from '../ports.js';
import { PushClaimedError, pushOnce } from './push-claims.js';
import type { PushOutcome } from './push.js';

const PATH = 'pushClaims/alert/a1';
const NOW = 1_750_000_000_000;
const TAKEOVER_MS = 540_000;
const SENT: PushOutcome = { sent: 3, failed: 1, permanent: 1, pruned: 1 };

const claim = (fields: Partial<PushClaim>): PushClaim => ({
  state: 'sending',
  at: NOW,
  by: 'other',
  pages: 0,
  sent: 0,
  failed: 0,
  pruned: 0,
  ...fields,
});

function run(db: Db, invocation = 'mine') {
  const logger = recordingLogger();
  const deps = { db, logger, now: () => NOW, invocation, takeoverMs: TAKEOVER_MS };
  return { deps, logger };
}

/** As the SDK does: the change is first asked with null, before the stored value is known. */
function askingNullFirst(db: MemoryDb): Db {
  return {
    get: (path) => db.get(path),
    update: (values) => db.update(values),
    pushKey: () => db.pushKey(),
    page: (path, options) => db.page(path, options),
    transaction: (path, change) => {
      change(null);
      return db.transaction(path, change);
    },
  };
}

describe('pushOnce', () => {
  it('sends, then stores the claim as done with the outcome and no field left undefined', async () => {
    const db = new MemoryDb();
    const { deps } = run(db);
    expect(await pushOnce(PATH, deps, async () => SENT)).toEqual(SENT);
    const stored = db.at(PATH) as Record<string, unknown>;
    expect(stored).toEqual({ ...claim({ by: 'mine', state: 'done' }), ...SENT });
    // The database refuses undefined values: an absent error or next is left out.
    expect(Object.keys(stored).sort()).toEqual(
      ['at', 'by', 'failed', 'pages', 'permanent', 'pruned', 'sent', 'state'].sort(),
    );
  });

  it("keeps FCM's reason and where the next chunk starts in the done claim", async () => {
    const db = new MemoryDb();
    await pushOnce(PATH, run(db).deps, async () => ({ ...SENT, error: 'bad', next: 'u9' }));
    expect(db.at(PATH)).toMatchObject({ state: 'done', error: 'bad', next: 'u9' });
  });

  it('sends nothing again for a claim done long ago, and says so', async () => {
    const db = new MemoryDb();
    const done = claim({ state: 'done', at: NOW - 10 * TAKEOVER_MS });
    await db.update({ [PATH]: done });
    const { deps, logger } = run(db);
    let sent = false;
    const outcome = await pushOnce(PATH, deps, async () => {
      sent = true;
      return SENT;
    });
    expect(outcome).toBeUndefined();
    expect(sent).toBe(false);
    // When and by whom it was done stay as they were.
    expect(db.at(PATH)).toEqual(done);
    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'info', fields: { path: PATH } }),
    ]);
  });

  it('leaves a young claim of another invocation to it, naming the path and the holder', async () => {
    const db = new MemoryDb();
    await db.update({ [PATH]: claim({ at: NOW - 1 }) });
    const attempt = pushOnce(PATH, run(db).deps, async () => SENT);
    await expect(attempt).rejects.toThrow(PushClaimedError);
    await expect(attempt).rejects.toThrow(`${PATH} is being sent by other`);
    expect(db.at(PATH)).toEqual(claim({ at: NOW - 1 }));
  });

  it('takes a released claim at once, and resumes from its progress, saying so', async () => {
    const db = new MemoryDb();
    await db.update({ [PATH]: claim({ by: '', at: NOW - 1, pages: 2, sent: 40 }) });
    const { deps, logger } = run(db);
    let from: unknown;
    await pushOnce(PATH, deps, async (resume) => {
      from = resume.from;
      return SENT;
    });
    expect(from).toEqual({ pages: 2, sent: 40, failed: 0, permanent: 0, pruned: 0 });
    expect(logger.lines[0]).toMatchObject({
      level: 'info',
      fields: { path: PATH, pages: 2, sent: 40 },
    });
  });

  it('logs nothing about resuming a push that starts afresh', async () => {
    const { deps, logger } = run(new MemoryDb());
    await pushOnce(PATH, deps, async () => SENT);
    expect(logger.lines).toEqual([]);
  });

  it('takes up its own claim again when its transaction is asked twice', async () => {
    const db = new MemoryDb();
    await db.update({ [PATH]: claim({ by: 'mine', at: NOW - 1000 }) });
    const seen: unknown[] = [];
    await pushOnce(PATH, run(db).deps, async () => {
      // Renewed: others wait a whole timeout from now before taking it over.
      seen.push(db.at(PATH));
      return SENT;
    });
    expect(seen).toEqual([claim({ by: 'mine', at: NOW })]);
  });

  it('checkpoints when the database asks with null first, as the SDK does', async () => {
    const db = new MemoryDb();
    await pushOnce(PATH, run(askingNullFirst(db)).deps, async (resume) => {
      await resume.checkpoint({ pages: 1, sent: 2, failed: 0, permanent: 0, pruned: 0 });
      expect(db.at(PATH)).toMatchObject({ state: 'sending', by: 'mine', pages: 1, sent: 2 });
      return SENT;
    });
    expect(db.at(PATH)).toMatchObject({ state: 'done', pages: 1 });
  });

  it('stops an attempt whose claim was taken over, leaving the new holder its claim', async () => {
    const db = new MemoryDb();
    const taker = claim({ by: 'taker', at: NOW });
    const attempt = pushOnce(PATH, run(db).deps, async (resume) => {
      await db.update({ [PATH]: taker });
      await resume.checkpoint({ pages: 1, sent: 2, failed: 0, permanent: 0, pruned: 0 });
      return SENT;
    });
    await expect(attempt).rejects.toThrow(/taken over/);
    expect(db.at(PATH)).toEqual(taker);
  });

  it('releases its claim, keeping the progress, when sending fails', async () => {
    const db = new MemoryDb();
    const attempt = pushOnce(PATH, run(db).deps, async (resume) => {
      await resume.checkpoint({ pages: 1, sent: 2, failed: 0, permanent: 0, pruned: 0 });
      throw new Error('FCM is down');
    });
    await expect(attempt).rejects.toThrow('FCM is down');
    expect(db.at(PATH)).toMatchObject({ state: 'sending', by: '', pages: 1, sent: 2 });
    // The retry takes it at once and resumes where it stopped.
    let from: unknown;
    await pushOnce(PATH, run(db, 'retry').deps, async (resume) => {
      from = resume.from;
      return SENT;
    });
    expect(from).toMatchObject({ pages: 1, sent: 2 });
  });
});
