/**
 * An admin's working day against each dialect of upstream (dev/api in its reference and Laravel
 * flavours, each behind `npm start -- --upstream`), through the screens as the admin uses them,
 * in one signed-in browser session per upstream: invoices, complaints, announcements, a group
 * with members and its chat, offers, prices. Each step is a test of its own on the shared page,
 * so a step the product breaks fails alone and the day goes on. Every write is judged by what the
 * admin sees: the success toast, and the new value in the screen's list once it has been read
 * again.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { z } from 'zod';
import { FLAVOURS, SEED_ADMIN, SEED_APP_USER } from '../../dev/api/index.ts';
import { normaliseTime } from '../../functions/src/contracts/upstream/upstream-values.js';
import { launchBrowser } from '../support/browser.ts';
import { asUpload, loadedSize, pngImage, toast } from './support/admin-screens.ts';
import { fixture } from './support/chat.ts';
import { signIn } from './support/clients.ts';
import { DESKTOP, describe, ErrorLog, expect, it } from './support/fixtures.ts';
import { STACK_START_MS } from './support/npm-start.ts';
import { startUpstreamStack, type UpstreamStack } from './support/upstream-stack.ts';
import { rowWith, searchOne } from './support/users.ts';

/** The price desk reads every group and type of the upstream: give it time on a shared machine. */
const LOAD_TIMEOUT_MS = 45_000;
const STEP_TIMEOUT_MS = 150_000;
/** A failure notice, a list's unreadable records, an image not shown, a time misread. */
const BROKEN = /Something went wrong|could not be|cannot be shown|Invalid Date|\bNaN\b/;

let upstreamStack: UpstreamStack;
let browser: Browser;
let page: Page;
const errors = new ErrorLog();
/** What the page's calls to /api answered, for the report of a failed step. */
let replies: string[] = [];
/** Where this step's console and page errors begin in the log. */
let errorsFrom = 0;

const app = (route: string) => `${upstreamStack.stack.urls.app}${route}`;
const tag = () => randomUUID().slice(0, 6);

/** The upstream itself, as the admin's account sees it, to pick records to work on. */
async function upstream<T>(route: string, payload: z.ZodType<T>): Promise<T> {
  const { api } = upstreamStack;
  const login = await fetch(`${api.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_ADMIN.email, password: SEED_ADMIN.password }),
  });
  const { token } = z
    .object({ payload: z.object({ token: z.string() }) })
    .parse(await login.json()).payload;
  const reply = await fetch(`${api.url}${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return z.object({ payload }).parse(await reply.json()).payload;
}

// ---- 1. All Users: a seed user's invoices -------------------------------------------------

/** The invoices of the seed user, reached from All Users (the only way in). */
async function openInvoices() {
  const user = SEED_APP_USER.name;
  await page.goto(app('/all-users'));
  await searchOne(page, user);
  await rowWith(page, user)
    .getByRole('button', { name: `View the invoices of ${user}` })
    .click();
  await page.waitForURL('**/view-user/*');
  await page.getByRole('heading', { name: user, exact: true }).waitFor();
}

async function addAndEditInvoice() {
  await openInvoices();

  const title = `Fleet card, June ${tag()}`;
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const add = page.getByRole('dialog', { name: 'Add Invoice' });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Description').fill('Fleet card fuel for June: 41.2 gal, $188.40');
  await add.getByRole('button', { name: 'Add Invoice' }).click();
  await toast(page, 'Added Successfully').waitFor();
  await add.waitFor({ state: 'detached' });
  await rowWith(page, title).waitFor();

  const corrected = `${title} (corrected)`;
  await rowWith(page, title)
    .getByRole('button', { name: `Edit the invoice ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Invoice' });
  expect(await edit.getByLabel('Title').inputValue()).toBe(title);
  await edit.getByLabel('Title').fill(corrected);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Updated Successfully').waitFor();
  await edit.waitFor({ state: 'detached' });
  await rowWith(page, corrected).getByText('Fleet card fuel for June: 41.2 gal, $188.40').waitFor();
  expect(await rowWith(page, corrected).count()).toBe(1);

  // Read again from the upstream, the next time the admin comes by.
  await openInvoices();
  await rowWith(page, corrected).waitFor();
  expect(await rowWith(page, corrected).count()).toBe(1);
}

// ---- 2. Complaints: decide one and answer it ----------------------------------------------

const upstreamComplaint = z.object({
  id: z.number(),
  title: z.string(),
  status: z.coerce.number(),
  created_at: z.string(),
  admin_response: z.string().nullable(),
  user: z.object({ name: z.string() }).nullable(),
});

/** A pending complaint whose title and complainer no other complaint shares. */
async function pendingComplaint() {
  const all = await upstream('/admin/user-complaint', z.array(upstreamComplaint));
  const key = (c: z.infer<typeof upstreamComplaint>) => `${c.title}|${c.user?.name ?? ''}`;
  const complaint = all.find(
    (c) => c.status === 1 && c.user !== null && all.filter((o) => key(o) === key(c)).length === 1,
  );
  if (!complaint?.user) throw new Error('the seed has no pending complaint to work on');
  return { ...complaint, user: complaint.user };
}

const timeOfDayInLosAngeles = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hour: 'numeric',
  minute: '2-digit',
});
/** Browsers and Node differ on the space before AM/PM. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** The complaints screen narrowed to the complaint's row. */
async function complaintRow(complaint: Awaited<ReturnType<typeof pendingComplaint>>) {
  await page.goto(app('/complaints'));
  await page.getByRole('searchbox', { name: 'Search the list' }).fill(complaint.user.name);
  const row = page
    .getByRole('table', { name: 'Complaints' })
    .getByRole('row')
    .filter({ hasText: complaint.title })
    .filter({ hasText: complaint.user.name });
  await expect.poll(() => row.count()).toBe(1);
  return row;
}

async function decideAndAnswerComplaint() {
  const complaint = await pendingComplaint();
  const row = await complaintRow(complaint);
  await row.getByText('Pending').waitFor();
  // Its time as Los Angeles saw it: a zone-less upstream time is UTC.
  const sent = new Date(normaliseTime(complaint.created_at));
  expect(spaced(await row.locator('time > span').nth(1).textContent())).toBe(
    spaced(timeOfDayInLosAngeles.format(sent)),
  );

  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve this complaint?' });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await toast(page, 'Updated Successfully').waitFor();
  await row.getByText('Approved', { exact: true }).waitFor();

  const answer = `We refunded the difference to your card today (${tag()}).`;
  await row.getByRole('button', { name: 'Response', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Response' });
  await modal.getByLabel('Response').fill(answer);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await modal.waitFor({ state: 'detached' });
  await row.getByText(answer).waitFor();
  expect(await row.getByText('Approved', { exact: true }).isVisible()).toBe(true);

  const again = await complaintRow(complaint);
  await again.getByText(answer).waitFor();
  expect(await again.getByText('Approved', { exact: true }).isVisible()).toBe(true);
}

// ---- 3. Announcements: one with an image, then a better title -----------------------------

async function postAndRetitleAnnouncement() {
  await page.goto(app('/notificationsalerts'));
  const title = `Free car wash ${tag()}`;
  const banner = pngImage('car-wash.png', 240, 120, [30, 64, 175], [250, 204, 21]);
  const form = page.getByRole('region', { name: 'Add Announcement' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Every fill-up over 10 gallons this week.');
  await form.getByLabel(/^Image/).setInputFiles(asUpload(banner));
  await form.getByRole('button', { name: 'Add Announcement' }).click();
  await toast(page, 'Added Successfully').waitFor();
  const added = page.getByRole('article', { name: title });
  await expect
    .poll(() => loadedSize(added.locator('img')), { timeout: 15_000 })
    .toEqual({ width: 240, height: 120 });

  const renamed = `${title}, extended to Sunday`;
  await added.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('article', { name: 'Edit announcement' });
  await editor.getByLabel('Title').fill(renamed);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Updated Successfully').waitFor();
  const edited = page.getByRole('article', { name: renamed });
  // The picture stays when only the title changes.
  await expect
    .poll(() => loadedSize(edited.locator('img')), { timeout: 15_000 })
    .toEqual({ width: 240, height: 120 });
  expect(await page.getByRole('article', { name: title, exact: true }).count()).toBe(0);

  await page.reload();
  await expect
    .poll(() => loadedSize(page.getByRole('article', { name: renamed }).locator('img')), {
      timeout: 15_000,
    })
    .toEqual({ width: 240, height: 120 });
}

// ---- 4. Groups: a new group, its members, its chat ----------------------------------------

const groupCard = (name: string) =>
  page.getByTestId('group-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function createGroup(): Promise<string> {
  await page.goto(app('/chat-groups'));
  await page.getByTestId('group-card').first().waitFor();
  await page.getByTestId('new-group').click();
  const form = page.getByTestId('group-form-dialog');
  const name = `Riverside Riders ${tag()}`;
  await form.getByLabel('Group name').fill(name);
  await form.getByLabel('Image').setInputFiles(fixture('group.png'));
  await form.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Group Created Successfully').waitFor();
  const card = groupCard(name);
  await expect
    .poll(() => loadedSize(card.locator('img')), { timeout: 15_000 })
    .toEqual({ width: 96, height: 96 });
  expect(await card.getByTestId('member-count').textContent()).toBe('Members: 0');
  expect(await card.getByTestId('group-time-ago').textContent()).toBe('Today');
  return name;
}

async function assignMembers(group: string) {
  const users = await upstream(
    '/admin/user',
    z.array(z.object({ name: z.string(), email: z.string() })),
  );
  const other = users.find((user) => user.email !== SEED_APP_USER.email);
  if (!other) throw new Error('the seed has no second app user');
  await groupCard(group).getByRole('button', { name: 'Members' }).click();
  const picker = page.getByTestId('members-dialog');
  await expect
    .poll(() => picker.getByRole('option').count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  for (const member of [SEED_APP_USER, other]) {
    await picker.getByRole('searchbox').fill(member.email);
    const option = picker.getByRole('option', { name: new RegExp(member.name) });
    await option.click();
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
  }
  await expect.poll(() => picker.getByTestId('selected-count').textContent()).toBe('Selected: 2');
  await picker.getByRole('button', { name: 'Save members' }).click();
  await toast(page, 'Updated Successfully').waitFor();
  await picker.waitFor({ state: 'detached' });
  await expect
    .poll(() => groupCard(group).getByTestId('member-count').textContent())
    .toBe('Members: 2');

  // Read again: the card and the picker hold the two members the upstream now has.
  await page.reload();
  await expect
    .poll(() => groupCard(group).getByTestId('member-count').textContent())
    .toBe('Members: 2');
  await groupCard(group).getByRole('button', { name: 'Members' }).click();
  await expect.poll(() => picker.getByTestId('selected-count').textContent()).toBe('Selected: 2');
  await page.keyboard.press('Escape');
  await picker.waitFor({ state: 'detached' });
}

async function chatWithImage(group: string) {
  await groupCard(group)
    .getByRole('link', { name: `View the chat of ${group}` })
    .click();
  await page.waitForURL('**/chats/*');
  // The composer opens once the Firebase session of the admin is up.
  await expect
    .poll(() => page.getByTestId('composer-input').isEnabled(), { timeout: 20_000 })
    .toBe(true);
  const hello = `Welcome to ${group}: diesel is 10 cents off today.`;
  await page.getByTestId('composer-input').fill(hello);
  await page.getByTestId('composer-input').press('Enter');
  await page.getByTestId('chat-message').filter({ hasText: hello }).waitFor();

  await page.getByTestId('attach').click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('attach-image').click(),
  ]);
  await chooser.setFiles(fixture('station.jpg'));
  await expect
    .poll(() => loadedSize(page.getByTestId('message-image').first()), { timeout: 30_000 })
    .toEqual({ width: 320, height: 200 });
  await expect.poll(() => page.getByTestId('message-count').textContent()).toBe('2 messages');

  await page.reload();
  await page.getByTestId('chat-message').filter({ hasText: hello }).waitFor();
  await expect
    .poll(() => loadedSize(page.getByTestId('message-image').first()), { timeout: 30_000 })
    .toEqual({ width: 320, height: 200 });
}

// ---- 5. Offers: a new first banner --------------------------------------------------------

const offerShown = (name: string) =>
  page.getByRole('region', { name }).getByRole('img', { name: `${name}: the image shown now` });

async function uploadOffer() {
  await page.goto(app('/offers'));
  const first = offerShown('First offer');
  await first.waitFor();
  // Whether or not the upstream names slots, the other two banners stay where they are.
  const others = ['Second offer', 'Third offer'].map(offerShown);
  const otherSources = await Promise.all(others.map((image) => image.getAttribute('src')));
  const banner = pngImage('summer-offer.png', 320, 160, [220, 38, 38], [255, 255, 255]);
  await page
    .getByRole('region', { name: 'First offer' })
    .getByLabel(/image/)
    .setInputFiles(asUpload(banner));
  await page.getByRole('button', { name: 'Upload' }).click();
  await toast(page, 'Saved Successfully').waitFor();
  await expect
    .poll(() => loadedSize(first), { timeout: 15_000 })
    .toEqual({ width: 320, height: 160 });

  await page.reload();
  await expect
    .poll(() => loadedSize(first), { timeout: 15_000 })
    .toEqual({ width: 320, height: 160 });
  for (const [index, image] of others.entries()) {
    expect(await image.getAttribute('src')).toBe(otherSources[index]);
    await expect.poll(() => loadedSize(image), { timeout: 15_000 }).not.toBeNull();
  }
}

// ---- 6. Prices: today's prices of one group on the desk -----------------------------------

const PRICES = ['4.519', '5.219', '4.989', '4.879', '4.759'];

async function saveDeskPrices() {
  await page.goto(app('/today-prices'));
  const row = page.getByTestId('desk-row').filter({ hasText: 'Sacramento Valley · Fleet Card' });
  await row.waitFor({ timeout: LOAD_TIMEOUT_MS });
  const cell = (col: number) => row.locator(`input[data-col="${col}"]`);
  for (const [col, price] of PRICES.entries()) await cell(col).fill(price);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Saved Successfully').waitFor();
  await expect.poll(() => row.getByTestId('desk-outcome').textContent()).toContain('Saved');

  await page.reload();
  await row.waitFor({ timeout: LOAD_TIMEOUT_MS });
  for (const [col, price] of PRICES.entries()) {
    expect(await cell(col).inputValue()).toBe(price);
  }
}

/** The stack in front of `flavour`, and the admin's browser signed in to it. */
async function startDay(flavour: (typeof FLAVOURS)[number], tmp: string) {
  upstreamStack = await startUpstreamStack(tmp, flavour);
  browser = await launchBrowser();
  // The admin works in Los Angeles, as the product's users do: a zone-less upstream time read
  // as the browser's own would show hours off.
  const context = await browser.newContext({
    viewport: DESKTOP,
    timezoneId: 'America/Los_Angeles',
  });
  page = await context.newPage();
  errors.watch(page);
  page.on('response', (response) => {
    const request = response.request();
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (request.method() === 'GET' && response.ok()) return;
    void response
      .text()
      .catch(() => '')
      .then((body) =>
        replies.push(
          `${request.method()} ${response.url()} -> ${response.status()} ${body.slice(0, 600)}`,
        ),
      );
  });
  await signIn(page, upstreamStack.stack);
}

describe.each(FLAVOURS)(
  "an admin's day against the %s upstream",
  { timeout: STEP_TIMEOUT_MS },
  (flavour) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `fuel-daily-work-${flavour}-`));

    beforeAll(() => startDay(flavour, tmp), STACK_START_MS);

    afterAll(async () => {
      await browser?.close();
      await upstreamStack?.stop();
      if (!process.env.KEEP_E2E_DATA) fs.rmSync(tmp, { recursive: true, force: true });
      else process.stdout.write(`daily-work data kept in ${tmp}\n`);
    }, 90_000);

    beforeEach(({ onTestFailed }) => {
      replies = [];
      errorsFrom = errors.seen.length;
      const from = errorsFrom;
      onTestFailed(() => {
        process.stdout.write(
          [
            'Writes and refused calls of this step:',
            ...replies,
            'Console errors:',
            ...errors.seen.slice(from),
            `Logs: ${upstreamStack.stack.dataDir}/stack.log, firebase.log; ${tmp}/api.log\n`,
          ].join('\n'),
        );
      });
    });

    afterEach(async () => {
      // What the admin was left looking at: nothing broken, no console error.
      const broken = await page.getByText(BROKEN).allTextContents();
      const consoleErrors = errors.seen.slice(errorsFrom);
      expect(broken, 'broken things on the screen').toEqual([]);
      expect(consoleErrors, 'console or page errors').toEqual([]);
    });

    it('1. All Users: adds an invoice for a seed user and corrects it', addAndEditInvoice);
    it('2. Complaints: approves a complaint and answers it', decideAndAnswerComplaint);
    it('3. Announcements: posts one with a picture and retitles it', postAndRetitleAnnouncement);
    it('4. Groups: creates a group, gives it members, and writes in its chat', async () => {
      const group = await createGroup();
      await assignMembers(group);
      await chatWithImage(group);
    });
    it('5. Offers: uploads a new first offer banner', uploadOffer);
    it("6. Prices: saves a group's prices for today on the desk", saveDeskPrices);
  },
);
