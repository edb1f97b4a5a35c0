import type { Database } from 'firebase/database';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@/lib/logger';
import { fakeServices, offlineFirebase, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, ROLES_NOT_IN_USE, rolesInUse, WithRoles } from '@/testing/roles';
import { FULL_GRANTS } from '@contracts/admins/roles';
import { grantsFrom, type RoleRecords } from './grants';
import { firebaseRoleSource } from './role-source';
import { useAllows, useRolesInUse } from './roles';

const database = vi.hoisted(() => ({
  listeners: new Map<
    string,
    { next: (snapshot: { val(): unknown }) => void; fail: (error: Error) => void }
  >(),
  stopped: [] as string[],
}));

vi.mock('firebase/database', () => ({
  ref: (_db: unknown, path: string) => ({ path }),
  onValue: (
    at: { path: string },
    next: (snapshot: { val(): unknown }) => void,
    fail: (error: Error) => void,
  ) => {
    database.listeners.set(at.path, { next, fail });
    return () => database.stopped.push(at.path);
  },
}));

function Probe() {
  const { allowed, reason } = useAllows('users.delete');
  const inUse = useRolesInUse();
  return (
    <>
      <p data-testid="probe">{allowed ? 'allowed' : reason}</p>
      <p data-testid="in-use">{inUse ? 'roles in use' : 'roles not in use'}</p>
    </>
  );
}

async function renderProbe(records: RoleRecords, connected = true) {
  const source = memoryRoleSource(records);
  const services = fakeServices({ session: sessionFor() });
  if (connected) services.realtimeSession.set({ status: 'connected' });
  const rendered = await renderApp(
    <WithRoles source={source}>
      <Probe />
    </WithRoles>,
    { services },
  );
  return { ...rendered, source };
}

describe('the roles of the signed-in admin', () => {
  it('allow everything outside the shell, as before roles', async () => {
    await renderApp(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('allowed');
  });

  it('allow everything, and are not read, until the Firebase session is there', async () => {
    const { source, services } = await renderProbe(rolesInUse(['auditor']), false);
    expect(screen.getByTestId('probe')).toHaveTextContent('allowed');
    expect(source.watching()).toEqual([]);

    act(() => services.realtimeSession.set({ status: 'connected' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('Needs the Users or Owner role');
    expect(source.watching()).toEqual(['1']);

    act(() => services.realtimeSession.set({ status: 'unavailable', reason: 'unknown' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('allowed');
    expect(source.watching()).toEqual([]);
  });

  it('allow everything while roles are not in use', async () => {
    await renderProbe(ROLES_NOT_IN_USE);
    expect(screen.getByTestId('probe')).toHaveTextContent('allowed');
  });

  it('say whether they are in use, from the same records, and not before both are known', async () => {
    await renderApp(<Probe />);
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles not in use');
    cleanup();

    const { source, services } = await renderProbe(rolesInUse(['owner']), false);
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles not in use');
    act(() => services.realtimeSession.set({ status: 'connected' }));
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles in use');
    act(() => source.set({ settings: { inUse: true } }));
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles not in use');
    act(() => source.set({ settings: { inUse: true }, record: null }));
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles in use');
    act(() => source.set(ROLES_NOT_IN_USE));
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles not in use');
    act(() => source.set({ settings: { inUse: false }, record: null }));
    expect(screen.getByTestId('in-use')).toHaveTextContent('roles not in use');
  });

  it('follow the record live, without a reload', async () => {
    const { source } = await renderProbe(rolesInUse(['auditor']));
    expect(screen.getByTestId('probe')).toHaveTextContent('Needs the Users or Owner role');
    act(() => source.set(rolesInUse(['auditor', 'users'])));
    expect(screen.getByTestId('probe')).toHaveTextContent('allowed');
    act(() => source.set(rolesInUse([])));
    expect(screen.getByTestId('probe')).toHaveTextContent('Needs the Users or Owner role');
  });
});

describe('the database source of the roles', () => {
  const firebase = {
    ...offlineFirebase(),
    database: () => Promise.resolve({} as Database),
  };
  const snapshot = (value: unknown) => ({ val: () => value });

  it('follows the settings and the admin’s own record, and stops following both', async () => {
    database.listeners.clear();
    database.stopped.length = 0;
    const told: RoleRecords[] = [];
    const stop = firebaseRoleSource(firebase, silentLogger).watch('7', (records) =>
      told.push(records),
    );
    await waitFor(() => expect([...database.listeners.keys()]).toHaveLength(2));
    database.listeners.get('roleSettings')?.next(snapshot({ inUse: true }));
    database.listeners.get('adminRoles/7')?.next(snapshot(null));
    expect(told.at(-1)).toEqual({ settings: { inUse: true }, record: null });

    // A path it may not read counts as not known.
    database.listeners.get('adminRoles/7')?.fail(new Error('permission_denied'));
    expect(told.at(-1)).toEqual({ settings: { inUse: true }, record: undefined });

    stop();
    expect(database.stopped.sort()).toEqual(['adminRoles/7', 'roleSettings']);
  });

  it('counts a value that does not parse as none', async () => {
    database.listeners.clear();
    const told: RoleRecords[] = [];
    const stop = firebaseRoleSource(firebase, silentLogger).watch('7', (records) =>
      told.push(records),
    );
    await waitFor(() => expect([...database.listeners.keys()]).toHaveLength(2));
    database.listeners.get('roleSettings')?.next(snapshot({ inUse: 'yes' }));
    database.listeners
      .get('adminRoles/7')
      ?.next(snapshot({ roles: { auditor: 'yes' }, updatedAt: 1, updatedBy: '9' }));
    expect(told.at(-1)).toEqual({ settings: null, record: null });
    // Unparsed settings leave the roles off; an unparsed record of roles in use, read-only.
    expect(grantsFrom(told.at(-1) ?? {})).toBe(FULL_GRANTS);
    expect([...grantsFrom({ ...told.at(-1), settings: { inUse: true } }).permissions]).toEqual([
      'view',
    ]);
    stop();
  });

  it('follows nothing when stopped before the database is there', async () => {
    database.listeners.clear();
    const stop = firebaseRoleSource(firebase, silentLogger).watch('7', () => undefined);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(database.listeners.size).toBe(0);
  });
});
