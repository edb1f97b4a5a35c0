import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  chatUploadSchema,
  groupSchema,
  paths,
  scheduledPaths,
} from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { adminPage } from './support/admin-screens.ts';
import { fixtureBytes } from './support/chat.ts';
import { eventually, ownerDatabase } from './support/clients.ts';
import { describe, expect, inject, it, PHONE, test } from './support/fixtures.ts';
import { expectKeyboardDialog } from './support/keyboard-dialog.ts';
import { alertTitled, askAsSecondAdmin } from './support/pushes.ts';
import { openInvoices, registerInvoicedUser } from './support/screens.ts';
import { deviceToken, registerAppUser, searchOne, type TestUser } from './support/users.ts';

// Every dialog, sheet and confirmation of the app with the keyboard alone, on the real screens:
// opened from its focused opener, it takes the focus (a confirmation on its safe action, a form
// on its first field), Tab and Shift+Tab stay inside it, and Escape closes it with the focus
// back on the opener.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
const root = path.resolve(import.meta.dirname, '../..');

/** What the cases open: made once, each with a name no other test file uses. */
let person: TestUser;
let group: { id: string; name: string };
/** An app user with a phone: only such a user can be sent a notification. */
let reachable: TestUser;
let scheduled: { id: string; title: string };
let sentTitle: string;
/** A push to everyone the second admin asked for: its Reject opens a dialog. */
let heldTitle: string;

beforeAll(async () => {
  person = await registerInvoicedUser(stack, 'E2E Dialog Person');
  group = await createGroup(`E2E dialogs ${randomUUID().slice(0, 8)}`);
  // Renamed once: the audit trail's entry of the rename offers Revert.
  group = await renameGroup(group.id, `${group.name} renamed`);
  await postChatImage(group.id);
  reachable = await registerAppUser(stack, 'E2E Dialog Device', [deviceToken('phone')]);
  scheduled = await scheduleSend(person);
  sentTitle = await sendWithDelivery(reachable);
  heldTitle = `E2E dialogs held ${randomUUID().slice(0, 8)}`;
  await askAsSecondAdmin(stack, heldTitle);
}, 120_000);

afterAll(async () => {
  // A scheduled send left pending would show on the History of the files that run next.
  if (scheduled) await owner.db.ref(scheduledPaths.scheduledAlert(scheduled.id)).remove();
  if (group) {
    await admin.call(`/admin/groups/${group.id}`, z.unknown(), { method: 'DELETE' });
  }
  await owner.close();
});

async function createGroup(name: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('image', new Blob([fixtureBytes('group.png')], { type: 'image/png' }), 'group.png');
  const created = await admin.call('/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  return { id: String(created.body.payload.id), name };
}

/** A group's new name, given as the Groups screen's edit sends it. */
async function renameGroup(id: string, name: string) {
  const form = new FormData();
  form.append('name', name);
  await admin.call(`/admin/groups/${id}?_method=PUT`, groupSchema, {
    method: 'POST',
    body: form,
  });
  return { id, name };
}

/** An image message in the group's chat, uploaded as the admin's chat screen does. */
async function postChatImage(groupId: string) {
  const form = new FormData();
  form.append('file', new Blob([fixtureBytes('station.jpg')], { type: 'image/jpeg' }), 'dlg.jpg');
  const upload = await admin.call('/chats', chatUploadSchema, {
    method: 'POST',
    body: form,
  });
  const message = owner.db.ref(paths.groupChat(groupId)).push();
  await message.set({
    senderUID: 'dialogs-e2e',
    receiverUID: groupId,
    message: '',
    url: `${stack.urls.app}${upload.body.payload.file.original_url}`,
    type: 'image',
    thumbnail: '',
    filetype: 'image/jpeg',
    filename: 'dlg.jpg',
    userType: 'admin',
    messageID: message.key,
    senderUserName: 'E2E Dialogs',
    deleteAbleId: String(upload.body.payload.id),
    thumbnailID: '',
    timeStamp: Date.now(),
  });
}

/** A notification to `user` scheduled a day ahead (never due while the tests run). */
async function scheduleSend(user: TestUser) {
  const id = `dialogs-${randomUUID()}`;
  const title = `Scheduled for the dialogs ${user.id}`;
  await owner.db.ref(scheduledPaths.scheduledAlert(id)).set({
    notificationId: id,
    title,
    description: 'Waits a day.',
    image: '',
    userName: user.name,
    timeStamp: Date.now(),
    target: 'user',
    userId: String(user.id),
    sendAt: Date.now() + 86_400_000,
    createdBy: 'dialogs-e2e',
    status: 'pending',
  });
  return { id, title };
}

/** A sent notification whose push has reported its delivery, so its history row has Details. */
async function sendWithDelivery(user: TestUser) {
  const id = `dialogs-${randomUUID()}`;
  const title = `Sent for the dialogs ${user.id}`;
  await owner.db.ref(`${paths.alerts()}/${id}`).set({
    notificationId: id,
    title,
    description: 'Delivered to one phone.',
    image: '',
    userName: user.name,
    timeStamp: Date.now(),
    target: 'user',
    userId: String(user.id),
  });
  await eventually(async () => (await alertTitled(owner.db, title))?.delivery, 'the delivery');
  return title;
}

interface DialogCase {
  /** What is opened, and from where. */
  name: string;
  /** The source file that renders the dialog's content. */
  file: string;
  phone?: boolean;
  /** Opens the screen and returns the control that opens the dialog (not yet focused). */
  opener: (page: Page) => Promise<Locator>;
  /** The key that opens the dialog from its focused opener. */
  key?: string;
  dialog: (page: Page) => Locator;
  /** What takes the focus on opening: a confirmation's safe action, a form's first field. */
  first?: (dialog: Locator) => Locator;
}

const byRole = (role: 'dialog' | 'alertdialog', name: string | RegExp) => (page: Page) =>
  page.getByRole(role, { name });
const button = (name: string | RegExp) => (dialog: Locator) =>
  dialog.getByRole('button', { name, exact: true });
const field = (label: string) => (dialog: Locator) => dialog.getByLabel(label, { exact: true });

/** Opens `path` signed in and returns `opener` once it shows. */
const on =
  (pathname: string | (() => string), opener: (page: Page) => Locator) => async (page: Page) => {
    await adminPage(page, stack, typeof pathname === 'string' ? pathname : pathname());
    const found = opener(page);
    await found.waitFor();
    return found;
  };

const groupCard = (page: Page) =>
  page
    .getByTestId('group-card')
    .filter({ has: page.getByRole('heading', { name: group.name, exact: true }) });

const pendingComplaint = (page: Page) =>
  page.getByRole('table', { name: 'Complaints' }).getByRole('row').filter({ hasText: 'Pending' });

/** The app's dialogs, one row (at least) for each file that renders dialog or sheet content. */
const CASES: DialogCase[] = [
  {
    name: 'All Users: Delete a user',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: async (page) => {
      await adminPage(page, stack, '/all-users');
      await searchOne(page, person.name);
      return page.getByRole('button', { name: `Delete ${person.name}` });
    },
    dialog: byRole('alertdialog', 'Delete'),
    first: button('Close'),
  },
  {
    name: 'Complaints: Approve',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: on('/complaints', (page) =>
      pendingComplaint(page).first().getByRole('button', { name: 'Approve', exact: true }),
    ),
    dialog: byRole('alertdialog', 'Approve this complaint?'),
    first: button('Close'),
  },
  {
    name: 'Complaints: Reject',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: on('/complaints', (page) =>
      pendingComplaint(page).first().getByRole('button', { name: 'Reject', exact: true }),
    ),
    dialog: byRole('alertdialog', 'Reject this complaint?'),
    first: button('Close'),
  },
  {
    name: 'History: cancel a scheduled send',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: on('/group-notifications', (page) =>
      page.getByRole('button', { name: `Cancel the scheduled notification ${scheduled.title}` }),
    ),
    dialog: byRole('alertdialog', 'Cancel this scheduled notification?'),
    first: button('Keep it'),
  },
  {
    name: 'Price desk: save with warnings',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: async (page) => {
      // A day of its own, so no other admin's saves meet it.
      await adminPage(page, stack, '/today-prices?day=2023-08-01');
      const cell = page.getByTestId('desk-row').first().locator('input[data-col="0"]');
      await cell.waitFor({ timeout: 45_000 });
      await cell.focus();
      await page.keyboard.type('99');
      return page.getByRole('button', { name: 'Save changes' });
    },
    dialog: byRole('alertdialog', /^Save with warnings/),
    first: button('Close'),
  },
  {
    name: 'Chat: delete a message',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: on(
      () => `/chats/${group.id}`,
      (page) => page.getByRole('button', { name: 'Delete the message' }).first(),
    ),
    dialog: byRole('alertdialog', 'Delete'),
    first: button('Close'),
  },
  {
    name: 'User panel: sign out of every browser',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: async (page) => {
      await adminPage(page, stack, '/dashboard');
      await page.getByTestId('user-menu').focus();
      await page.keyboard.press('Enter');
      return page.getByTestId('sign-out-everywhere');
    },
    dialog: byRole('alertdialog', 'Sign out of every browser?'),
    first: button('Stay signed in'),
  },
  {
    name: 'React Bootstrap: a confirmation',
    file: 'web/src/components/confirm-dialog-content.tsx',
    opener: on('/react-bootstrap', (page) =>
      page.getByRole('button', { name: 'Ask for confirmation' }),
    ),
    dialog: byRole('alertdialog', 'Approve this example?'),
    first: button('Close'),
  },
  {
    name: 'The user panel',
    file: 'web/src/app/layout/user-panel.tsx',
    opener: on('/dashboard', (page) => page.getByTestId('user-menu')),
    dialog: (page) => page.getByTestId('user-panel'),
  },
  {
    name: 'The quick panel',
    file: 'web/src/app/layout/quick-panel.tsx',
    opener: on('/dashboard', (page) => page.getByTestId('quick-panel-toggle')),
    dialog: (page) => page.getByTestId('quick-panel'),
  },
  {
    name: 'The menu drawer on a phone',
    file: 'web/src/app/layout/mobile-menu.tsx',
    phone: true,
    opener: on('/dashboard', (page) => page.getByRole('button', { name: 'Open the menu' })),
    dialog: (page) => page.getByTestId('mobile-menu'),
  },
  {
    name: 'The keyboard shortcuts ("?")',
    file: 'web/src/features/command-palette/shortcuts-sheet.tsx',
    opener: on('/dashboard', (page) => page.getByTestId('command-palette-open')),
    key: 'Shift+?',
    dialog: byRole('dialog', 'Keyboard shortcuts'),
  },
  {
    name: 'The command palette',
    file: 'web/src/features/command-palette/command-palette.tsx',
    opener: on('/dashboard', (page) => page.getByTestId('command-palette-open')),
    dialog: byRole('dialog', 'Command palette'),
    first: (dialog) => dialog.getByRole('combobox'),
  },
  {
    name: 'Invoices: Show Invoice',
    file: 'web/src/features/users/components/invoice-show-dialog-content.tsx',
    opener: async (page) => {
      await adminPage(page, stack, '/dashboard');
      await openInvoices(page, stack.urls.app, person.name);
      return page.getByRole('button', { name: 'Show the invoice Invoice INV-2048' });
    },
    dialog: byRole('dialog', 'Show Invoice'),
  },
  {
    name: 'Invoices: Add Invoice',
    file: 'web/src/features/users/components/invoice-form-dialog-content.tsx',
    opener: async (page) => {
      await adminPage(page, stack, '/dashboard');
      await openInvoices(page, stack.urls.app, person.name);
      return page.getByRole('button', { name: 'Add Invoice' });
    },
    dialog: byRole('dialog', 'Add Invoice'),
    first: field('Title'),
  },
  {
    name: 'Demo shop: Edit customer',
    file: 'web/src/template/e-commerce/components/shop-edit-dialog.tsx',
    opener: on('/e-commerce/customers', (page) =>
      page
        .getByRole('table', { name: 'Customers' })
        .getByRole('button', { name: /^Edit / })
        .first(),
    ),
    dialog: byRole('dialog', 'Edit customer'),
    first: field('First name'),
  },
  {
    name: 'Demo shop: Update the status of the selected customers',
    file: 'web/src/template/e-commerce/components/bulk-dialogs.tsx',
    opener: async (page) => {
      await adminPage(page, stack, '/e-commerce/customers');
      const select = page.getByRole('table', { name: 'Customers' }).getByRole('checkbox').nth(1);
      await select.focus();
      await page.keyboard.press('Space');
      return page.getByRole('button', { name: 'Update status' });
    },
    dialog: byRole('dialog', 'Update the status of customers'),
    first: (dialog) => dialog.getByRole('combobox'),
  },
  {
    name: 'Chat: an image, larger',
    file: 'web/src/features/chat/components/image-viewer.tsx',
    opener: on(
      () => `/chats/${group.id}`,
      (page) => page.getByRole('button', { name: 'Open the image dlg.jpg' }),
    ),
    dialog: (page) => page.getByTestId('image-viewer'),
  },
  {
    name: 'Send Notification: the push composer',
    file: 'web/src/features/notifications/components/send-dialog-content.tsx',
    opener: async (page) => {
      await adminPage(page, stack, '/send-notification');
      await searchOne(page, reachable.name);
      return page.getByRole('button', { name: `Send a notification to ${reachable.name}` });
    },
    dialog: byRole('dialog', /^Send a notification to /),
    first: field('Title'),
  },
  {
    name: 'History: edit a scheduled send',
    file: 'web/src/features/notifications/components/scheduled-edit-dialog.tsx',
    opener: on('/group-notifications', (page) =>
      page.getByRole('button', { name: `Edit the scheduled notification ${scheduled.title}` }),
    ),
    dialog: byRole('dialog', 'Edit the scheduled notification'),
    first: field('Title'),
  },
  {
    name: 'History: the details of a send',
    file: 'web/src/features/notifications/components/send-details.tsx',
    opener: on('/group-notifications', (page) =>
      page.getByRole('button', { name: `Details of the send “${sentTitle}”` }),
    ),
    dialog: byRole('dialog', 'Send details'),
  },
  {
    name: 'Approvals: Reject',
    file: 'web/src/features/approvals/components/reject-dialog-content.tsx',
    opener: on('/approvals', (page) =>
      page
        .getByRole('article', { name: `Push "${heldTitle}" to everyone` })
        .getByRole('button', { name: 'Reject' }),
    ),
    dialog: byRole('dialog', 'Reject this request?'),
    first: field('Reason'),
  },
  {
    name: 'Audit Log: Revert',
    file: 'web/src/features/audit-log/components/revert-dialog-content.tsx',
    opener: on('/audit-log?action=group.update', (page) =>
      page.getByRole('button', { name: `Revert: Edited group "${group.name}"` }),
    ),
    dialog: byRole('alertdialog', 'Revert this change?'),
    first: button('Cancel'),
  },
  {
    name: 'Complaints: Response',
    file: 'web/src/features/complaints/components/response-dialog-content.tsx',
    opener: on('/complaints', (page) =>
      pendingComplaint(page).first().getByRole('button', { name: 'Response', exact: true }),
    ),
    dialog: byRole('dialog', 'Response'),
    first: field('Response'),
  },
  {
    name: 'React Bootstrap: a dialog',
    file: 'web/src/template/template-demos/components/overlays-demo.tsx',
    opener: on('/react-bootstrap', (page) => page.getByRole('button', { name: 'Open a dialog' })),
    dialog: byRole('dialog', 'An example dialog'),
  },
  {
    name: 'React Bootstrap: a side panel',
    file: 'web/src/template/template-demos/components/overlays-demo.tsx',
    opener: on('/react-bootstrap', (page) =>
      page.getByRole('button', { name: 'Open a side panel' }),
    ),
    dialog: byRole('dialog', 'A side panel'),
  },
  {
    name: 'Chat Groups: Send Invoice',
    file: 'web/src/features/groups/components/send-invoice-dialog.tsx',
    opener: on('/chat-groups', (page) =>
      groupCard(page).getByRole('button', { name: 'Send Invoice' }),
    ),
    dialog: (page) => page.getByTestId('send-invoice-dialog'),
    first: field('Title'),
  },
  {
    name: 'Chat Groups: Send Notification',
    file: 'web/src/features/groups/components/send-notification-dialog.tsx',
    opener: on('/chat-groups', (page) =>
      groupCard(page).getByRole('button', { name: 'Send Notification' }),
    ),
    dialog: (page) => page.getByTestId('send-notification-dialog'),
    first: field('Title'),
  },
  {
    name: 'Chat Groups: New Group',
    file: 'web/src/features/groups/components/group-form-dialog.tsx',
    opener: on('/chat-groups', (page) => page.getByTestId('new-group')),
    dialog: (page) => page.getByTestId('group-form-dialog'),
    first: field('Group name'),
  },
  {
    name: 'Chat Groups: Members',
    file: 'web/src/features/groups/components/members-dialog.tsx',
    opener: on('/chat-groups', (page) => groupCard(page).getByRole('button', { name: 'Members' })),
    dialog: (page) => page.getByTestId('members-dialog'),
    first: (dialog) => dialog.getByRole('searchbox'),
  },
];

describe('every dialog by keyboard alone', { timeout: 180_000 }, () => {
  test.for(CASES)('$name', async (dialogCase, { openPage }) => {
    const page = await openPage(dialogCase.phone ? { viewport: PHONE } : {});
    const dialog = dialogCase.dialog(page);
    await expectKeyboardDialog(page, {
      opener: await dialogCase.opener(page),
      key: dialogCase.key,
      dialog,
      first: dialogCase.first?.(dialog),
    });
  });
});

/** Every source file of the web app that renders a dialog's, an alert dialog's or a sheet's content. */
function filesRenderingDialogs(): string[] {
  const files = fs.readdirSync(path.join(root, 'web/src'), { recursive: true, encoding: 'utf8' });
  return files
    .map((file) => `web/src/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
    .filter((file) =>
      /<(DialogContent|AlertDialogContent|SheetContent|CommandDialog)\b/.test(
        fs.readFileSync(path.join(root, file), 'utf8'),
      ),
    )
    .sort();
}

/**
 * Dialogs that open only on a stack of their own, with the test file that takes them through
 * `expectKeyboardDialog` there.
 */
const ON_THEIR_STACK: Readonly<Record<string, string>> = {
  // Roles must be in use: the Admins screen lists no admin otherwise.
  'web/src/features/admins/components/roles-dialog-content.tsx': 'tests/e2e/roles.test.ts',
};

describe('the table of dialogs', () => {
  it('has a case for every file that renders a dialog, and none for a file that does not', () => {
    const inTable = [
      ...new Set([...CASES.map((dialogCase) => dialogCase.file), ...Object.keys(ON_THEIR_STACK)]),
    ].sort();
    expect(inTable).toEqual(filesRenderingDialogs());
  });

  it('finds the dialogs of other stacks checked in the files it names', () => {
    for (const [file, testFile] of Object.entries(ON_THEIR_STACK)) {
      const source = fs.readFileSync(path.join(root, testFile), 'utf8');
      expect(source, testFile).toContain('expectKeyboardDialog');
      expect(source, testFile).toContain(file);
    }
  });
});
