import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL = 22;

/**
 * A valid .zip of exactly `totalBytes` bytes holding one stored (uncompressed) file of random
 * bytes: the upload the API accepts for chat files (it checks the signature and structure),
 * and that compresses to nothing useful, as real attachments do.
 */
export function storedZip(totalBytes: number, name = 'bench.bin'): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const overhead = LOCAL_HEADER + CENTRAL_HEADER + 2 * fileName.length + END_OF_CENTRAL;
  const dataSize = totalBytes - overhead;
  if (dataSize < 0) throw new Error(`a zip cannot be as small as ${totalBytes} bytes`);
  const data = randomBytes(dataSize);
  const crc = crc32(data);

  const local = Buffer.alloc(LOCAL_HEADER);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0, 6); // flags
  local.writeUInt16LE(0, 8); // method: stored
  local.writeUInt16LE(0, 10); // time
  local.writeUInt16LE(0x21, 12); // date: 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(dataSize, 18);
  local.writeUInt32LE(dataSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  local.writeUInt16LE(0, 28);

  const central = Buffer.alloc(CENTRAL_HEADER);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(20, 6); // version needed
  central.writeUInt16LE(0, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(0, 12);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(dataSize, 20);
  central.writeUInt32LE(dataSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  // extra, comment, disk, internal and external attributes, local header offset: all 0
  const centralOffset = LOCAL_HEADER + fileName.length + dataSize;

  const end = Buffer.alloc(END_OF_CENTRAL);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8); // entries on this disk
  end.writeUInt16LE(1, 10); // entries
  end.writeUInt32LE(CENTRAL_HEADER + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);

  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
