import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { paths, type ChatMessage } from '../../../functions/src/contracts/index.js';
import type { StackInfo } from '../../support/stack-info.ts';
import { PHONE, type PageOptions } from './fixtures.ts';

/**
 * A group member's side of the chat, as the mobile app would be: the unmodified firebase web
 * SDK, signed in with a custom token for the member's upstream id (no admin claim), reading
 * and writing `groups/{gid}/groupChat` under the database rules. App users cannot use the
 * back-office, so the member gets a page of its own, served on the app's origin.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

// Runs in the member's browser page (bundled with esbuild, firebase from node_modules).
const CLIENT = `
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import {
  connectDatabaseEmulator, forceWebSockets, getDatabase, limitToLast, onChildAdded,
  onChildRemoved, orderByChild, push, query, ref, serverTimestamp, set,
} from 'firebase/database';

window.member = {
  async start(config) {
    const app = initializeApp({
      apiKey: 'e2e-member', projectId: config.projectId, databaseURL: config.databaseURL,
    });
    const auth = getAuth(app);
    connectAuthEmulator(auth, config.authUrl, { disableWarnings: true });
    await signInWithCustomToken(auth, config.token);
    forceWebSockets();
    const db = getDatabase(app);
    connectDatabaseEmulator(db, config.host, config.port);
    const chat = ref(db, 'groups/' + config.groupId + '/groupChat');
    const list = document.getElementById('messages');
    const latest = query(chat, orderByChild('timeStamp'), limitToLast(200));
    const failed = (error) => { document.body.dataset.error = String(error); };
    onChildAdded(latest, (snap) => {
      const m = snap.val();
      const item = document.createElement('li');
      item.dataset.id = snap.key;
      item.dataset.type = m.type;
      item.dataset.sender = m.senderUID;
      item.textContent = m.senderUserName + ': ' + (m.type === 'message' ? m.message : m.filename);
      list.append(item);
    }, failed);
    onChildRemoved(latest, (snap) => list.querySelector('[data-id="' + snap.key + '"]')?.remove(), failed);
    window.member.reply = async (text) => {
      const entry = push(chat);
      await set(entry, {
        senderUID: config.uid, receiverUID: config.groupId, message: text, url: '',
        type: 'message', thumbnail: '', filetype: '', filename: '', userType: 'user',
        messageID: entry.key, senderUserName: config.name, deleteAbleId: '', thumbnailID: '',
        timeStamp: serverTimestamp(),
      });
      return entry.key;
    };
    document.body.dataset.ready = 'true';
  },
};
`;

let bundled: Promise<string> | undefined;

function memberClient(): Promise<string> {
  bundled ??= build({
    stdin: { contents: CLIENT, resolveDir: repoRoot, loader: 'js', sourcefile: 'member.js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundled;
}

/** A Firebase custom token for an app user (uid = upstream id, no admin claim), from the stack's Auth emulator. */
export async function mintMemberToken(stack: StackInfo, uid: string): Promise<string> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(stack.urls.auth).host;
  const app = initializeApp({ projectId: stack.projectId }, `member-token-${randomUUID()}`);
  try {
    return await getAuth(app).createCustomToken(uid);
  } finally {
    await deleteApp(app);
  }
}

export interface MemberSession {
  page: Page;
  /** The messages the member sees, in order: `{ id, type, sender, text }`. */
  messages(): Promise<{ id: string; type: string; sender: string; text: string }[]>;
  reply(text: string): Promise<string>;
}

/**
 * A member's phone, on a page of the test's fixture. Its console is not judged: it is the
 * test's own client, not the app.
 */
export async function openMemberChat(
  openPage: (options: PageOptions) => Promise<Page>,
  stack: StackInfo,
  member: { uid: string; name: string; groupId: string },
): Promise<MemberSession> {
  const page = await openPage({ viewport: PHONE, checkErrors: false });
  const script = await memberClient();
  const client = `${stack.urls.app}/__e2e-member/client.js`;
  await page.route(client, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
  // The document itself must come from the app's server: Chromium lets a page reach the local
  // Auth and Database emulators only when it was loaded from a local address, which a
  // document fulfilled by the test is not. Any static file of the app will do.
  await page.goto(`${stack.urls.app}/robots.txt`);
  await page.evaluate(() => {
    document.documentElement.innerHTML =
      '<head><title>member</title></head><body><ol id="messages"></ol></body>';
  });
  await page.addScriptTag({ url: client });
  const token = await mintMemberToken(stack, member.uid);
  await page.evaluate(
    (config) =>
      (window as unknown as { member: { start(c: unknown): Promise<void> } }).member.start(config),
    {
      ...member,
      token,
      projectId: stack.projectId,
      databaseURL: `https://${stack.rtdb.namespace}.firebaseio.com`,
      authUrl: stack.urls.auth,
      host: stack.rtdb.host,
      port: stack.rtdb.port,
    },
  );
  return {
    page,
    messages: () =>
      page.$$eval('#messages li', (items) =>
        items.map((item) => ({
          id: (item as HTMLElement).dataset.id ?? '',
          type: (item as HTMLElement).dataset.type ?? '',
          sender: (item as HTMLElement).dataset.sender ?? '',
          text: item.textContent ?? '',
        })),
      ),
    reply: (text) =>
      page.evaluate(
        (value) =>
          (window as unknown as { member: { reply(t: string): Promise<string> } }).member.reply(
            value,
          ),
        text,
      ),
  };
}

/** The bytes of a fixture, for upload checks. */
export const fixtureBytes = (name: string) => fs.readFileSync(fixture(name));

/**
 * Writes `count` text messages into a group's chat as the database owner, one a minute apart and
 * ending a minute ago, each with every field a chat message has: "Seeded message 1" is the oldest.
 *
 * In one multi-path update, as a burst of messages would arrive; the test goes on once the chat
 * push trigger has run for the newest (its "Chat message pushed" line, which names the message,
 * is in the emulators' log; the local database delivers trigger events a few at a time, in write
 * order).
 */
export async function seedConversation(
  stack: StackInfo,
  db: Database,
  groupId: string,
  count: number,
  sender: { uid: string; name: string; userType: ChatMessage['userType'] },
): Promise<void> {
  const chat = db.ref(paths.groupChat(groupId));
  const log = emulatorLog(stack);
  const start = Date.now() - (count + 1) * 60_000;
  const messages: Record<string, ChatMessage> = {};
  let newest = '';
  for (let n = 1; n <= count; n++) {
    const key = chat.push().key;
    if (!key) throw new Error('a pushed reference always has a key');
    messages[key] = {
      senderUID: sender.uid,
      receiverUID: groupId,
      message: `Seeded message ${n}`,
      url: '',
      type: 'message',
      thumbnail: '',
      filetype: '',
      filename: '',
      userType: sender.userType,
      messageID: key,
      senderUserName: sender.name,
      deleteAbleId: '',
      thumbnailID: '',
      timeStamp: start + n * 60_000,
    };
    newest = key;
  }
  await chat.update(messages);
  await log.waitFor(`"messageId":"${newest}"`, `the chat push trigger for message ${count}`);
}

/** The Functions emulator's log (dev/stack.ts writes it to the data folder), read as it grows. */
function emulatorLog(stack: StackInfo) {
  const file = path.join(stack.dataDir, 'firebase.log');
  let offset = fs.existsSync(file) ? fs.statSync(file).size : 0;
  let text = '';
  const readMore = () => {
    const size = fs.statSync(file).size;
    if (size <= offset) return;
    const buffer = Buffer.alloc(size - offset);
    const handle = fs.openSync(file, 'r');
    try {
      fs.readSync(handle, buffer, 0, buffer.length, offset);
    } finally {
      fs.closeSync(handle);
    }
    offset = size;
    text += buffer.toString('utf8');
  };
  return {
    async waitFor(needle: string, what: string, timeoutMs = 20_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        readMore();
        const at = text.indexOf(needle);
        if (at >= 0) {
          text = text.slice(at + needle.length);
          return;
        }
        if (Date.now() > until) throw new Error(`timed out waiting for ${what} in ${file}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
