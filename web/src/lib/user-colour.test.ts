import { describe, expect, it } from 'vitest';
import { hashId, USER_COLOURS, userColour } from './user-colour';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.1 contrast ratio of two #rrggbb colours, from 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('contrast (the measure the palette is held to)', () => {
  it('gives 21 for black on white, 1 for a colour on itself, whatever the order', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#fecaca', '#fecaca')).toBe(1);
  });

  it('matches a published ratio (#767676 on white: 4.54)', () => {
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('USER_COLOURS', () => {
  it('holds 8 to 12 distinct hues, each as #rrggbb', () => {
    expect(USER_COLOURS.length).toBeGreaterThanOrEqual(8);
    expect(USER_COLOURS.length).toBeLessThanOrEqual(12);
    expect(new Set(USER_COLOURS.map((colour) => colour.name)).size).toBe(USER_COLOURS.length);
    expect(new Set(USER_COLOURS.map((colour) => colour.light.background)).size).toBe(
      USER_COLOURS.length,
    );
    expect(new Set(USER_COLOURS.map((colour) => colour.dark.background)).size).toBe(
      USER_COLOURS.length,
    );
    for (const colour of USER_COLOURS) {
      for (const value of [
        colour.light.background,
        colour.light.text,
        colour.dark.background,
        colour.dark.text,
      ]) {
        expect(value).toMatch(/^#[0-9a-f]{6}$/);
      }
    }
  });

  it.each(USER_COLOURS.map((colour) => [colour.name, colour] as const))(
    '%s: the initials meet WCAG AA (4.5:1) in the light and the dark theme',
    (_name, colour) => {
      expect(contrast(colour.light.background, colour.light.text)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour.dark.background, colour.dark.text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps dark text on a light tint in the light theme, and the reverse in the dark one', () => {
    for (const colour of USER_COLOURS) {
      expect(luminance(colour.light.background)).toBeGreaterThan(luminance(colour.light.text));
      expect(luminance(colour.dark.background)).toBeLessThan(luminance(colour.dark.text));
    }
  });
});

describe('userColour', () => {
  it('gives the same id the same colour, call after call', () => {
    for (const id of [1, 7, 42, 1234, 'abc', '']) {
      expect(userColour(id)).toBe(userColour(id));
    }
  });

  it('gives a number and its text (a chat sender id) the same colour', () => {
    for (let id = 1; id <= 50; id += 1) {
      expect(userColour(String(id))).toBe(userColour(id));
    }
  });

  // Pinned: a change to the hash or the palette's order would recolour every user.
  it('keeps the colours it has handed out (pinned across loads and browsers)', () => {
    expect(hashId('1')).toBe(1428125071);
    expect(hashId('42')).toBe(686566589);
    expect(hashId('abc')).toBe(482950588);
    expect([1, 2, 3, 42, 'abc'].map((id) => userColour(id).name)).toEqual([
      'orange',
      'cyan',
      'lime',
      'pink',
      'fuchsia',
    ]);
  });

  it('spreads ids 1..100 over the whole palette, none taking more than a fifth', () => {
    const counts = new Map<string, number>();
    for (let id = 1; id <= 100; id += 1) {
      const { name } = userColour(id);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.size).toBe(USER_COLOURS.length);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(20);
  });

  it('spreads ids 1..1000 evenly: every colour within half again of its fair share', () => {
    const counts = new Map<string, number>();
    for (let id = 1; id <= 1000; id += 1) {
      const { name } = userColour(id);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const fair = 1000 / USER_COLOURS.length;
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(fair / 1.5);
      expect(count).toBeLessThan(fair * 1.5);
    }
  });

  it('only ever hands out palette colours', () => {
    for (const id of [0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, 'x'.repeat(500), 'ü名']) {
      expect(USER_COLOURS).toContain(userColour(id));
    }
  });
});
