import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, PNG_SIGNATURE } from './png.js';

/** Splits a PNG into its chunks, checking each CRC. */
function chunks(png: Buffer) {
  const out: { type: string; data: Buffer }[] = [];
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(
      zlib.crc32(data, zlib.crc32(Buffer.from(type, 'latin1'))),
    );
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  it('writes a valid RGB PNG whose pixels read back', () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const png = encodePng(2, 2, rgb);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const [ihdr, idat, iend] = chunks(png);
    expect(ihdr?.type).toBe('IHDR');
    expect(ihdr?.data.readUInt32BE(0)).toBe(2);
    expect(ihdr?.data.readUInt32BE(4)).toBe(2);
    expect(iend?.type).toBe('IEND');
    const raw = zlib.inflateSync(idat?.data ?? Buffer.alloc(0));
    // Each row: filter byte 0, then the row's pixels.
    expect([...raw]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]);
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError);
  });
});
