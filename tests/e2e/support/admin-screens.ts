import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { encodePng } from '../../../dev/api/png.ts';
import type { StackInfo } from '../../support/stack-info.ts';
import { signIn } from './clients.ts';

/**
 * Helpers of the complaints, announcements, offers and prices end-to-end tests: fixture images
 * made in code (no binary files) and a signed-in page.
 */

export interface Image {
  name: string;
  mimeType: string;
  buffer: Buffer;
  width: number;
  height: number;
}

type Rgb = readonly [number, number, number];

/** A PNG of two colour bands. */
export function pngImage(
  name: string,
  width: number,
  height: number,
  top: Rgb,
  bottom: Rgb,
): Image {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const colour = y < height / 2 ? top : bottom;
    for (let x = 0; x < width; x += 1) rgb.set(colour, (y * width + x) * 3);
  }
  return { name, mimeType: 'image/png', buffer: encodePng(width, height, rgb), width, height };
}

/**
 * A GIF89a of vertical colour stripes. 7-bit codes plus the two control codes make every LZW
 * code one byte wide; a clear code every 100 pixels keeps the table from growing, so no
 * compression is needed and any decoder reads it.
 */
export function gifImage(name: string, width: number, height: number, stripes: Rgb[]): Image {
  const palette = Buffer.alloc(128 * 3);
  stripes.forEach((colour, index) => palette.set(colour, index * 3));
  const clear = 128;
  const end = 129;
  const codes: number[] = [];
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    if (pixel % 100 === 0) codes.push(clear);
    codes.push(Math.floor(((pixel % width) * stripes.length) / width));
  }
  codes.push(end);
  const data: Buffer[] = [];
  for (let at = 0; at < codes.length; at += 255) {
    const block = codes.slice(at, at + 255);
    data.push(Buffer.from([block.length, ...block]));
  }
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  header[10] = 0xf6; // global colour table of 2^(6+1) = 128 entries, 7 bits per primary
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const buffer = Buffer.concat([
    header,
    palette,
    descriptor,
    Buffer.from([7]), // LZW minimum code size
    ...data,
    Buffer.from([0, 0x3b]),
  ]);
  return { name, mimeType: 'image/gif', buffer, width, height };
}

/** A JPEG drawn and encoded by the browser's own canvas. */
export async function jpegImage(
  page: Page,
  name: string,
  width: number,
  height: number,
  colour: string,
): Promise<Image> {
  const dataUrl = await page.evaluate(
    ({ width, height, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#ffffff';
      context.fillRect(width / 4, height / 4, width / 2, height / 2);
      return canvas.toDataURL('image/jpeg', 0.9);
    },
    { width, height, colour },
  );
  const buffer = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return { name, mimeType: 'image/jpeg', buffer, width, height };
}

/** Bytes that claim to be an image by name and type but are not one. */
export function fakeImage(name: string, mimeType: string): Image {
  return {
    name,
    mimeType,
    buffer: Buffer.from(`not an image ${randomUUID()}`),
    width: 0,
    height: 0,
  };
}

export const asUpload = ({ name, mimeType, buffer }: Image) => ({ name, mimeType, buffer });

/** Signs the page in as the admin and opens `path`. */
export async function adminPage(page: Page, stack: StackInfo, path: string) {
  await signIn(page, stack);
  await page.goto(`${stack.urls.app}${path}`);
}

/** The natural size of a loaded <img>, or null while it is loading or broken. */
export async function loadedSize(
  image: Locator,
): Promise<{ width: number; height: number } | null> {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0
      ? { width: img.naturalWidth, height: img.naturalHeight }
      : null;
  });
}

/** A visible toast with exactly this text. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}
