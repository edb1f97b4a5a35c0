import { describe, expect, it } from 'vitest';
import {
  replacedImage,
  REVERT_PERMISSIONS,
  revertBlockOf,
  type AuditEntry,
} from '../../contracts/index.js';
import { changeOf, describeChange } from '../audit/index.js';
import { parseRequestTarget } from '../proxy/request-target.js';
import { neededForCall } from '../roles/index.js';
import { actedMethod } from '../upstream/index.js';
import { revertCallOf, revertible, type RevertibleEntry } from './plan.js';

const edit = (files: string[]) =>
  describeChange(changeOf('POST', ['admin', 'notifications', '4'], '?_method=PUT') as never, {
    fields: { title: 'New', description: 'Text' },
    files,
    payload: {
      id: 4,
      title: 'New',
      description: 'Text',
      image: { original_url: 'http://u/b.png' },
    },
    before: {
      id: 4,
      title: 'Old',
      description: 'Before',
      image: { original_url: 'http://u/a.png' },
    },
  });

describe('an announcement edit’s entry', () => {
  it('keeps the texts before and after, and the image only when one was sent', () => {
    expect(edit([])).toMatchObject({
      before: { title: 'Old', description: 'Before', image: 'http://u/a.png' },
      after: { title: 'New', description: 'Text' },
    });
    expect(edit([]).after).not.toHaveProperty('image');
    expect(replacedImage(edit([]))).toBe(false);
    expect(edit(['image']).after).toMatchObject({ image: 'http://u/b.png' });
    expect(replacedImage(edit(['image']))).toBe(true);
  });

  it('is reverted with its texts alone: a replaced image cannot be sent back', () => {
    const entry = { at: 1, uid: '4', email: 'a', status: 200, ...edit(['image']) } as AuditEntry;
    const call = revertCallOf(revertible(entry) as RevertibleEntry);
    expect(call).toEqual({
      method: 'POST',
      path: '/admin/notifications/4?_method=PUT',
      body: {
        kind: 'form',
        fields: [
          ['title', 'Old'],
          ['description', 'Before'],
        ],
      },
    });
  });
});

describe('which entries offer a revert', () => {
  const prices = { regular: 4, premium: 4.7, diesel: 4.45, renew_99: 4.4, b_20: 4.3 };
  const none = { regular: null, premium: null, diesel: null, renew_99: null, b_20: null };
  it.each([
    [
      'a made save with its prices before',
      { action: 'prices.save', status: 200, before: prices },
      null,
    ],
    ['a refused save', { action: 'prices.save', status: 422, before: prices }, 'not-made'],
    ['a save sent with no outcome recorded', { action: 'prices.save', before: prices }, 'not-made'],
    [
      'a save whose prices before were not read',
      { action: 'prices.save', status: 200 },
      'not-recorded',
    ],
    [
      'a save of a day that had none',
      { action: 'prices.save', status: 200, before: none },
      'nothing-before',
    ],
    ['a group rename', { action: 'group.update', status: 200, before: { name: 'A' } }, null],
    ['a deleted user', { action: 'user.delete', status: 200 }, 'not-revertible'],
  ] as const)('%s', (_, entry, block) => {
    expect(revertBlockOf(entry)).toBe(block);
  });
});

describe('what a revert needs of the admin’s roles', () => {
  const prices = { regular: 4, premium: 4.7, diesel: 4.45, renew_99: 4.4, b_20: 4.3 };
  it.each([
    ['prices.save', { group: '3', type: '1', date: '2026-11-30' }, prices, '3'],
    ['announcement.update', { announcement: '4' }, { title: 'T', description: 'D' }, undefined],
    ['group.update', { group: '3' }, { name: 'N' }, undefined],
    ['complaint.status', { complaint: '9' }, { status: 'Pending' }, undefined],
  ] as const)(
    '%s: the permission the web shows, as the api function checks it',
    (action, targets, before, groupId) => {
      const entry = {
        at: 1,
        uid: '4',
        email: 'a',
        summary: 's',
        status: 200,
        action,
        targets,
        before,
      };
      const call = revertCallOf(revertible(entry) as RevertibleEntry);
      const target = call && parseRequestTarget(`/api${call.path}`);
      if (!call || target?.kind !== 'api') throw new Error(`no API call for ${action}`);
      const method = actedMethod(call.method, target.search, undefined) ?? call.method;
      expect(neededForCall(method, target.segments)).toEqual({
        kind: 'permission',
        permission: REVERT_PERMISSIONS[action],
        ...(groupId === undefined ? {} : { groupId }),
      });
    },
  );
});
