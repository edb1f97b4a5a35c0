/**
 * The table of database.rules.json: who does what where, with what data, and whether the rules
 * must allow it. Every case starts from `seed` (fixture.ts), or the world it names; the roles'
 * cases are listed in role-cases.ts. rules.test.ts runs the table through
 * @firebase/rules-unit-testing; coverage.test.ts proves each rule in the file is hit.
 */
import { LIMITS, type ChatMessage } from '../../functions/src/contracts/index.js';
import {
  adminEntry,
  alert,
  changePolicy,
  DESK_DAY,
  deskPresence,
  FUTURE,
  identities,
  message,
  NEW_TOKEN,
  PAST,
  scheduled,
  seed,
  SERVER_TIME,
  tokenEntry,
  type Who,
} from './fixture.js';
import { roleCases } from './role-cases.js';
import { allow, deny, get, latest, remove, set, update, type RuleCase } from './rule-case.js';

/** A copy of `value` without one of its fields (the SDKs refuse `undefined` values). */
function without<T extends object, K extends keyof T>(value: T, field: K): Omit<T, K> {
  const { [field]: _omitted, ...rest } = value;
  return rest;
}

const long = (length: number) => 'x'.repeat(length);

const NEW_MESSAGE = 'groups/g1/groupChat/n1';
/** A new message of member 101 in g1, at key n1, stamped with the server's time. */
const post = (fields: Partial<ChatMessage> = {}) => ({
  ...message({ senderUID: identities.member.uid, receiverUID: 'g1', messageID: 'n1' }),
  timeStamp: SERVER_TIME,
  ...fields,
});
/** A new message of Eve (106, member of g1) at key n1, stamped with the server's time. */
const evePost = (fields: Partial<ChatMessage> = {}) =>
  post({ senderUID: '106', senderUserName: 'Eve', ...fields });
/** A new message of the admin in g2, at key n2, stamped with the server's time. */
const adminPost = () => ({
  ...message({
    senderUID: identities.admin.uid,
    receiverUID: 'g2',
    messageID: 'n2',
    userType: 'admin',
    senderUserName: 'Ada Admin',
  }),
  timeStamp: SERVER_TIME,
});

const NEW_ALERT = 'notificationsAlert/n1';
const newAlert = () => alert({ notificationId: 'n1', target: 'all' });
const MY_TOKEN = 'deviceTokens/101/3';

const adminRules: RuleCase[] = [
  allow('admin', set('admin', adminEntry()), 'an admin writes the admin entry as themselves'),
  allow('admin', get('admin'), 'admins read the whole admin entry'),
  allow(
    'admin',
    update('admin', { deviceToken: 'refreshed-web-token' }),
    'an admin refreshes the web push token of their own entry',
  ),
  allow('admin', remove('admin'), 'the admin the entry names may clear it'),
  allow(
    'otherAdmin',
    set(
      'admin',
      adminEntry({ id: identities.otherAdmin.uid, deviceToken: 'other-admin-web-token' }),
    ),
    'a second admin signing in replaces the entry with their own, as the web app does',
  ),
  deny('otherAdmin', remove('admin'), 'another admin cannot delete the entry that names the first'),
  deny(
    'otherAdmin',
    set('admin', null),
    'nor delete it by writing null (a delete skips .validate; the write rule checks the id)',
  ),
  deny(
    'otherAdmin',
    update('admin', {
      id: null,
      name: null,
      email: null,
      image: null,
      deviceToken: null,
      lastLogin: null,
    }),
    'nor delete it by clearing every field at once',
  ),
  deny('member', remove('admin'), 'an app user cannot delete the entry'),
  allow('member', get('admin/name'), "app users read the admin's name, for the chat"),
  allow('member', get('admin/id'), "app users read the admin's id, for the chat"),
  deny('stranger', get('admin/id'), 'an identity that is no upstream user reads not even the id'),
  deny('member', get('admin'), "app users never read the admin's device token with the rest"),
  deny('member', get('admin/deviceToken'), "the admin's web push token stays with admins"),
  deny('member', get('admin/email'), "the admin's email stays with admins"),
  deny('anonymous', get('admin/name'), 'nobody signed out reads anything'),
  deny('stranger', get('admin/name'), 'an identity that is no upstream user reads nothing'),
  deny('member', set('admin', adminEntry({ id: '101' })), 'an app user cannot pose as the admin'),
  deny(
    'member',
    update('admin', { deviceToken: 'attacker-token' }),
    "an app user cannot redirect the admin's chat pushes to their device",
  ),
  deny(
    'userRole',
    set('admin', adminEntry({ id: '105' })),
    "a role claim other than 'admin' is no admin",
  ),
  deny('anonymous', set('admin', adminEntry()), 'nobody signed out writes anything'),
  deny(
    'otherAdmin',
    update('admin', { deviceToken: 'other-admin-web-token' }),
    'an admin writes the entry only as themselves (id === auth.uid)',
  ),
  deny('admin', set('admin', adminEntry({ id: '2' })), 'the entry names the admin who writes it'),
  deny('admin', set('admin', without(adminEntry(), 'lastLogin')), 'every field is required'),
  deny('admin', set('admin', { ...adminEntry(), role: 'admin' }), 'no unknown field'),
  deny('admin', set('admin/id', 1), 'the id is a string'),
  deny('admin', set('admin/name', long(LIMITS.name + 1)), 'the name has a limit'),
  deny('admin', set('admin/email', 42), 'the email is a string'),
  deny('admin', set('admin/image', long(LIMITS.url + 1)), 'the image URL has a limit'),
  deny('admin', set('admin/deviceToken', long(LIMITS.url + 1)), 'the device token has a limit'),
  deny('admin', set('admin/lastLogin', 1.5), 'lastLogin is a whole number of ms'),
];

const MY_ENTRY = `admins/${identities.admin.uid}`;

const ownEntryRules: RuleCase[] = [
  allow('admin', set(MY_ENTRY, adminEntry()), 'an admin writes their own entry'),
  allow(
    'admin',
    get(MY_ENTRY),
    'an admin reads their own entry, to see whether it holds the token',
  ),
  allow(
    'admin',
    update(MY_ENTRY, { deviceToken: 'refreshed-web-token' }),
    'an admin refreshes the push token of their own entry',
  ),
  allow(
    'admin',
    update('', { admin: adminEntry(), [MY_ENTRY]: adminEntry() }),
    'sign-in writes the own entry and the admin entry in one update',
  ),
  allow('admin', remove(MY_ENTRY), 'an admin may clear their own entry'),
  deny(
    'otherAdmin',
    set(MY_ENTRY, adminEntry({ deviceToken: 'other-admin-web-token' })),
    "an admin cannot write another admin's entry (to take their chat pushes)",
  ),
  deny(
    'otherAdmin',
    update(MY_ENTRY, { deviceToken: 'other-admin-web-token' }),
    "nor change one field of another admin's entry",
  ),
  deny('otherAdmin', remove(MY_ENTRY), "nor delete another admin's entry"),
  deny('otherAdmin', get(MY_ENTRY), "an admin does not read another admin's entry"),
  deny('admin', get('admins'), 'nor the list of every admin’s entry'),
  deny('member', get(MY_ENTRY), "an app user never reads an admin's push token"),
  deny(
    'member',
    set('admins/101', adminEntry({ id: '101' })),
    'an app user cannot file an entry of their own to receive chat pushes',
  ),
  deny(
    'userRole',
    set('admins/105', adminEntry({ id: '105' })),
    "a role claim other than 'admin' files no entry",
  ),
  deny('anonymous', get(MY_ENTRY), 'nobody signed out reads an entry'),
  deny('signedOutAdmin', set(MY_ENTRY, adminEntry()), 'a signed-out admin writes no entry'),
  deny(
    'admin',
    set(MY_ENTRY, adminEntry({ id: identities.otherAdmin.uid })),
    'the entry names the admin it is filed under',
  ),
  deny('admin', set(MY_ENTRY, without(adminEntry(), 'deviceToken')), 'every field is required'),
  deny('admin', set(MY_ENTRY, { ...adminEntry(), role: 'admin' }), 'no unknown field'),
  deny('admin', set(`${MY_ENTRY}/id`, ''), 'the id is not empty'),
  deny('admin', set(`${MY_ENTRY}/name`, long(LIMITS.name + 1)), 'the name has a limit'),
  deny('admin', set(`${MY_ENTRY}/email`, long(LIMITS.name + 1)), 'the email has a limit'),
  deny('admin', set(`${MY_ENTRY}/image`, 7), 'the image URL is a string'),
  deny('admin', set(`${MY_ENTRY}/deviceToken`, long(LIMITS.url + 1)), 'the push token has a limit'),
  deny('admin', set(`${MY_ENTRY}/lastLogin`, -1), 'lastLogin is not negative'),
];

const mirrorRules: RuleCase[] = [
  allow('admin', get('users'), 'admins read the whole user mirror'),
  allow('member', get('users/101'), 'an app user reads their own mirror entry'),
  deny('member', get('users/102'), "an app user cannot read another user's entry"),
  deny('member', get('users'), 'an app user cannot list the mirror'),
  deny('anonymous', get('users/101'), 'nobody signed out reads the mirror'),
  deny(
    'member',
    set('users/101', { userId: '101', name: 'Bob the Great', image: '', lastUpdate: PAST }),
    'only the functions write the mirror, even a user’s own entry',
  ),
  deny(
    'admin',
    set('users/101', { userId: '101', name: 'Bob', image: '', lastUpdate: PAST }),
    'not even admins write the mirror: it copies the upstream',
  ),
];

const tokenRules: RuleCase[] = [
  allow('member', set(MY_TOKEN, tokenEntry(NEW_TOKEN)), 'an app user registers a device token'),
  allow(
    'member',
    set(MY_TOKEN, { token: NEW_TOKEN, updatedAt: SERVER_TIME }),
    'with the server time as updatedAt',
  ),
  allow(
    'member',
    set('deviceTokens/101/9', tokenEntry(NEW_TOKEN)),
    'in any of the ten slots, 0 to 9',
  ),
  allow(
    'member',
    update('deviceTokens/101', { '1': tokenEntry(NEW_TOKEN), '2': tokenEntry(`${NEW_TOKEN}-2`) }),
    'several slots in one update',
  ),
  allow(
    'member',
    set(MY_TOKEN, tokenEntry(`dQw4w9WgXcQ:APA91bH${'a1_-'.repeat(123)}`)),
    'an FCM-shaped token of 512 characters',
  ),
  allow('member', remove('deviceTokens/101/0'), 'an app user removes their own token (sign-out)'),
  allow(
    'member',
    get('deviceTokens/101/0/updatedAt'),
    'an app user reads when each of its slots was written, to pick a free or stale one',
  ),
  deny(
    'member',
    set('deviceTokens/101/10', tokenEntry(NEW_TOKEN)),
    'an eleventh device: a user has ten slots, so one user cannot swell every send to all',
  ),
  deny(
    'member',
    update('deviceTokens/101', { '5': tokenEntry(NEW_TOKEN), '10': tokenEntry(NEW_TOKEN) }),
    'an update reaching past the tenth slot fails whole',
  ),
  deny('member', set('deviceTokens/101/01', tokenEntry(NEW_TOKEN)), 'a slot is one digit'),
  deny(
    'member',
    set(MY_TOKEN, { token: 'x'.repeat(513), updatedAt: PAST }),
    'a token is at most 512 characters',
  ),
  deny(
    'member',
    set(MY_TOKEN, { token: 'not a token <script>', updatedAt: PAST }),
    'a token holds only what FCM tokens are made of',
  ),
  deny('member', get('deviceTokens/101'), 'no client reads device tokens, not even their own'),
  deny('member', get('deviceTokens/101/0/token'), 'nor one of its own tokens'),
  deny('outsider', get('deviceTokens/101/0/updatedAt'), "nor when another user's slot was written"),
  deny('admin', get('deviceTokens'), 'not even admins read device tokens'),
  deny('admin', get('deviceTokens/101/0'), 'not even one token, by its slot'),
  deny(
    'member',
    set('deviceTokens/102/3', tokenEntry(NEW_TOKEN)),
    "an app user cannot plant a token on another user's account (to receive their pushes)",
  ),
  deny('member', remove('deviceTokens/102/0'), "an app user cannot remove another user's token"),
  deny(
    'member',
    set('deviceTokens/101', { '3': tokenEntry(NEW_TOKEN) }),
    'slots are written one by one, never the whole list',
  ),
  deny(
    'stranger',
    set(`deviceTokens/${identities.stranger.uid}/3`, tokenEntry(NEW_TOKEN)),
    'an identity that is no upstream user cannot sign up for "all users" pushes',
  ),
  deny('anonymous', set(MY_TOKEN, tokenEntry(NEW_TOKEN)), 'nobody signed out writes a token'),
  deny(
    'member',
    set(MY_TOKEN, { ...tokenEntry(NEW_TOKEN), platform: 'android' }),
    'no unknown field',
  ),
  deny('member', set(MY_TOKEN, { token: '', updatedAt: PAST }), 'the token is not empty'),
  deny('member', set(MY_TOKEN, { token: NEW_TOKEN }), 'updatedAt is required'),
  deny(
    'member',
    set(MY_TOKEN, tokenEntry(NEW_TOKEN, FUTURE)),
    'updatedAt is not in the future (it would dodge pruning)',
  ),
];

const memberRules: RuleCase[] = [
  allow('admin', get('groups/g1/members'), 'admins read any group’s members'),
  allow('member', get('groups/g1/members'), 'a member reads their group’s members'),
  deny('outsider', get('groups/g1/members'), 'a non-member cannot list a group’s members'),
  deny('anonymous', get('groups/g1/members'), 'nobody signed out reads members'),
  deny(
    'outsider',
    set('groups/g1/members/102', true),
    'an app user cannot add themselves to a group',
  ),
  deny(
    'admin',
    set('groups/g1/members/102', true),
    'membership mirrors the upstream: functions only',
  ),
  deny('member', remove('groups/g1/members/104'), 'a member cannot remove another member'),
  deny('admin', get('groups'), 'nobody lists every group at once'),
  deny('admin', set('groups/g1/settings', { muted: true }), 'a group holds members and chat only'),
];

const chatReadRules: RuleCase[] = [
  allow('member', get('groups/g1/groupChat'), 'a member reads their group’s chat'),
  allow('member', get('groups/g1/groupChat', latest), 'by time, as the chat screen asks'),
  allow('member', get('groups/g1/groupChat/m2'), 'one message of their group'),
  allow('admin', get('groups/g2/groupChat'), 'admins read every group’s chat'),
  allow('admin', get('groups/g1/groupChat', latest), 'by time, as the admin chat screen asks'),
  deny('outsider', get('groups/g1/groupChat'), 'an app user cannot read another group’s chat'),
  deny('outsider', get('groups/g1/groupChat', latest), 'nor query it'),
  deny('outsider', get('groups/g1/groupChat/m1'), 'nor read one of its messages'),
  deny('anonymous', get('groups/g1/groupChat'), 'nobody signed out reads a chat'),
  deny('stranger', get('groups/g1/groupChat'), 'an identity that is no member reads no chat'),
];

const chatWriteRules: RuleCase[] = [
  allow('member', set(NEW_MESSAGE, post()), 'a member posts in their group as themselves'),
  allow(
    'member',
    set(NEW_MESSAGE, { ...post(), timeStamp: SERVER_TIME }),
    'with the server time as timeStamp',
  ),
  allow(
    'member',
    set(
      NEW_MESSAGE,
      post({
        type: 'image',
        message: '',
        url: 'https://api.example.com/storage/12/photo.jpg',
        thumbnail: 'https://api.example.com/storage/13/photo-small.jpg',
        filetype: 'image/jpeg',
        filename: 'photo.jpg',
        deleteAbleId: '77',
        thumbnailID: '78',
      }),
    ),
    'an image message with its url',
  ),
  allow(
    'member',
    set(NEW_MESSAGE, post({ message: long(LIMITS.chatMessage) })),
    `a message of exactly ${LIMITS.chatMessage} characters`,
  ),
  allow(
    'admin',
    set('groups/g2/groupChat/n2', adminPost()),
    'an admin posts in any group as admin',
  ),
  allow(
    'member',
    update('', {
      [NEW_MESSAGE]: post(),
      [MY_TOKEN]: tokenEntry(NEW_TOKEN),
    }),
    'a multi-path update of allowed writes is allowed',
  ),
  deny(
    'outsider',
    set(NEW_MESSAGE, post({ senderUID: '102', senderUserName: 'Carol' })),
    'an app user cannot post in a group they are not in',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ senderUID: '104', senderUserName: 'Dan' })),
    'a member cannot post as another user',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ userType: 'admin', senderUserName: 'Ada Admin' })),
    'a member cannot post as the admin',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ userType: 'admin' })),
    'a member cannot mark their own message as an admin’s (their own id and name)',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ senderUserName: 'Dan' })),
    'a member posts under the name the mirror holds for them, not another',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ senderUID: '1', userType: 'admin' })),
    "a member cannot post under the admin's id",
  ),
  deny(
    'admin',
    set('groups/g2/groupChat/n2', { ...adminPost(), userType: 'user' }),
    "an admin's message says userType admin",
  ),
  deny(
    'admin',
    set('groups/g2/groupChat/n2', { ...adminPost(), senderUID: '102' }),
    'an admin cannot post as an app user',
  ),
  deny(
    'stranger',
    set(NEW_MESSAGE, post({ senderUID: identities.stranger.uid })),
    'no member, no post',
  ),
  deny('anonymous', set(NEW_MESSAGE, post()), 'nobody signed out posts'),
  deny('userRole', set(NEW_MESSAGE, post({ senderUID: '105' })), 'a role claim grants no group'),
  deny(
    'member',
    update('', { [NEW_MESSAGE]: post(), 'groups/g1/members/102': true }),
    'a multi-path update is denied whole when one path is denied',
  ),
  deny('member', set(NEW_MESSAGE, { ...post(), likes: 3 }), 'a message with an unknown field'),
  deny('member', set(NEW_MESSAGE, post({ timeStamp: FUTURE })), 'a message from the future'),
  deny(
    'member',
    set(NEW_MESSAGE, post({ timeStamp: PAST })),
    'a message back-dated past a minute ago: it would hide below the history while pushed',
  ),
  deny(
    'admin',
    set(NEW_MESSAGE.replace('g1', 'g2').replace('n1', 'n2'), {
      ...adminPost(),
      timeStamp: PAST,
    }),
    'an admin’s message is held to the server’s minute too',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ senderUserName: 'Boss (Admin)' })),
    'an app user posts under the name the mirror holds for them, not another',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), message: long(LIMITS.chatMessage + 1) }),
    `a huge message (over ${LIMITS.chatMessage} characters)`,
  ),
  deny('member', set(NEW_MESSAGE, { ...post(), message: 7 }), 'the text is a string'),
  deny('member', set(NEW_MESSAGE, { ...post(), type: 'sticker' }), 'an unknown message type'),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), type: 'sticker', url: 'https://api.example.com/s.png' }),
    'even with a url, as a file would have',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), type: 'video', url: '' }),
    'a file, image or video message needs its url',
  ),
  deny('member', set(NEW_MESSAGE, post({ messageID: 'n9' })), 'messageID is the key'),
  ...[
    'javascript:alert(1)',
    'data:text/html;base64,PHA+',
    'ftp://example.com/a.png',
    '/api/files/a.png',
  ].map((url) =>
    deny(
      'member',
      set(NEW_MESSAGE, { ...post(), type: 'image', url }),
      `a file's url is an http(s) address, not ${url.slice(0, 12)}: the apps open it`,
    ),
  ),
  deny(
    'member',
    set(NEW_MESSAGE, {
      ...post(),
      type: 'image',
      url: 'https://a.example/p.jpg',
      thumbnail: 'javascript:x',
    }),
    'nor is its thumbnail anything else',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), url: 'https://a.example/p.jpg' }),
    'a text message names no file',
  ),
  deny(
    'member',
    set('groups/g1/groupChat/gone', post({ messageID: 'gone' })),
    "a post under a deleted message's key, which the count and the push would skip",
  ),
  deny(
    'unnamedMember',
    set(NEW_MESSAGE, post({ senderUID: '108', senderUserName: 'Anyone' })),
    'a member the mirror has no name for yet posts under no name of their choosing',
  ),
  deny(
    'member',
    set(`groups/g1/groupChat/${'k'.repeat(129)}`, post({ messageID: 'k'.repeat(129) })),
    'a key over 128 characters, which the back-office could not show or count',
  ),
  allow(
    'member',
    set(`groups/g1/groupChat/${'k'.repeat(128)}`, post({ messageID: 'k'.repeat(128) })),
    'a key of exactly 128 characters',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, post({ receiverUID: 'g2' })),
    'receiverUID is the group the message is in',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, without(post(), 'thumbnailID')),
    'every field of the message is required',
  ),
  deny('member', set(NEW_MESSAGE, { ...post(), url: long(LIMITS.url + 1) }), 'the url has a limit'),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), thumbnail: long(LIMITS.url + 1) }),
    'the thumbnail url has a limit',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), filetype: long(LIMITS.fileType + 1) }),
    'the file type has a limit',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), filename: long(LIMITS.fileName + 1) }),
    'the file name has a limit',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), senderUserName: long(LIMITS.name + 1) }),
    'the sender name has a limit',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), deleteAbleId: long(LIMITS.id + 1) }),
    'the upload id has a limit',
  ),
  deny(
    'member',
    set(NEW_MESSAGE, { ...post(), thumbnailID: long(LIMITS.id + 1) }),
    'the cover upload id has a limit',
  ),
  deny('member', set(NEW_MESSAGE, { ...post(), timeStamp: 'yesterday' }), 'timeStamp is a number'),
  deny(
    'member',
    set('groups/g1/groupChat/m1', post({ messageID: 'm1', message: 'edited' })),
    'messages are immutable: no edit, even by the sender',
  ),
  deny(
    'member',
    update('groups/g1/groupChat/m1', { message: 'edited' }),
    'not even one field of one’s own message',
  ),
  deny(
    'admin',
    update('groups/g1/groupChat/m3', { message: 'moderated' }),
    'not even by an admin: admins delete, never edit',
  ),
  deny(
    'member',
    set('groups/g1/groupChat/m3', post({ messageID: 'm3' })),
    "a member cannot overwrite another's message",
  ),
  deny(
    'admin',
    set('groups/g1/groupChat/m3', { ...adminPost(), receiverUID: 'g1', messageID: 'm3' }),
    'a message sent again at its stored key is refused: the chat counts that as delivered',
  ),
];

const chatDeleteRules: RuleCase[] = [
  allow('member', remove('groups/g1/groupChat/m1'), 'a member deletes their own message'),
  deny(
    'admin',
    remove('groups/g1/groupChat/m3'),
    'an admin deletes through the api function only, which records who and cleans up the uploads',
  ),
  deny('admin', remove('groups/g1/groupChat/m2'), 'not even their own message'),
  deny(
    'member',
    remove('groups/g1/groupChat/m3'),
    "a member cannot delete another member's message",
  ),
  deny('member', remove('groups/g1/groupChat/m2'), "a member cannot delete the admin's message"),
  deny('outsider', remove('groups/g1/groupChat/m1'), 'a non-member deletes nothing there'),
  deny('anonymous', remove('groups/g1/groupChat/m1'), 'nobody signed out deletes'),
  deny('admin', remove('groups/g1/groupChat'), 'a whole chat is never wiped by a client'),
];

const alertRules: RuleCase[] = [
  allow('admin', set(NEW_ALERT, newAlert()), 'an admin sends an alert to all users'),
  allow(
    'admin',
    set(NEW_ALERT, { ...newAlert(), timeStamp: SERVER_TIME }),
    'with the server time as timeStamp',
  ),
  allow(
    'admin',
    set(NEW_ALERT, alert({ notificationId: 'n1', target: 'user', userId: '101' })),
    'an admin sends an alert to one user',
  ),
  allow(
    'admin',
    set(NEW_ALERT, alert({ notificationId: 'n1', target: 'group', groupId: 'g1' })),
    'an admin sends an alert to a group',
  ),
  allow(
    'admin',
    set(NEW_ALERT, { ...newAlert(), title: long(LIMITS.alertTitle) }),
    `a title of exactly ${LIMITS.alertTitle} characters`,
  ),
  allow('admin', remove('notificationsAlert/aAll'), 'an admin deletes an alert from the history'),
  allow('admin', get('notificationsAlert'), 'admins read the whole history'),
  allow('admin', get('notificationsAlert', latest), 'by time, as the history screen asks'),
  allow('member', get('notificationsAlert/aUser101'), 'an app user reads an alert sent to them'),
  allow('member', get('notificationsAlert/aAll'), 'an app user reads an alert sent to all'),
  allow('member', get('notificationsAlert/aG1'), 'an app user reads an alert sent to their group'),
  allow('outsider', get('notificationsAlert/aG2'), 'every member of the targeted group does'),
  allow(
    'member',
    get('notificationsAlert/aAll/delivery'),
    'an addressed user reads the whole alert, its delivery counts included (see docs)',
  ),
  deny('member', get('notificationsAlert'), 'an app user cannot list the history'),
  deny('member', get('notificationsAlert', latest), 'nor query it'),
  deny('member', get('notificationsAlert/aUser102'), 'an alert sent to another user'),
  deny('outsider', get('notificationsAlert/aG1'), 'an alert sent to a group one is not in'),
  deny('stranger', get('notificationsAlert/aAll'), 'an identity that is no upstream user'),
  deny('anonymous', get('notificationsAlert/aAll'), 'nobody signed out'),
  deny('member', set(NEW_ALERT, newAlert()), 'an app user cannot send an alert'),
  deny('member', remove('notificationsAlert/aUser101'), 'nor delete one, even addressed to them'),
  deny(
    'member',
    set('notificationsAlert/aUser101/delivery', { sent: 0, failed: 0, at: PAST }),
    'an app user cannot write a delivery record',
  ),
  deny(
    'admin',
    set('notificationsAlert/aUser101/delivery', { sent: 9, failed: 0, at: PAST }),
    'only the functions write delivery records',
  ),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), delivery: { sent: 9, failed: 0, at: PAST } }),
    'an alert is created without a delivery record',
  ),
  deny(
    'admin',
    update('notificationsAlert/aAll', { title: 'Corrected' }),
    'alerts are never edited once sent',
  ),
  deny(
    'admin',
    set('notificationsAlert/aAll', alert({ notificationId: 'aAll', target: 'all' })),
    'nor overwritten',
  ),
  deny('admin', set(NEW_ALERT, { ...newAlert(), title: '' }), 'the title is not empty'),
  deny('admin', set(NEW_ALERT, { ...newAlert(), title: '   ' }), 'nor blank'),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), title: long(LIMITS.alertTitle + 1) }),
    'the title has a limit',
  ),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), description: '\n\t ' }),
    'the description is not blank',
  ),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), description: long(LIMITS.alertDescription + 1) }),
    'the description has a limit',
  ),
  deny('admin', set(NEW_ALERT, { ...newAlert(), target: 'everyone' }), 'an unknown target'),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), target: 'user' }),
    'an alert to a user names the user',
  ),
  deny(
    'admin',
    set(NEW_ALERT, {
      ...alert({ notificationId: 'n1', target: 'group', groupId: 'g1' }),
      userId: '101',
    }),
    'an alert has one target only',
  ),
  deny('admin', set(NEW_ALERT, { ...newAlert(), groupId: 'g1' }), 'an alert to all names no group'),
  deny('admin', set(NEW_ALERT, { ...newAlert(), userId: '101' }), 'nor a user'),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), target: 'group' }),
    'an alert to a group names the group',
  ),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), target: 'group', userId: '101' }),
    'a user instead of the group will not do',
  ),
  deny(
    'admin',
    set(NEW_ALERT, {
      ...alert({ notificationId: 'n1', target: 'user', userId: '101' }),
      groupId: 'g1',
    }),
    'an alert to a user names no group',
  ),
  deny(
    'admin',
    set(NEW_ALERT, alert({ notificationId: 'n1', target: 'user', userId: '101/../102' })),
    'a user id is a key, not a path',
  ),
  deny(
    'admin',
    set(NEW_ALERT, alert({ notificationId: 'n1', target: 'group', groupId: 'g2/members' })),
    'a group id is a key, not a path',
  ),
  deny(
    'admin',
    set(NEW_ALERT, alert({ notificationId: 'n2', target: 'all' })),
    'notificationId is the key',
  ),
  deny('admin', set(NEW_ALERT, { ...newAlert(), timeStamp: FUTURE }), 'an alert from the future'),
  deny('admin', set(NEW_ALERT, { ...newAlert(), priority: 'high' }), 'no unknown field'),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), image: long(LIMITS.url + 1) }),
    'the image URL has a limit',
  ),
  deny(
    'admin',
    set(NEW_ALERT, { ...newAlert(), userName: long(LIMITS.name + 1) }),
    'the addressee name has a limit',
  ),
  deny('admin', set(NEW_ALERT, without(newAlert(), 'description')), 'every field is required'),
];

const NEW_SCHEDULED = 'scheduledAlerts/n1';
const newScheduled = (createdBy: string = identities.admin.uid) => scheduled('n1', { createdBy });

/**
 * Notifications to send later: admins with a live session keep them while pending; only the
 * functions (Admin SDK, past the rules) mark one sent.
 */
const scheduledRules: RuleCase[] = [
  allow('admin', set(NEW_SCHEDULED, newScheduled()), 'an admin schedules a notification'),
  allow(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'user', userId: '101' }),
    'to one user',
  ),
  allow(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'group', groupId: 'g1' }),
    'or to a group',
  ),
  allow('admin', get('scheduledAlerts'), 'admins list the scheduled notifications'),
  allow(
    'admin',
    update('scheduledAlerts/sPending', { title: 'Moved', sendAt: FUTURE + 60_000 }),
    'an admin edits a pending one, its time included',
  ),
  allow('admin', remove('scheduledAlerts/sPending'), 'and cancels it while it is pending'),
  deny('userRole', get('scheduledAlerts'), 'a role other than admin lists none'),
  deny('member', get('scheduledAlerts/sPending'), 'an app user reads none'),
  deny('anonymous', get('scheduledAlerts'), 'nobody signed out reads them'),
  deny('signedOutAdmin', get('scheduledAlerts'), 'nor an admin whose session is gone'),
  deny('userRole', set(NEW_SCHEDULED, newScheduled()), 'a role other than admin schedules none'),
  deny('anonymous', set(NEW_SCHEDULED, newScheduled()), 'nobody signed out schedules one'),
  deny('signedOutAdmin', set(NEW_SCHEDULED, newScheduled()), 'nor a signed-out admin'),
  deny('signedOutAdmin', remove('scheduledAlerts/sPending'), 'nor cancels one'),
  deny('userWithSession', remove('scheduledAlerts/sPending'), 'a session without the admin role'),
  deny(
    'admin',
    update('scheduledAlerts/sPending', { status: 'sent' }),
    'a browser never marks one sent: only the functions do',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), status: 'sent' }),
    'nor creates one already sent',
  ),
  deny(
    'admin',
    update('scheduledAlerts/sPending', { alertId: 'aAll' }),
    'nor names the alert it became',
  ),
  deny(
    'admin',
    update('scheduledAlerts/sSent', { title: 'Too late' }),
    'one already sent is never edited',
  ),
  deny('admin', remove('scheduledAlerts/sSent'), 'nor deleted by a browser'),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), sendAt: PAST }),
    'the time to send it is in the future',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), sendAt: FUTURE + 0.5 }),
    'in whole milliseconds',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), createdBy: identities.otherAdmin.uid }),
    'an admin schedules in their own name only',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, scheduled('n2')),
    'notificationId is the key of the scheduled entry',
  ),
  deny('admin', set(NEW_SCHEDULED, { ...newScheduled(), title: '  ' }), 'the title is not blank'),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), description: long(LIMITS.alertDescription + 1) }),
    'the description has the alert’s limit',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), image: long(LIMITS.url + 1) }),
    'the image URL has the alert’s limit',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), userName: long(LIMITS.name + 1) }),
    'the addressee name has the alert’s limit',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), timeStamp: FUTURE }),
    'it was composed no later than now',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'everyone' }),
    'the target is one of user, all and group',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'user', userId: '101/x' }),
    'a user id is a key, not a path',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'group', groupId: 'g1/members' }),
    'a group id is a key, not a path',
  ),
  deny('admin', set(NEW_SCHEDULED, without(newScheduled(), 'sendAt')), 'every field is required'),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'user' }),
    'one to a user names the user',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'group' }),
    'one to a group names the group',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), groupId: 'g1' }),
    'one to all names no group',
  ),
  deny('admin', set(NEW_SCHEDULED, { ...newScheduled(), userId: '101' }), 'nor a user'),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'group', userId: '101' }),
    'a user instead of the group will not do',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'group', groupId: 'g1', userId: '101' }),
    'one to a group names no user',
  ),
  deny(
    'admin',
    set(NEW_SCHEDULED, { ...newScheduled(), target: 'user', userId: '101', groupId: 'g1' }),
    'one to a user names no group',
  ),
];

/**
 * An admin's grants hold only while the session their token names is recorded and has not
 * lapsed: sign-out removes the record, and a session nobody renewed (an idle browser, an admin
 * the upstream demoted) lapses at its expiry, so the token, still unexpired, opens nothing.
 */
const adminSessionRules: RuleCase[] = [
  deny('lapsedAdmin', get('groups/g1/groupChat'), 'a lapsed session reads no group chat'),
  deny('lapsedAdmin', get('users'), 'nor the users list'),
  deny('lapsedAdmin', get('auditLog'), 'nor the audit trail'),
  deny('lapsedAdmin', set(NEW_ALERT, newAlert()), 'nor sends an alert to everyone'),
  deny('lapsedAdmin', set(NEW_SCHEDULED, newScheduled()), 'nor schedules one'),
  deny('lapsedAdmin', set('groups/g2/groupChat/n2', adminPost()), 'nor posts in a chat'),
  deny('lapsedAdmin', set('admin', adminEntry()), 'nor writes the admin entry'),
  allow('admin', get('users'), 'while the same admin’s live session of another browser does'),
  deny('signedOutAdmin', get('groups/g1/groupChat'), 'a signed-out admin reads no group chat'),
  deny('signedOutAdmin', get('groups/g1/groupChat', latest), 'nor queries one by time'),
  deny('signedOutAdmin', get('notificationsAlert'), 'nor the alert history'),
  deny('signedOutAdmin', get('users'), 'nor the users list'),
  deny('signedOutAdmin', get('admin'), 'nor the admin entry'),
  deny('signedOutAdmin', get('groups/g1/members'), 'nor a group’s members'),
  deny('signedOutAdmin', set('admin', adminEntry()), 'nor writes the admin entry'),
  deny('signedOutAdmin', remove('admin'), 'nor clears the entry that names them'),
  deny('signedOutAdmin', set(NEW_ALERT, newAlert()), 'nor sends an alert'),
  deny('signedOutAdmin', remove('notificationsAlert/aAll'), 'nor deletes one'),
  deny('signedOutAdmin', set('groups/g2/groupChat/n2', adminPost()), 'nor posts in a chat'),
  deny('signedOutAdmin', remove('groups/g1/groupChat/m3'), 'nor deletes a message'),
  deny(
    'sessionlessAdmin',
    get('groups/g1/groupChat'),
    'an admin claim without a session claim is no admin session',
  ),
  deny('sessionlessAdmin', get('users'), 'it reads not the users list either'),
  allow(
    'sessionlessMember',
    get('groups/g1/groupChat'),
    'a member whose admin token names no session still reads their group’s chat as a member',
  ),
  allow('sessionlessMember', get('groups/g1/members'), 'and their group’s members'),
  allow(
    'sessionlessMember',
    set(NEW_MESSAGE, evePost({ userType: 'user' })),
    'and posts there under their mirrored name, as a user',
  ),
  deny(
    'sessionlessMember',
    set(NEW_MESSAGE, evePost({ userType: 'admin' })),
    'but never with the admin badge: that needs a live admin session',
  ),
  deny(
    'signedOutMember',
    set(NEW_MESSAGE, evePost({ userType: 'admin' })),
    'nor after signing out',
  ),
  allow('sessionlessMember', remove('groups/g1/groupChat/m5'), 'and deletes their own message'),
  deny(
    'signedOutMember',
    remove('groups/g1/groupChat/m3'),
    'a signed-out admin who is a member deletes only their own messages, as members do',
  ),
  deny(
    'signedOutMember',
    set(NEW_MESSAGE, evePost({ userType: 'admin', senderUserName: 'Ada Admin' })),
    'and posts only under the name the mirror holds for them',
  ),
  deny(
    'memberWithSession',
    remove('groups/g1/groupChat/m3'),
    "a recorded session with role 'user' deletes no other member's message",
  ),
  deny(
    'memberWithSession',
    set(NEW_MESSAGE, evePost({ senderUserName: 'Ada Admin' })),
    "nor posts under another name than the mirror's",
  ),
  deny(
    'memberWithSession',
    set(NEW_MESSAGE, evePost({ userType: 'admin' })),
    'nor with the admin badge: a recorded session is not the admin role',
  ),
  allow(
    'lapsedMember',
    set(NEW_MESSAGE, evePost()),
    'a member whose admin session lapsed still posts as the member they are',
  ),
  deny(
    'lapsedMember',
    set(NEW_MESSAGE, evePost({ userType: 'admin' })),
    'but without the admin badge',
  ),
  deny(
    'lapsedMember',
    set(NEW_MESSAGE, evePost({ senderUserName: 'Boss (Admin)' })),
    'and under the mirrored name only',
  ),
  deny('admin', get('adminSessions'), 'no client reads the session records'),
  deny('admin', get('adminSessions/1'), 'not even an admin their own'),
  deny(
    'signedOutAdmin',
    set('adminSessions/1/s0', { at: PAST }),
    'a signed-out admin cannot bring their session back',
  ),
  deny(
    'admin',
    set('adminSessions/1/s9', { at: PAST }),
    'sessions are opened by the functions only',
  ),
  deny('otherAdmin', remove('adminSessions/1/s1'), "nor can an admin end another's session"),
  deny('member', get('adminSessions'), 'app users see nothing of admin sessions'),
];

const toUser101 = { target: 'user', userId: '101' } as const;
const toG1 = { target: 'group', groupId: 'g1' } as const;
const heldNow = (c: RuleCase): RuleCase => ({ ...c, world: 'pushesHeld' });
const heldByDefault = (c: RuleCase): RuleCase => ({ ...c, world: 'noPolicy' });
const { r1: REQUEST } = seed.changeRequests;
const { r1: HELD } = seed.heldChanges;

/**
 * A push to everyone waits for a second admin while the policy holds it (or no policy was ever
 * set): the functions make it once approved, so a browser writing it straight to the database is
 * refused. Deleting one from the history or cancelling one scheduled holds nothing back.
 */
const heldPushRules: RuleCase[] = [
  heldNow(
    deny(
      'admin',
      set(NEW_ALERT, newAlert()),
      "with the policy on, an admin's direct write of an alert to everyone is refused",
    ),
  ),
  heldByDefault(
    deny(
      'admin',
      set(NEW_ALERT, newAlert()),
      'and with no policy at all: the defaults hold pushes to everyone',
    ),
  ),
  heldNow(
    deny(
      'broadcastAdmin',
      set(NEW_ALERT, newAlert()),
      'the broadcast role lifts the hold no more than the owner’s does',
    ),
  ),
  allow(
    'broadcastAdmin',
    set(NEW_ALERT, newAlert()),
    'with pushAll false, an admin who may push to everyone writes the alert directly',
  ),
  heldNow(
    allow(
      'admin',
      set(NEW_ALERT, alert({ notificationId: 'n1', ...toUser101 })),
      'an alert to one user is not held',
    ),
  ),
  heldByDefault(
    allow(
      'communicationsAdmin',
      set(NEW_ALERT, alert({ notificationId: 'n1', ...toG1 })),
      'nor one to a group',
    ),
  ),
  heldNow(
    allow(
      'admin',
      remove('notificationsAlert/aAll'),
      'deleting an alert to everyone from the history stays allowed while pushes are held',
    ),
  ),
  heldByDefault(
    allow('broadcastAdmin', remove('notificationsAlert/aAll'), 'and with no policy at all'),
  ),
  heldNow(
    deny(
      'communicationsAdmin',
      remove('notificationsAlert/aAll'),
      'still only for an admin who may push to everyone',
    ),
  ),
  heldNow(
    deny(
      'admin',
      set(NEW_SCHEDULED, newScheduled()),
      'with the policy on, scheduling a push to everyone directly is refused',
    ),
  ),
  heldByDefault(deny('admin', set(NEW_SCHEDULED, newScheduled()), 'and with no policy at all')),
  heldNow(
    deny(
      'admin',
      update('scheduledAlerts/sPending', { title: 'Moved' }),
      'nor may one scheduled to everyone be edited: its new value still goes to everyone',
    ),
  ),
  heldNow(
    deny(
      'admin',
      update('scheduledAlerts/sUser', { target: 'all', userId: null }),
      'nor one to a user turned into one to everyone',
    ),
  ),
  heldByDefault(
    deny(
      'broadcastAdmin',
      update('scheduledAlerts/sPending', { sendAt: FUTURE + 60_000 }),
      'nor moved, with no policy at all',
    ),
  ),
  allow(
    'broadcastAdmin',
    update('scheduledAlerts/sPending', { title: 'Moved', sendAt: FUTURE + 60_000 }),
    'with pushAll false, one scheduled to everyone is edited directly',
  ),
  heldNow(
    allow(
      'admin',
      remove('scheduledAlerts/sPending'),
      'cancelling a scheduled send to everyone stays allowed while pushes are held',
    ),
  ),
  heldByDefault(
    allow('broadcastAdmin', remove('scheduledAlerts/sPending'), 'and with no policy at all'),
  ),
  heldNow(
    allow(
      'admin',
      update('scheduledAlerts/sPending', toUser101),
      'turning one scheduled to everyone into one to a user holds nothing back',
    ),
  ),
  heldNow(
    allow(
      'communicationsAdmin',
      set(NEW_SCHEDULED, { ...newScheduled(identities.communicationsAdmin.uid), ...toUser101 }),
      'scheduling one to a user is not held',
    ),
  ),
  heldByDefault(
    allow(
      'admin',
      set(NEW_SCHEDULED, { ...newScheduled(), ...toG1 }),
      'nor one to a group, with no policy at all',
    ),
  ),
  heldNow(
    allow(
      'admin',
      update('scheduledAlerts/sUser', { title: 'Moved' }),
      'nor editing one to a user',
    ),
  ),
  heldNow(
    deny(
      'admin',
      update('', { [NEW_ALERT]: newAlert(), 'changePolicy/pushAll': false }),
      'nor can an owner lift the hold in the same update as the push',
    ),
  ),
];

/**
 * The policy, the requests and what they would do are the functions' alone to write. Every admin
 * with a live session reads the policy and the requests; what a request would do, only those who
 * may approve it (roles.ts lists the rest of each admin's rights).
 */
const changeRules: RuleCase[] = [
  ...(Object.keys(identities) as Who[]).flatMap((who) => [
    deny(who, set('changePolicy', changePolicy(true)), 'no client sets the policy'),
    deny(who, set('changeRequests/r2', REQUEST), 'no client files a request'),
    deny(who, set('heldChanges/r2', HELD), 'no client writes what a request would do'),
  ]),
  deny(
    'admin',
    set('changePolicy/pushAll', false),
    'not even the owner lifts the hold by writing the policy: the api function records who did',
  ),
  deny('admin', remove('changePolicy'), 'nor falls back to the defaults by deleting it'),
  deny(
    'approverAdmin',
    update('changeRequests/r1', { status: 'approved', decidedBy: identities.approverAdmin.uid }),
    'an approver decides through the api function only, never by writing the request',
  ),
  deny(
    'otherAdmin',
    update('changeRequests/r1', { status: 'withdrawn' }),
    'nor does the requester withdraw one by writing it',
  ),
  deny('admin', remove('changeRequests/r1'), 'nor does the owner erase one'),
  deny(
    'otherAdmin',
    set('heldChanges/r1/title', 'Something else'),
    'nor does the requester change what approving would send',
  ),
  deny('admin', remove('heldChanges/r1'), 'nor does the owner remove it'),
  allow('admin', get('changePolicy'), 'an admin reads the policy'),
  allow('otherAdmin', get('changeRequests/r1'), 'the requester follows their request'),
  deny('member', get('changePolicy'), 'an app user reads no policy'),
  deny('anonymous', get('changePolicy'), 'nor does anybody signed out'),
  deny('member', get('changeRequests'), 'an app user reads no request'),
  deny('userRole', get('changeRequests'), 'nor does a role other than admin'),
  deny('anonymous', get('changeRequests/r1'), 'nor anybody signed out, even one request'),
  deny('signedOutAdmin', get('changeRequests'), 'nor a signed-out admin'),
  deny('lapsedAdmin', get('changePolicy'), 'nor an admin whose session lapsed'),
  allow('approverAdmin', get('heldChanges/r1'), 'an approver reads what one request would do'),
  deny(
    'otherAdmin',
    get('heldChanges/r1'),
    'the requester, who may not approve, reads the request but not the held change',
  ),
  deny(
    'supportAdmin',
    get('heldChanges/r1'),
    'an admin with only the support role reads no held change while roles are in use',
  ),
  {
    ...allow('supportAdmin', get('heldChanges'), 'with roles off, any admin reads them'),
    world: 'rolesOff',
  },
  deny('member', get('heldChanges'), 'an app user reads no held change'),
  deny('anonymous', get('heldChanges/r1'), 'nor does anybody signed out'),
  deny('signedOutAdmin', get('heldChanges'), 'nor the owner once signed out'),
  deny('userWithSession', get('heldChanges'), "nor a recorded session with role 'user'"),
];

const MY_PRESENCE = `deskPresence/${DESK_DAY}/${identities.admin.uid}`;
const THEIR_PRESENCE = `deskPresence/${DESK_DAY}/${identities.otherAdmin.uid}`;

const deskPresenceRules: RuleCase[] = [
  allow('admin', get(`deskPresence/${DESK_DAY}`), 'admins see who else has a day’s desk open'),
  allow(
    'admin',
    set(MY_PRESENCE, { ...deskPresence(), updatedAt: SERVER_TIME }),
    'an admin marks the row they edit, under their own uid, at the server’s time',
  ),
  allow(
    'admin',
    set(MY_PRESENCE, { name: 'Ada Admin', updatedAt: PAST }),
    'or no row, while no cell of the desk has the focus',
  ),
  allow('admin', remove(MY_PRESENCE), 'and removes it on leaving the desk'),
  allow(
    'otherAdmin',
    set(THEIR_PRESENCE, deskPresence({ name: 'Bea Admin', row: '7:1' })),
    'each admin moves their own mark',
  ),
  deny('admin', get('deskPresence'), 'presence is read one day at a time'),
  deny('userRole', get(`deskPresence/${DESK_DAY}`), 'a role other than admin sees no presence'),
  deny('member', get(`deskPresence/${DESK_DAY}`), 'app users see no presence'),
  deny('anonymous', get(`deskPresence/${DESK_DAY}`), 'nobody signed out sees it'),
  deny('signedOutAdmin', get(`deskPresence/${DESK_DAY}`), 'nor a signed-out admin'),
  deny('signedOutAdmin', set(MY_PRESENCE, deskPresence()), 'who marks no row either'),
  deny(
    'sessionlessAdmin',
    get(`deskPresence/${DESK_DAY}`),
    'nor an admin token that names no session',
  ),
  deny(
    'otherAdmin',
    set(MY_PRESENCE, deskPresence({ name: 'Bea Admin' })),
    'an admin never writes under another admin’s uid',
  ),
  deny('admin', remove(THEIR_PRESENCE), 'nor removes another admin’s mark'),
  deny(
    'userRole',
    set(`deskPresence/${DESK_DAY}/${identities.userRole.uid}`, deskPresence({ name: 'Mallory' })),
    'an app user marks no row, even under their own uid',
  ),
  deny(
    'admin',
    set(`deskPresence/tomorrow/${identities.admin.uid}`, deskPresence()),
    'the day is a YYYY-MM-DD date',
  ),
  deny('admin', set(MY_PRESENCE, { name: 'Ada Admin', row: '5:2' }), 'updatedAt is required'),
  deny('admin', set(MY_PRESENCE, { row: '5:2', updatedAt: PAST }), 'and so is the name'),
  deny(
    'admin',
    set(MY_PRESENCE, deskPresence({ name: 'The Boss' })),
    'the name is the one recorded with the session, not one of the admin’s choosing',
  ),
  deny('admin', set(MY_PRESENCE, { ...deskPresence(), name: '' }), 'the name is not empty'),
  deny(
    'admin',
    set(MY_PRESENCE, { ...deskPresence(), name: long(LIMITS.name + 1) }),
    'the name has a limit',
  ),
  deny(
    'admin',
    set(MY_PRESENCE, { ...deskPresence(), row: 'groups/5' }),
    'a row is a group:type key',
  ),
  deny('admin', set(MY_PRESENCE, { ...deskPresence(), row: 52 }), 'a row key is a string'),
  deny(
    'admin',
    set(MY_PRESENCE, { ...deskPresence(), updatedAt: FUTURE }),
    'updatedAt is not in the future',
  ),
  deny('admin', set(MY_PRESENCE, { ...deskPresence(), typing: true }), 'no unknown field'),
];

const everythingElse: RuleCase[] = [
  deny('admin', get('outbox'), 'the emulator outbox is for the tests and the dev stack only'),
  deny('member', get('outbox'), 'no client reads what the push sender captured'),
  deny('admin', set('outbox/o2', { token: 't', at: PAST }), 'no client writes the outbox'),
  deny('admin', get('pushClaims'), 'push claims are the functions’ own bookkeeping'),
  deny('member', get('pushClaims/alert/a1'), 'no app user reads how far a push got'),
  deny(
    'admin',
    set('pushClaims/alert/a1', {
      state: 'done',
      at: PAST,
      by: 'x',
      pages: 0,
      sent: 0,
      failed: 0,
      pruned: 0,
    }),
    'marking a push done would stop it from being sent',
  ),
  deny('member', remove('pushClaims/chat/g1/m1'), 'removing a claim would let a push go out twice'),
  allow('admin', get('groupChatCounts/g1'), 'admins read a group’s message count, for the chat'),
  deny('userRole', get('groupChatCounts/g1'), 'a role other than admin reads no count'),
  deny('member', get('groupChatCounts/g1'), 'not even a member their own group’s'),
  deny('admin', get('groupChatCounts'), 'counts are read one group at a time'),
  deny('admin', set('groupChatCounts/g1', 0), 'only the functions keep the count'),
  deny('member', set('groupChatCounts/g1', 1000), 'an app user cannot inflate it'),
  deny('anonymous', remove('groupChatCounts/g1'), 'nobody signed out clears it'),
  deny('admin', get('chatCountMarks/g1'), 'count marks are the functions’ own bookkeeping'),
  deny(
    'member',
    set('chatCountMarks/g1/m1/created', true),
    'a forged mark would keep a message out of the count',
  ),
  allow('admin', get('priceHistory/g1/1'), 'admins read a group’s price history, for the desk'),
  deny('member', get('priceHistory/g1/1'), 'app users read no price history'),
  deny('admin', get('priceHistory'), 'it is read one group and type at a time'),
  deny(
    'admin',
    set('priceHistory/g1/1/2026-11-24', { regular: 1 }),
    'only the functions keep it, from saves that passed the proxy',
  ),
  allow('admin', get('priceDays/2026-11-24'), 'admins read which rows a day has, for the deadline'),
  deny('member', get('priceDays/2026-11-24'), 'app users read no price index'),
  deny('admin', get('priceDays'), 'it is read one day at a time'),
  deny(
    'admin',
    set('priceDays/2026-11-25/g1:1', true),
    'only the functions keep it, with the history: a forged row would hide a missing price',
  ),
  deny('admin', get('priceReminders'), 'the reminders sent are the functions’ own bookkeeping'),
  deny(
    'admin',
    set('priceReminders/2026-11-25', 1),
    'a forged one would keep the reminder from going out',
  ),
  deny('admin', get('mirrorSync'), 'the sync record is the functions’ own; /api/audience tells it'),
  deny(
    'member',
    set('mirrorSync', { completedAt: 0 }),
    'a forged one would make a stale mirror look fresh',
  ),
  allow('admin', get('auditLog'), 'admins read the audit trail, for its screen and the panel'),
  allow('admin', get('auditLog/-e1'), 'and any one entry'),
  deny('userRole', get('auditLog'), 'a role other than admin reads no audit entry'),
  deny('member', get('auditLog'), 'app users read no audit entry'),
  deny('anonymous', get('auditLog'), 'nobody signed out reads it'),
  deny(
    'admin',
    set('auditLog/-forged', {
      at: 1,
      uid: '1',
      email: 'a@b.c',
      action: 'user.delete',
      summary: 'x',
      status: 200,
    }),
    'only the functions write the audit trail: a browser cannot forge an entry',
  ),
  deny('admin', remove('auditLog/-e1'), 'nor erase one, to hide what it did'),
  deny('member', set('auditLog/-e1/status', 500), 'nor an app user change one'),
  allow('admin', get('notificationsAlertCount'), 'admins read the history’s alert count'),
  deny('userRole', get('notificationsAlertCount'), 'a role other than admin reads no alert count'),
  deny('member', get('notificationsAlertCount'), 'an app user reads no alert count'),
  deny('admin', set('notificationsAlertCount', 0), 'only the functions keep the alert count'),
  deny('member', set('notificationsAlertCount', 1000), 'an app user cannot inflate it'),
  deny('anonymous', remove('notificationsAlertCount'), 'nobody signed out clears it'),
  deny(
    'admin',
    get('notificationsAlertCountMarks'),
    'alert count marks are the functions’ own bookkeeping',
  ),
  deny(
    'admin',
    set('notificationsAlertCountMarks/a1/created', true),
    'a forged mark would keep an alert out of the count',
  ),
  deny('admin', get(''), 'nobody reads the whole database'),
  deny('anonymous', get(''), 'nobody signed out reads the root'),
  deny('admin', set('settings', { theme: 'dark' }), 'deny by default: no unknown top-level path'),
  deny('member', set('scratch/101', 'hello'), 'not for app users either'),
];

export const cases: readonly RuleCase[] = [
  ...adminRules,
  ...ownEntryRules,
  ...mirrorRules,
  ...tokenRules,
  ...memberRules,
  ...chatReadRules,
  ...chatWriteRules,
  ...chatDeleteRules,
  ...alertRules,
  ...scheduledRules,
  ...heldPushRules,
  ...changeRules,
  ...adminSessionRules,
  ...deskPresenceRules,
  ...everythingElse,
  ...roleCases,
];
