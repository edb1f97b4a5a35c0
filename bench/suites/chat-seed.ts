import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SEED_ADMIN, startApi } from '../../dev/api/index.ts';
import { DATABASE_NAMESPACE } from '../../dev/emulators.ts';
import { silentLogger } from '../../dev/logger.ts';
import { groupSchema, loginPayloadSchema } from '../../functions/src/contracts/index.ts';
import { chatHistory } from '../support/chat-history.ts';
import { httpRequest, payloadOf } from '../support/http.ts';

const CHAT_MESSAGES = 10_000;

/** The chat written before the stack started; parsed where the runner hands it back untyped. */
export const preparedChatSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  messages: z.number(),
});
export type PreparedChat = z.infer<typeof preparedChatSchema>;

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
