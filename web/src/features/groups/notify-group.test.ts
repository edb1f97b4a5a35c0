import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@/lib/logger';
import { MIRROR_WAIT, notifyGroup } from './notify-group';

describe('notifying a group', () => {
  it('refuses, reading and writing nothing, while the database cannot be reached', async () => {
    const fetchMemberIds = vi.fn(async () => [1]);
    const readMirror = vi.fn(async () => ['1']);
    const writeAlert = vi.fn(async () => 'a');
    await expect(
      notifyGroup({
        whenConnected: () => Promise.reject(new Error('no connection to the Realtime Database')),
        fetchMemberIds,
        readMirror,
        writeAlert,
        sleep: async () => {},
        logger: silentLogger,
      }),
    ).rejects.toThrow('no connection');
    expect(readMirror).not.toHaveBeenCalled();
    expect(writeAlert).not.toHaveBeenCalled();
  });

  it('writes the alert at once when the mirror already lists the members', async () => {
    const writeAlert = vi.fn(async () => 'alert-1');
    const sleep = vi.fn(async () => {});
    const result = await notifyGroup({
      whenConnected: async () => {},
      fetchMemberIds: async () => [3, 1, 2],
      readMirror: async () => ['1', '2', '3'],
      writeAlert,
      sleep,
      logger: silentLogger,
    });
    expect(result).toEqual({ alertId: 'alert-1', members: 3 });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits for the mirror to catch up with the upstream before writing', async () => {
    const mirror = [[], ['1'], ['1', '2']];
    const order: string[] = [];
    await notifyGroup({
      whenConnected: async () => {},
      fetchMemberIds: async () => [1, 2],
      readMirror: async () => {
        order.push('read');
        return mirror.shift() ?? ['1', '2'];
      },
      writeAlert: async () => {
        order.push('write');
        return 'a';
      },
      sleep: async () => {},
      logger: silentLogger,
    });
    expect(order).toEqual(['read', 'read', 'read', 'write']);
  });

  it('notifies anyway (and says so in the log) when the mirror never agrees', async () => {
    const warn = vi.fn();
    const writeAlert = vi.fn(async () => 'a');
    await notifyGroup({
      whenConnected: async () => {},
      fetchMemberIds: async () => [1],
      readMirror: async () => [],
      writeAlert,
      sleep: async () => {},
      logger: { ...silentLogger, warn },
    });
    expect(writeAlert).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after a bounded number of reads', async () => {
    const readMirror = vi.fn(async () => ['9']);
    await notifyGroup({
      whenConnected: async () => {},
      fetchMemberIds: async () => [1],
      readMirror,
      writeAlert: async () => 'a',
      sleep: async () => {},
      logger: silentLogger,
    });
    expect(readMirror).toHaveBeenCalledTimes(MIRROR_WAIT.attempts);
  });
});
