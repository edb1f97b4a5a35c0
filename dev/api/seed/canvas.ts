import { encodePng } from '../png.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from './font.js';

export type Rgb = readonly [number, number, number];

/** Just enough drawing for seed art: fills, gradients, discs and bitmap text. */
export class Canvas {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  private set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  fillRect(x0: number, y0: number, w: number, h: number, colour: Rgb) {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y += 1) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x += 1)
        this.set(x, y, colour);
    }
  }

  /** A diagonal blend from `from` (top left) to `to` (bottom right). */
  gradient(from: Rgb, to: Rgb) {
    const span = this.width + this.height - 2 || 1;
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const t = (x + y) / span;
        this.set(x, y, [mix(from[0], to[0], t), mix(from[1], to[1], t), mix(from[2], to[2], t)]);
      }
    }
  }

  disc(cx: number, cy: number, radius: number, colour: Rgb) {
    for (let y = Math.floor(cy - radius); y <= cy + radius; y += 1) {
      for (let x = Math.floor(cx - radius); x <= cx + radius; x += 1) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) this.set(x, y, colour);
      }
    }
  }

  /** Width in pixels of `text` drawn at `scale` (one blank column between characters). */
  static textWidth(text: string, scale: number) {
    return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
  }

  text(text: string, x0: number, y0: number, scale: number, colour: Rgb) {
    [...text].forEach((char, index) => {
      const left = x0 + index * (GLYPH_WIDTH + 1) * scale;
      glyphRows(char).forEach((row, gy) => {
        [...row].forEach((cell, gx) => {
          if (cell === '#') this.fillRect(left + gx * scale, y0 + gy * scale, scale, scale, colour);
        });
      });
    });
  }

  /** Draws `text` centred horizontally with its top at y0. */
  centredText(text: string, y0: number, scale: number, colour: Rgb) {
    this.text(
      text,
      Math.round((this.width - Canvas.textWidth(text, scale)) / 2),
      y0,
      scale,
      colour,
    );
  }

  static glyphHeight(scale: number) {
    return GLYPH_HEIGHT * scale;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);
