import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { complaintSchema } from '../../functions/src/contracts/index.js';
import {
  contractApi,
  expectFail,
  expectInvalid,
  expectOk,
  expectWritten,
  flavour,
  isLocal,
  type Reply,
} from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });

/** Complaints are created by the mobile app, not through this API: the tests use existing ones. */
async function complaints() {
  return expectOk(
    await api.call('GET', '/admin/user-complaint', await admin()),
    z.array(complaintSchema),
  );
}
async function someComplaint() {
  const [first] = await complaints();
  if (first === undefined) throw new Error('the upstream has no complaint to test with');
  return first;
}
/**
 * The complaint a write changed: its reply's echo where the dialect promises one, else what the
 * list says once read again (a bare model has no `user`), as the product does.
 */
async function changed(reply: Reply, id: number) {
  const echoed = expectWritten(reply, complaintSchema);
  if (flavour.writeRelations) expect(echoed).toBeDefined();
  return echoed ?? (await complaints()).find((c) => c.id === id);
}

describe('GET /admin/user-complaint', () => {
  it('lists complaints newest first, with their user and status', async () => {
    const list = await complaints();
    expect(list.length).toBeGreaterThan(0);
    const times = list.map((c) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('POST /admin/user-complaint-change-status', () => {
  it('moves a complaint to any status, from any status, and back', async () => {
    const complaint = await someComplaint();
    for (const status of [2, 3, 1, 3, 2, 1, complaint.status]) {
      const reply = await api.call('POST', '/admin/user-complaint-change-status', {
        ...(await admin()),
        json: { complaint_id: complaint.id, status },
      });
      expect(await changed(reply, complaint.id)).toMatchObject({ id: complaint.id, status });
    }
    const reread = (await complaints()).find((c) => c.id === complaint.id);
    expect(reread?.status).toBe(complaint.status);
  });

  it('refuses an unknown status and an unknown complaint', async () => {
    const complaint = await someComplaint();
    const errors = expectInvalid(
      await api.call('POST', '/admin/user-complaint-change-status', {
        ...(await admin()),
        json: { complaint_id: complaint.id, status: 4 },
      }),
    );
    expect(errors.status).toEqual(['The selected status is invalid.']);
    const missing = expectInvalid(
      await api.call('POST', '/admin/user-complaint-change-status', {
        ...(await admin()),
        json: {},
      }),
    );
    expect(Object.keys(missing).sort()).toEqual(['complaint_id', 'status']);
    expect(
      expectFail(
        await api.call('POST', '/admin/user-complaint-change-status', {
          ...(await admin()),
          json: { complaint_id: 99999999, status: 2 },
        }),
        404,
      ),
    ).toBe('The requested complaint is not found');
  });
});

describe('POST /admin/complaint/{id}/response', () => {
  it('saves the admin response', async () => {
    const complaint = await someComplaint();
    const text = `We refunded the difference (${Date.now()}).`;
    const reply = await api.call('POST', `/admin/complaint/${complaint.id}/response`, {
      ...(await admin()),
      json: { response: text },
    });
    expect((await changed(reply, complaint.id))?.admin_response).toBe(text);
    expect((await complaints()).find((c) => c.id === complaint.id)?.admin_response).toBe(text);
  });

  it('requires a response, and a complaint that exists', async () => {
    const complaint = await someComplaint();
    const errors = expectInvalid(
      await api.call('POST', `/admin/complaint/${complaint.id}/response`, {
        ...(await admin()),
        json: { response: '  ' },
      }),
    );
    expect(errors.response).toEqual(['The response field is required.']);
    expectFail(
      await api.call('POST', '/admin/complaint/99999999/response', {
        ...(await admin()),
        json: { response: 'Hi' },
      }),
      404,
    );
  });
});

describe('DELETE /admin/user-complaint/{id}', () => {
  // Complaints cannot be created through the API, so deleting one is tried only on our own copy.
  it.runIf(isLocal)('deletes a complaint', async () => {
    const complaint = await someComplaint();
    expectWritten(
      await api.call('DELETE', `/admin/user-complaint/${complaint.id}`, await admin()),
      z.null(),
    );
    expect((await complaints()).some((c) => c.id === complaint.id)).toBe(false);
    expectFail(
      await api.call('DELETE', `/admin/user-complaint/${complaint.id}`, await admin()),
      404,
    );
  });

  it('answers 404 for an unknown complaint', async () => {
    expectFail(await api.call('DELETE', '/admin/user-complaint/99999999', await admin()), 404);
  });
});
