import { Canvas, type Rgb } from './canvas.js';

const WHITE: Rgb = [255, 255, 255];

/** Calm, readable backgrounds for white initials. */
export const PALETTE: readonly Rgb[] = [
  [37, 99, 235],
  [220, 38, 38],
  [5, 150, 105],
  [217, 119, 6],
  [124, 58, 237],
  [219, 39, 119],
  [8, 145, 178],
  [101, 163, 13],
  [234, 88, 12],
  [71, 85, 105],
  [79, 70, 229],
  [13, 148, 136],
];

/** Gradient pairs for banners: neighbours on the colour wheel, so white text reads on both ends. */
export const BANNER_THEMES: readonly (readonly [Rgb, Rgb])[] = [
  [
    [30, 64, 175],
    [14, 165, 233],
  ],
  [
    [190, 18, 60],
    [249, 115, 22],
  ],
  [
    [6, 95, 70],
    [16, 185, 129],
  ],
  [
    [91, 33, 182],
    [219, 39, 119],
  ],
  [
    [15, 23, 42],
    [71, 85, 105],
  ],
  [
    [180, 83, 9],
    [234, 179, 8],
  ],
];

/** A user's avatar: initials on a coloured square, 128 px. */
export function avatarPng(initials: string, colour: Rgb): Buffer {
  const canvas = new Canvas(128, 128, colour);
  const scale = 6;
  canvas.centredText(initials, Math.round((128 - Canvas.glyphHeight(scale)) / 2), scale, WHITE);
  return canvas.toPng();
}

/** A banner: a diagonal gradient, soft discs, and lines of text centred and sized to fit. */
export function bannerPng(
  lines: readonly string[],
  theme: number,
  width = 800,
  height = 400,
): Buffer {
  const [from, to] = BANNER_THEMES[theme % BANNER_THEMES.length] ?? [PALETTE[0] ?? WHITE, WHITE];
  const canvas = new Canvas(width, height, from);
  canvas.gradient(from, to);
  canvas.disc(width * 0.85, height * 0.2, height * 0.35, lighten(to, 0.12));
  canvas.disc(width * 0.1, height * 0.9, height * 0.3, lighten(from, 0.1));
  const scales = lines.map((line) =>
    Math.max(2, Math.min(10, Math.floor((width * 0.85) / Math.max(1, Canvas.textWidth(line, 1))))),
  );
  const gap = 16;
  const total =
    scales.reduce((sum, s) => sum + Canvas.glyphHeight(s), 0) + gap * (lines.length - 1);
  let y = Math.round((height - total) / 2);
  lines.forEach((line, i) => {
    const scale = scales[i] ?? 2;
    canvas.centredText(line, y, scale, WHITE);
    y += Canvas.glyphHeight(scale) + gap;
  });
  return canvas.toPng();
}

const lighten = (colour: Rgb, amount: number): Rgb => [
  Math.round(colour[0] + (255 - colour[0]) * amount),
  Math.round(colour[1] + (255 - colour[1]) * amount),
  Math.round(colour[2] + (255 - colour[2]) * amount),
];
