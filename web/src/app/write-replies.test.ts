import { createElement } from 'react';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/api/api-client';
import { answeringApi, type Answer } from '@/testing/answering-api';
import { renderApp } from '@/testing/render';
import {
  saveAnnouncement,
  useSaveAnnouncement,
} from '@/features/announcements/api/save-announcement';
import {
  changeComplaintStatus,
  useChangeComplaintStatus,
} from '@/features/complaints/api/change-complaint-status';
import {
  respondToComplaint,
  useRespondToComplaint,
} from '@/features/complaints/api/respond-to-complaint';
import { uploadChatFile } from '@/features/chat/api/chat-files';
import { assignMembers, useAssignMembers } from '@/features/groups/api/assign-members';
import { createReport } from '@/features/groups/api/create-report';
import { saveGroup, useSaveGroup } from '@/features/groups/api/save-group';
import { uploadOffers, useUploadOffers } from '@/features/offers/api/upload-offers';
import { saveFuelPrices, useSaveFuelPrices } from '@/features/prices/api/save-fuel-prices';
import { saveInvoice, useSaveInvoice } from '@/features/users/api/save-invoice';

// Every write the product makes, against the three ways a Laravel upstream commonly says
// "done" besides the envelope with the record: the bare model, the model as Eloquent's
// create() returns it (no relations loaded), and the envelope with no payload. Each is a
// success; a reply with no record the screen can read gives undefined, and the screen then
// reads the list again (each mutation's own test shows that part).

const png = () => new File(['png'], 'a.png', { type: 'image/png' });
const json = (body: unknown, status = 200): Answer => ({ status, text: JSON.stringify(body) });

const group = { id: 4, name: 'Fleet', image: { original_url: '/storage/9/g.png' } };
const report = { id: 7, user_id: 42, title: 'April', description: 'Fuel', url: null };
const announcement = { id: 3, title: 'Open', description: 'Late hours', image: null };
const prices = {
  id: 11,
  fuel_price_type_id: '2',
  regular: '3.290',
  premium: '3.590',
  diesel: '3.990',
  renew_99: '4.100',
  b_20: '3.700',
  date: '2025-01-15',
};
const PRICE_SAVE = {
  groupId: 4,
  fuel_price_type_id: 2,
  date: '2025-01-15',
  regular: '3.29',
  premium: '3.59',
  diesel: '3.99',
  renew_99: '4.1',
  b_20: '3.7',
};
const complaint = {
  id: 31,
  title: 'Pump',
  description: 'Broken',
  status: '2',
  admin_response: 'Done',
};

interface WriteCase {
  name: string;
  write: (api: ApiClient) => Promise<unknown>;
  /** The model as sent bare; `withoutRelations` as Eloquent's create() gives it. */
  model: unknown;
  withoutRelations: unknown;
}

const cases: WriteCase[] = [
  {
    name: 'group create',
    write: (api) => saveGroup(api, { name: 'Fleet', image: png() }),
    model: { ...group, users: [], timestamp: 1 },
    withoutRelations: group,
  },
  {
    name: 'group update',
    write: (api) => saveGroup(api, { id: 4, name: 'Fleet', image: null }),
    model: { ...group, users: [], timestamp: 1 },
    withoutRelations: group,
  },
  {
    name: 'offers upload',
    write: (api) => uploadOffers(api, { upload: { first_image: png() } }),
    model: [{ id: 1, image: { original_url: '/storage/1/o.png' } }],
    withoutRelations: { id: 1, first_image: 'offers/o.png' },
  },
  {
    name: 'price save',
    write: (api) => saveFuelPrices(api, PRICE_SAVE),
    model: prices,
    withoutRelations: { id: 11, group_id: '4' },
  },
  {
    name: 'invoice create',
    write: (api) =>
      saveInvoice(api, { userId: 42, form: { title: 'April', description: 'Fuel', url: '' } }),
    model: report,
    withoutRelations: { id: 7, user_id: '42' },
  },
  {
    name: 'invoice update',
    write: (api) =>
      saveInvoice(api, {
        userId: 42,
        invoiceId: 7,
        form: { title: 'April', description: 'Fuel', url: '' },
      }),
    model: report,
    withoutRelations: { id: 7, user_id: '42' },
  },
  {
    name: "a group's invoice",
    write: (api) =>
      createReport(api, { user_id: 42, title: 'April', description: 'Fuel', url: 'https://x.io' }),
    model: report,
    withoutRelations: { id: 7 },
  },
  {
    name: 'announcement create',
    write: (api) =>
      saveAnnouncement(api, { values: { title: 'Open', description: 'Late hours', image: png() } }),
    model: announcement,
    withoutRelations: { id: 3, title: 'Open', description: 'Late hours' },
  },
  {
    name: 'announcement update',
    write: (api) =>
      saveAnnouncement(api, { id: 3, values: { title: 'Open', description: 'Late hours' } }),
    model: announcement,
    withoutRelations: { id: 3, title: 'Open', description: 'Late hours' },
  },
  {
    name: 'assign-users',
    write: (api) => assignMembers(api, 4, [42, 43]),
    model: [{ id: 42, name: 'Olivia' }],
    withoutRelations: { ...group, users: undefined },
  },
  {
    name: 'complaint status',
    write: (api) => changeComplaintStatus(api, { complaintId: 31, status: 2 }),
    model: { ...complaint, user: { id: 7, name: 'Ana' } },
    withoutRelations: complaint,
  },
  {
    name: 'complaint response',
    write: (api) => respondToComplaint(api, { complaintId: 31, response: 'Done' }),
    model: { ...complaint, user: { id: 7, name: 'Ana' } },
    withoutRelations: complaint,
  },
];

describe.each(cases)('$name', ({ write, model, withoutRelations }) => {
  it.each([
    ['the bare model', json(model)],
    ['the model without relations', json(withoutRelations)],
    ['the model, created', json(withoutRelations, 201)],
    [
      'the envelope with no payload',
      json({ metadata: { success: 1, message: '' }, payload: null }),
    ],
    ['the envelope with success as text', json({ metadata: { success: '1' }, payload: null })],
    ['no content', { status: 204, text: '' }],
  ])('succeeds on %s', async (_reply, answer) => {
    const { api, calls } = answeringApi(() => answer);
    await write(api);
    expect(calls).toHaveLength(1);
  });

  it('still fails on a reply that is not JSON, or an envelope that says no', async () => {
    const html = answeringApi(() => ({ status: 200, text: '<html>Welcome</html>' }));
    await expect(write(html.api)).rejects.toMatchObject({ kind: 'invalid-reply' });
    const refused = answeringApi(() => json({ metadata: { success: 0, message: 'No' } }));
    await expect(write(refused.api)).rejects.toMatchObject({ kind: 'rejected', lines: ['No'] });
  });
});

// A chat upload has no list to read again: the message needs the upload's id and address, which
// the original API promises and nothing more. A reply that names the upload without its address
// deletes it again, so no file is left upstream that no message points to.
describe('chat upload', () => {
  const stored = { id: 31, file: { original_url: '/storage/31/a.png' } };
  const upload = (api: ApiClient) => uploadChatFile(api, png(), 'a.png', () => {});

  it.each([
    ['the bare model', json(stored)],
    ['the model, created', json({ ...stored, id: '31' }, 201)],
    ['the envelope', json({ metadata: { success: 1 }, payload: stored })],
  ])('succeeds on %s with its id and address', async (_reply, answer) => {
    const { api } = answeringApi(() => answer);
    await expect(upload(api)).resolves.toEqual(stored);
  });

  it.each([
    ['the model without its file', json({ id: 31, file_name: 'a.png' })],
    ['the envelope with the id alone', json({ metadata: { success: 1 }, payload: { id: 31 } })],
  ])('deletes the upload again and fails on %s', async (_reply, answer) => {
    const { api, calls } = answeringApi((method) =>
      method === 'DELETE' ? { status: 204, text: '' } : answer,
    );
    await expect(upload(api)).rejects.toMatchObject({ kind: 'invalid-reply' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
    expect(calls[1]?.url).toMatch(/\/chats\/31$/);
  });

  it.each([
    ['the envelope with no payload', json({ metadata: { success: 1 }, payload: null })],
    ['no content', { status: 204, text: '' }],
  ])('fails, with nothing to delete, on %s', async (_reply, answer) => {
    const { api, calls } = answeringApi(() => answer);
    await expect(upload(api)).rejects.toMatchObject({ kind: 'invalid-reply' });
    expect(calls).toHaveLength(1);
  });
});

// The screens' half: when the reply holds no record to show, each mutation reads again.
const hooks: [name: string, run: (api: ApiClient) => Promise<readonly unknown[]>][] = [
  ['group save', (api) => mutate(api, useSaveGroup, { name: 'Fleet', image: png() })],
  ['offers upload', (api) => mutate(api, useUploadOffers, { upload: { first_image: png() } })],
  ['price save', (api) => mutate(api, useSaveFuelPrices, PRICE_SAVE)],
  [
    'invoice save',
    (api) =>
      mutate(api, useSaveInvoice, {
        userId: 42,
        form: { title: 'April', description: 'Fuel', url: '' },
      }),
  ],
  [
    'announcement save',
    (api) =>
      mutate(api, useSaveAnnouncement, {
        values: { title: 'Open', description: 'Late hours', image: png() },
      }),
  ],
  ['assign-users', (api) => mutate(api, () => useAssignMembers(4), [42])],
  [
    'complaint status',
    (api) => mutate(api, useChangeComplaintStatus, { complaintId: 31, status: 2 }),
  ],
  [
    'complaint response',
    (api) => mutate(api, useRespondToComplaint, { complaintId: 31, response: 'Done' }),
  ],
];

/** Runs the mutation a hook gives; the query keys it invalidated. */
async function mutate<I>(
  api: ApiClient,
  useHook: () => { mutateAsync: (input: I) => Promise<unknown> },
  input: I,
): Promise<readonly unknown[]> {
  let mutation: { mutateAsync: (input: I) => Promise<unknown> } | undefined;
  function Probe() {
    mutation = useHook();
    return null;
  }
  const rendered = await renderApp(createElement(Probe), { api });
  const invalidate = vi.spyOn(rendered.queryClient, 'invalidateQueries');
  await act(async () => {
    await mutation?.mutateAsync(input);
  });
  return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
}

describe.each(hooks)('the %s mutation', (_name, run) => {
  it('reads again after a success whose reply holds no record', async () => {
    const { api } = answeringApi(() =>
      json({ metadata: { success: 1, message: '' }, payload: null }),
    );
    expect((await run(api)).length).toBeGreaterThan(0);
  });
});
