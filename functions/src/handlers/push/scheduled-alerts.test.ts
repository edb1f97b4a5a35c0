import { describe, expect, it } from 'vitest';
import { alertSchema, paths, type ScheduledAlert } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { childrenOf } from '../ports.js';
import { sendDueScheduled, type ScheduledDeps } from './scheduled-alerts.js';

const NOW = 1_800_000_000_000;

function scheduled(key: string, fields: Partial<ScheduledAlert> = {}): ScheduledAlert {
  return {
    notificationId: key,
    title: 'Diesel down',
    description: 'Five cents off until Sunday',
    image: '',
    userName: 'All Users',
    timeStamp: NOW - 60_000,
    target: 'all',
    sendAt: NOW,
    createdBy: '1',
    status: 'pending',
    ...fields,
  } as ScheduledAlert;
}

function deps(
  db: MemoryDb,
  now = NOW,
): ScheduledDeps & { logger: ReturnType<typeof recordingLogger> } {
  return {
    db,
    now: () => now,
    logger: recordingLogger(),
    unsent: async () =>
      Object.entries(childrenOf(await db.get('scheduledAlerts'))).filter(
        ([, value]) => (value as { status?: unknown }).status !== 'sent',
      ),
  };
}

const alertsIn = (db: MemoryDb) => Object.values(childrenOf(db.at(paths.alerts())));

describe('sending scheduled alerts when they are due', () => {
  it('writes a due alert to the history with a new id and the time it went out', async () => {
    const db = new MemoryDb({
      admins: {
        '1': {
          id: '1',
          name: 'Ada',
          email: 'ada@x.test',
          image: '',
          deviceToken: '',
          lastLogin: 1,
        },
      },
      scheduledAlerts: { s1: scheduled('s1', { sendAt: NOW - 1 }) },
    });
    const [alertId] = await sendDueScheduled(deps(db));
    expect(alertId).toBeDefined();
    const alert = alertSchema.parse(db.at(`${paths.alerts()}/${alertId}`));
    expect(alert).toEqual({
      notificationId: alertId,
      title: 'Diesel down',
      description: 'Five cents off until Sunday',
      image: '',
      userName: 'All Users',
      timeStamp: NOW,
      target: 'all',
    });
    expect(db.at('scheduledAlerts/s1')).toMatchObject({ status: 'sent', alertId, sentAt: NOW });
  });

  it('attributes the sent alert to the admin who scheduled it in the audit log', async () => {
    const db = new MemoryDb({ scheduledAlerts: { s1: scheduled('s1', { createdBy: '7' }) } });
    const [alertId] = await sendDueScheduled(deps(db));
    expect(db.at(`auditLog/alert-${alertId}`)).toMatchObject({ uid: '7', action: 'alert.create' });
  });

  it('leaves one that is not due yet pending, and sends nothing', async () => {
    const db = new MemoryDb({ scheduledAlerts: { s1: scheduled('s1', { sendAt: NOW + 1 }) } });
    expect(await sendDueScheduled(deps(db))).toEqual([]);
    expect(alertsIn(db)).toEqual([]);
    expect(db.at('scheduledAlerts/s1')).toMatchObject({ status: 'pending' });
  });

  it('sends each due alert once, however many runs overlap', async () => {
    const db = new MemoryDb({
      scheduledAlerts: {
        s1: scheduled('s1'),
        s2: scheduled('s2', { target: 'user', userId: '5' } as Partial<ScheduledAlert>),
      },
    });
    const runs = await Promise.all([1, 2, 3].map(() => sendDueScheduled(deps(db))));
    expect(runs.flat()).toHaveLength(2);
    expect(alertsIn(db)).toHaveLength(2);
    expect(await sendDueScheduled(deps(db, NOW + 60_000))).toEqual([]);
    expect(alertsIn(db)).toHaveLength(2);
  });

  it('finishes a send a stopped run had claimed, once, at the time it was claimed', async () => {
    const db = new MemoryDb({
      scheduledAlerts: {
        s1: scheduled('s1', { status: 'sending', alertId: 'a9', sentAt: NOW - 5_000 }),
      },
    });
    expect(await sendDueScheduled(deps(db, NOW + 60_000))).toEqual(['a9']);
    expect(db.at(`${paths.alerts()}/a9`)).toMatchObject({
      notificationId: 'a9',
      timeStamp: NOW - 5_000,
    });
    expect(db.at('scheduledAlerts/s1')).toMatchObject({ status: 'sent', alertId: 'a9' });
    expect(await sendDueScheduled(deps(db, NOW + 120_000))).toEqual([]);
    expect(alertsIn(db)).toHaveLength(1);
  });

  it('only marks sent a claimed one whose alert was written, keeping its delivery', async () => {
    const delivered = {
      ...alertSchema.parse({ ...scheduled('a9'), target: 'all' }),
      delivery: { sent: 3, failed: 0, at: NOW },
    };
    const db = new MemoryDb({
      notificationsAlert: { a9: delivered },
      scheduledAlerts: { s1: scheduled('s1', { status: 'sending', alertId: 'a9', sentAt: NOW }) },
    });
    expect(await sendDueScheduled(deps(db))).toEqual([]);
    expect(db.at(`${paths.alerts()}/a9`)).toEqual(delivered);
    expect(db.at('scheduledAlerts/s1')).toMatchObject({ status: 'sent' });
  });

  it('never sends one cancelled after the run listed it', async () => {
    const db = new MemoryDb({ scheduledAlerts: { s1: scheduled('s1') } });
    const run = deps(db);
    const listed = await run.unsent();
    await db.update({ 'scheduledAlerts/s1': null });
    expect(await sendDueScheduled({ ...run, unsent: async () => listed })).toEqual([]);
    expect(alertsIn(db)).toEqual([]);
    expect(db.at('scheduledAlerts/s1')).toBeUndefined();
  });

  it('never sends one moved later after the run listed it', async () => {
    const db = new MemoryDb({ scheduledAlerts: { s1: scheduled('s1') } });
    const run = deps(db);
    const listed = await run.unsent();
    await db.update({ 'scheduledAlerts/s1/sendAt': NOW + 3_600_000 });
    expect(await sendDueScheduled({ ...run, unsent: async () => listed })).toEqual([]);
    expect(alertsIn(db)).toEqual([]);
  });

  it('skips an entry of another shape with a warning', async () => {
    const db = new MemoryDb({ scheduledAlerts: { s1: { title: 'half' } } });
    const run = deps(db);
    await db.update({ 'scheduledAlerts/s1/status': 'pending' });
    expect(await sendDueScheduled(run)).toEqual([]);
    expect(run.logger.lines.map((line) => line.message)).toContain(
      'A scheduled alert that is not one was skipped',
    );
  });
});
