import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatUploadSchema } from '../../functions/src/contracts/index.js';
import { compoundFile, gif, jpeg, mp4, officeOpenXml, pdf, png, text, zip } from './fixtures.js';
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

/** The reference dialect says more of an upload than the original API promises. */
const referenceUploadSchema = z.object({
  id: z.number(),
  file: z.object({
    original_url: z.string(),
    name: z.string(),
    mime_type: z.string(),
    size: z.number(),
  }),
});

const upload = async (token: string, name: string, bytes: Buffer) =>
  api.call('POST', '/chats', { token, form: form({}, { file: { name, bytes } }) });

/** A stored upload as the product reads it: a write whose reply names its id and address. */
function uploaded(reply: Reply) {
  const created = expectWritten(reply, chatUploadSchema);
  if (created === undefined) {
    throw new Error(`an upload reply without its id and address: ${JSON.stringify(reply.body)}`);
  }
  return created;
}

/** The files, images and video a chat message may carry, with the type served back. */
const ACCEPTED: [name: string, mime: string, bytes: () => Buffer][] = [
  ['statement.pdf', 'application/pdf', pdf],
  ['letter.doc', 'application/msword', compoundFile],
  ['notes.txt', 'text/plain', text],
  ['photos.zip', 'application/zip', () => zip({ 'a.txt': 'a' })],
  ['slides.ppt', 'application/vnd.ms-powerpoint', compoundFile],
  ['sheet.xls', 'application/vnd.ms-excel', compoundFile],
  [
    'sheet.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    officeOpenXml.xlsx,
  ],
  [
    'letter.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    officeOpenXml.docx,
  ],
  [
    'slides.pptx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    officeOpenXml.pptx,
  ],
  ['sheet.xlsb', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12', officeOpenXml.xlsb],
  ['picture.png', 'image/png', png],
  ['picture.jpg', 'image/jpeg', jpeg],
  ['picture.jpeg', 'image/jpeg', jpeg],
  ['clip.mp4', 'video/mp4', mp4],
];

describe('POST /chats', () => {
  it.each(ACCEPTED)('accepts %s and serves it back as %s', async (name, mime, bytes) => {
    const content = bytes();
    const reply = await upload(await api.adminToken(), name, content);
    const created = uploaded(reply);
    if (flavour.chatFileDetails) {
      expect(expectOk(reply, referenceUploadSchema).file).toMatchObject({
        name,
        mime_type: mime,
        size: content.length,
      });
    }
    const file = await download(created.file.original_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(mime);
    expect(file.bytes.equals(content)).toBe(true);
  });

  it('lets an app user upload too', async () => {
    uploaded(await upload(await api.userToken(), 'from-the-app.png', png()));
  });

  it('sanitizes the file name, which its address ends with', async () => {
    const reply = await upload(await api.adminToken(), '../../Fuel Receipt (May).PDF', pdf());
    // Both dialects store files as a media library does: `/storage/<id>/<name>`.
    expect(uploaded(reply).file.original_url).toMatch(/\/storage\/\d+\/Fuel-Receipt-May\.pdf$/);
    if (flavour.chatFileDetails) {
      expect(expectOk(reply, referenceUploadSchema).file.name).toBe('Fuel-Receipt-May.pdf');
    }
  });

  it('refuses types outside the list', async () => {
    const errors = expectInvalid(
      await upload(await api.adminToken(), 'tool.exe', Buffer.from('MZ\x90\x00')),
    );
    expect(errors.file).toEqual([
      'The file field must be a file of type: pdf, doc, txt, zip, ppt, xls, xlsx, docx, pptx, xlsb, png, jpg, jpeg, mp4.',
    ]);
    expectInvalid(await upload(await api.adminToken(), 'anim.gif', gif()));
  });

  it('refuses content that does not match the extension', async () => {
    const errors = expectInvalid(
      await upload(await api.adminToken(), 'photo.png', text('I am text')),
    );
    expect(errors.file).toEqual(['The file content does not match its .png extension.']);
    expectInvalid(await upload(await api.adminToken(), 'notes.txt', png()));
    expectInvalid(await upload(await api.adminToken(), 'movie.mp4', pdf()));
  });

  it('requires a file', async () => {
    const errors = expectInvalid(
      await api.call('POST', '/chats', { token: await api.adminToken(), form: form({}) }),
    );
    expect(errors.file).toEqual(['The file field is required.']);
  });

  it('refuses a file over 30 MB with 413', async () => {
    const big = Buffer.alloc(30 * 1024 * 1024 + 1, 0x61);
    const message = expectFail(await upload(await api.adminToken(), 'big.txt', big), 413);
    expect(message).toMatch(/30 MB/);
  });
});

describe('DELETE /chats/{id}', () => {
  it('deletes the upload and its stored file, whose URL then answers 404', async () => {
    const created = uploaded(await upload(await api.adminToken(), 'gone.pdf', pdf()));
    expectWritten(
      await api.call('DELETE', `/chats/${created.id}`, { token: await api.adminToken() }),
      z.null(),
    );
    expect((await download(created.file.original_url)).status).toBe(404);
    expectFail(
      await api.call('DELETE', `/chats/${created.id}`, { token: await api.adminToken() }),
      404,
    );
  });

  it('lets an app user delete their own upload but not the admin’s', async () => {
    const own = uploaded(await upload(await api.userToken(), 'mine.txt', text()));
    expectWritten(
      await api.call('DELETE', `/chats/${own.id}`, { token: await api.userToken() }),
      z.null(),
    );
    const admins = uploaded(await upload(await api.adminToken(), 'admins.txt', text()));
    expectFail(
      await api.call('DELETE', `/chats/${admins.id}`, { token: await api.userToken() }),
      403,
    );
    expect((await download(admins.file.original_url)).status).toBe(200);
  });

  it('answers 404 for an unknown upload', async () => {
    expect(
      expectFail(
        await api.call('DELETE', '/chats/99999999', { token: await api.adminToken() }),
        404,
      ),
    ).toBe('The requested file is not found');
  });
});
