import { describe, expect, it } from 'vitest';
import { extensionOf, judgeUpload, safeFileName } from './upload-rules.js';

describe('judgeUpload', () => {
  it('accepts a chat file whose content matches its extension', () => {
    expect(judgeUpload('chat', 'file', 'a.pdf', { ext: 'pdf' })).toEqual({
      ok: true,
      ext: 'pdf',
      mime: 'application/pdf',
    });
    expect(judgeUpload('chat', 'file', 'notes.TXT', 'text')).toMatchObject({
      ok: true,
      ext: 'txt',
      mime: 'text/plain',
    });
    expect(judgeUpload('chat', 'file', 'old.doc', { ext: 'cfb' })).toMatchObject({
      ok: true,
      mime: 'application/msword',
    });
    expect(judgeUpload('chat', 'file', 'b.xlsb', { ext: 'zip' })).toMatchObject({ ok: true });
  });

  it('refuses an extension outside the list, and content that contradicts the extension', () => {
    expect(judgeUpload('chat', 'file', 'x.exe', { ext: 'exe' })).toMatchObject({ ok: false });
    expect(judgeUpload('chat', 'file', 'noext', 'text')).toMatchObject({ ok: false });
    expect(judgeUpload('chat', 'file', 'x.png', 'text')).toEqual({
      ok: false,
      message: 'The file content does not match its .png extension.',
    });
    expect(judgeUpload('chat', 'file', 'x.txt', 'unknown')).toMatchObject({ ok: false });
    expect(judgeUpload('chat', 'file', 'x.pdf', { ext: 'zip' })).toMatchObject({ ok: false });
  });

  it('judges pictures by content alone and names them by what they are', () => {
    expect(judgeUpload('image', 'image', 'photo.png', { ext: 'jpg' })).toEqual({
      ok: true,
      ext: 'jpg',
      mime: 'image/jpeg',
    });
    expect(judgeUpload('image', 'image', 'anim.gif', { ext: 'gif' })).toMatchObject({ ok: false });
    expect(judgeUpload('offer', 'first_image', 'anim.gif', { ext: 'gif' })).toMatchObject({
      ok: true,
      mime: 'image/gif',
    });
    expect(judgeUpload('offer', 'first_image', 'a.png', 'text')).toEqual({
      ok: false,
      message: 'The first image field must be a file of type: png, gif, jpeg, jpg.',
    });
  });
});

describe('safeFileName', () => {
  it('keeps letters, digits, dashes and underscores of the base name', () => {
    expect(safeFileName('Fuel Receipt (May).PDF', 'pdf')).toBe('Fuel-Receipt-May.pdf');
    expect(safeFileName('Café Olé.jpg', 'jpg')).toBe('Cafe-Ole.jpg');
  });

  it('drops folders, so no name can climb out of its directory', () => {
    expect(safeFileName('../../etc/passwd.txt', 'txt')).toBe('passwd.txt');
    expect(safeFileName('..\\..\\boot.ini.txt', 'txt')).toBe('boot-ini.txt');
    expect(safeFileName('..', 'png')).toBe('file.png');
    expect(safeFileName('.hidden.txt', 'txt')).toBe('hidden.txt');
  });

  it('never gives an empty or overlong name', () => {
    expect(safeFileName('照片.png', 'png')).toBe('file.png');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`, 'pdf')).toBe(`${'a'.repeat(80)}.pdf`);
  });

  it('reads the extension of the base name only', () => {
    expect(extensionOf('dir.v2/file')).toBe('');
    expect(extensionOf('A.Docx')).toBe('docx');
  });
});
