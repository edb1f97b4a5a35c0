import zlib from 'node:zlib';
import { encodePng } from '../../dev/api/png.js';

/**
 * Small but real files of every type the API accepts, made in code: their first bytes are
 * what a real file of that format starts with, so content sniffing sees them as such.
 */

export function png(width = 4, height = 4): Buffer {
  return encodePng(width, height, new Uint8Array(width * height * 3).fill(200));
}

export function jpeg(): Buffer {
  // SOI, a JFIF APP0 segment, EOI: what every JPEG camera and editor writes first.
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]);
}

export function gif(): Buffer {
  // A 1x1 transparent GIF89a.
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

export function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

export function text(body = 'Receipt for pump 4, paid 42.10 USD.\nThank you!\n'): Buffer {
  return Buffer.from(body, 'utf8');
}

export function mp4(): Buffer {
  // An ISO base media file begins with its `ftyp` box.
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const free = Buffer.alloc(8);
  free.writeUInt32BE(8, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

/** Word 97, Excel 97 and PowerPoint 97 files are OLE2 compound files. */
export function compoundFile(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(0x3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  return header;
}

/** A zip archive of stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  `<Override PartName="/main" ContentType="${main}"/></Types>`;

/** Office Open XML packages: a zip whose [Content_Types].xml names the main part. */
export const officeOpenXml = {
  docx: () =>
    zip({
      '[Content_Types].xml': contentTypes(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
      'word/document.xml': '<w:document/>',
    }),
  xlsx: () =>
    zip({
      '[Content_Types].xml': contentTypes(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
      'xl/workbook.xml': '<workbook/>',
    }),
  pptx: () =>
    zip({
      '[Content_Types].xml': contentTypes(
        'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
      ),
      'ppt/presentation.xml': '<p:presentation/>',
    }),
  xlsb: () =>
    zip({
      '[Content_Types].xml': contentTypes(
        'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
      ),
      'xl/workbook.bin': 'binary workbook',
    }),
};
