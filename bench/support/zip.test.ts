import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { storedZip } from './zip.ts';

describe('storedZip', () => {
  it('is a zip of exactly the size asked, its one entry intact', async () => {
    const zip = storedZip(10_000);
    expect(zip.length).toBe(10_000);
    expect(await fileTypeFromBuffer(zip)).toMatchObject({ ext: 'zip' });
    // The end-of-central-directory record points at a central header naming the entry.
    const end = zip.subarray(zip.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    const central = zip.subarray(end.readUInt32LE(16));
    expect(central.readUInt32LE(0)).toBe(0x02014b50);
    const size = central.readUInt32LE(20);
    const nameLength = zip.readUInt16LE(26);
    const data = zip.subarray(30 + nameLength, 30 + nameLength + size);
    expect(crc32(data)).toBe(central.readUInt32LE(16));
  });

  it('refuses a size no zip can have', () => {
    expect(() => storedZip(50)).toThrow(/cannot be as small/);
  });
});
