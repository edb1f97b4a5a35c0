import { describe, expect, it } from 'vitest';
import { APPROVALS_PATH } from '@/lib/changes/approvals-path';
import { pages } from './pages';
import { opensOnRealtime, pagesToPreload } from './route-table';

describe('the first screen at boot', () => {
  it('fetches the shell and the page of a signed-in route together', () => {
    expect(pagesToPreload('/group-notifications', true)).toEqual([
      pages.layout,
      pages.groupNotifications,
    ]);
    expect(pagesToPreload('/chats/g-1', true)).toEqual([pages.layout, pages.chat]);
  });

  it('fetches the sign-in page instead when nobody is signed in', () => {
    expect(pagesToPreload('/group-notifications', false)).toEqual([pages.login]);
  });

  it('starts Firebase early for the screens that open on a database read', () => {
    for (const path of [
      '/group-notifications',
      '/chats/g-1',
      '/audit-log',
      '/today-prices',
      '/approvals',
    ]) {
      expect(opensOnRealtime(path, true), path).toBe(true);
    }
  });

  it('leaves Firebase for later on the other screens, and when nobody is signed in', () => {
    for (const path of ['/all-users', '/', '/auth/login', '/complaints', '/chats', '/nowhere']) {
      expect(opensOnRealtime(path, true), path).toBe(false);
    }
    expect(opensOnRealtime('/group-notifications', false)).toBe(false);
  });
});

describe('the Approvals screen', () => {
  it('is where a push sent for approval leads', () => {
    expect(pagesToPreload(APPROVALS_PATH, true)).toEqual([pages.layout, pages.approvals]);
  });
});
