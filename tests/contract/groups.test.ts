import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groupSchema, userSchema, type Group } from '../../functions/src/contracts/index.js';
import { jpeg, pdf, png } from './fixtures.js';
import {
  contractApi,
  download,
  expectFail,
  expectInvalid,
  expectOk,
  expectWritten,
  flavour,
  form,
  type Reply,
} from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });

const listGroups = async () =>
  expectOk(await api.call('GET', '/admin/groups', await admin()), z.array(groupSchema));

/**
 * A group write's record as the product gets it: the group listed again, which the reply echoes
 * where the flavour promises relations (otherwise it is the bare model).
 */
async function writtenGroup(reply: Reply, which: (group: Group) => boolean) {
  const echoed = expectWritten(reply, groupSchema);
  const listed = (await listGroups()).find(which);
  if (listed === undefined) throw new Error('the written group is not listed');
  if (flavour.writeRelations) expect(echoed).toEqual(listed);
  return listed;
}

let made = 0;
async function createGroup(name = `Contract group ${Date.now()} ${++made}`) {
  return writtenGroup(
    await api.call('POST', '/admin/groups', {
      ...(await admin()),
      form: form({ name }, { image: { name: 'g.png', bytes: png() } }),
    }),
    (group) => group.name === name,
  );
}
const updateGroup = async (id: number, fields: FormData) =>
  writtenGroup(
    await api.call('POST', `/admin/groups/${id}?_method=PUT`, { ...(await admin()), form: fields }),
    (group) => group.id === id,
  );

async function appUserIds(count: number) {
  const users = expectOk(await api.call('GET', '/admin/user', await admin()), z.array(userSchema));
  return users.slice(0, count).map((u) => u.id);
}
const assign = async (groupId: number, userIds: number[], body: 'form' | 'json' = 'form') =>
  api.call('POST', `/admin/groups/${groupId}/assign-users`, {
    ...(await admin()),
    ...(body === 'json'
      ? { json: { user_ids: userIds } }
      : { form: form(Object.fromEntries(userIds.map((id, i) => [`user_ids[${i}]`, id]))) }),
  });
const assignedIds = async (groupId: number) =>
  expectOk(
    await api.call('GET', `/admin/groups/${groupId}/assigned-users`, await admin()),
    z.array(userSchema),
  )
    .map((u) => u.id)
    .sort();
/**
 * Sets the members and answers the group's member ids, sorted, read again as the product does;
 * the reply echoes them where the flavour promises it (otherwise it is null).
 */
async function setMembers(groupId: number, userIds: number[], body: 'form' | 'json' = 'form') {
  const echoed = expectWritten(await assign(groupId, userIds, body), z.array(userSchema));
  const members = await assignedIds(groupId);
  if (flavour.writeRelations) expect(echoed?.map((u) => u.id).sort()).toEqual(members);
  return members;
}

describe('GET /admin/groups', () => {
  it('lists groups newest first with their members and a timestamp in ms', async () => {
    const created = await createGroup();
    const groups = await listGroups();
    expect(groups[0]?.id).toBe(created.id);
    const stamps = groups.map((g) => g.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(Math.abs(created.timestamp - Date.now())).toBeLessThan(60_000);
    await api.call('DELETE', `/admin/groups/${created.id}`, await admin());
  });
});

describe('POST /admin/groups', () => {
  it('creates a group from a name and an image', async () => {
    const created = await createGroup('Night Shift Drivers');
    expect(created).toMatchObject({ name: 'Night Shift Drivers', users: [] });
    expect((await download(created.image?.original_url ?? '')).status).toBe(200);
    await api.call('DELETE', `/admin/groups/${created.id}`, await admin());
  });

  it('requires both the name and an image', async () => {
    const errors = expectInvalid(
      await api.call('POST', '/admin/groups', { ...(await admin()), form: form({ name: '' }) }),
    );
    expect(errors).toEqual({
      name: ['The name field is required.'],
      image: ['The image field is required.'],
    });
    const wrongType = expectInvalid(
      await api.call('POST', '/admin/groups', {
        ...(await admin()),
        form: form({ name: 'G' }, { image: { name: 'g.png', bytes: pdf() } }),
      }),
    );
    expect(wrongType.image).toEqual(['The image field must be a file of type: png, jpeg, jpg.']);
  });
});

describe('POST /admin/groups/{id}?_method=PUT', () => {
  it('renames a group, keeping its image, or replaces the image too', async () => {
    const created = await createGroup();
    const renamed = await updateGroup(created.id, form({ name: 'Renamed' }));
    expect(renamed).toMatchObject({ id: created.id, name: 'Renamed', image: created.image });
    const reimaged = await updateGroup(
      created.id,
      form({ name: 'Renamed' }, { image: { name: 'new.jpg', bytes: jpeg() } }),
    );
    expect(reimaged.image?.original_url).toMatch(/\.jpg$/);
    expect((await download(created.image?.original_url ?? '')).status).toBe(404);
    await api.call('DELETE', `/admin/groups/${created.id}`, await admin());
  });

  it('requires the name, and answers 404 for an unknown group', async () => {
    const created = await createGroup();
    const errors = expectInvalid(
      await api.call('POST', `/admin/groups/${created.id}?_method=PUT`, {
        ...(await admin()),
        form: form({}),
      }),
    );
    expect(errors.name).toEqual(['The name field is required.']);
    expect(
      expectFail(
        await api.call('POST', '/admin/groups/99999999?_method=PUT', {
          ...(await admin()),
          form: form({ name: 'X' }),
        }),
        404,
      ),
    ).toBe('The requested group is not found');
    await api.call('DELETE', `/admin/groups/${created.id}`, await admin());
  });
});

describe('members', () => {
  it('assign-users SETS the members to exactly the given ids; an empty list clears them, or is refused where members are required', async () => {
    const group = await createGroup();
    const [a, b, c] = await appUserIds(3);
    if (a === undefined || b === undefined || c === undefined)
      throw new Error('needs three app users');

    expect(await setMembers(group.id, [a, b])).toEqual([a, b].sort());
    expect(await setMembers(group.id, [c, b])).toEqual([b, c].sort());
    expect(
      (await listGroups())
        .find((g) => g.id === group.id)
        ?.users.map((u) => u.id)
        .sort(),
    ).toEqual([b, c].sort());

    if (flavour.membersRequired) {
      expect(expectInvalid(await assign(group.id, []))).toEqual({
        user_ids: ['The user ids field is required.'],
      });
      expect(await assignedIds(group.id)).toEqual([b, c].sort());
    } else {
      expect(await setMembers(group.id, [])).toEqual([]);
    }
    await api.call('DELETE', `/admin/groups/${group.id}`, await admin());
  });

  it('also takes user_ids as a JSON list', async () => {
    const group = await createGroup();
    const [a] = await appUserIds(1);
    if (a === undefined) throw new Error('needs an app user');
    expect(await setMembers(group.id, [a], 'json')).toEqual([a]);
    await api.call('DELETE', `/admin/groups/${group.id}`, await admin());
  });

  it('refuses unknown user ids, naming each, and changes nothing', async () => {
    const group = await createGroup();
    const [a] = await appUserIds(1);
    if (a === undefined) throw new Error('needs an app user');
    await setMembers(group.id, [a]);
    const errors = expectInvalid(await assign(group.id, [a, 99999999]));
    expect(errors).toEqual({ 'user_ids.1': ['The selected user_ids.1 is invalid.'] });
    expect(await assignedIds(group.id)).toEqual([a]);
    await api.call('DELETE', `/admin/groups/${group.id}`, await admin());
  });

  it('answers 404 for an unknown group', async () => {
    expectFail(await api.call('GET', '/admin/groups/99999999/assigned-users', await admin()), 404);
    expectFail(await assign(99999999, []), 404);
  });
});

describe('DELETE /admin/groups/{id}', () => {
  it('deletes the group and its image', async () => {
    const created = await createGroup();
    expectWritten(await api.call('DELETE', `/admin/groups/${created.id}`, await admin()), z.null());
    expect((await listGroups()).some((g) => g.id === created.id)).toBe(false);
    expect((await download(created.image?.original_url ?? '')).status).toBe(404);
    expectFail(await api.call('DELETE', `/admin/groups/${created.id}`, await admin()), 404);
  });
});
