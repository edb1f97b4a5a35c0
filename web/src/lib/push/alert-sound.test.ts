import { describe, expect, it, vi } from 'vitest';
import { createAlertPlayer, createChimeWav } from './alert-sound';

describe('the alert chime', () => {
  it('is a small mono 16-bit WAV', () => {
    const wav = createChimeWav();
    const text = (from: number, to: number) => String.fromCharCode(...wav.slice(from, to));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 12)).toBe('WAVE');
    const view = new DataView(wav.buffer);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint16(34, true)).toBe(16);
    expect(wav.byteLength).toBeLessThan(25_000);
  });

  it('stops playing after the maximum time', async () => {
    const audio = { play: vi.fn(() => Promise.resolve()), pause: vi.fn(), currentTime: 3 };
    const timers: [() => void, number][] = [];
    const player = createAlertPlayer(
      {
        createAudio: () => audio as unknown as HTMLAudioElement,
        createObjectUrl: () => 'blob:chime',
        setTimeout: (run, ms) => timers.push([run, ms]),
      },
      5000,
    );
    await expect(player.play()).resolves.toBe(true);
    expect(timers[0]?.[1]).toBe(5000);
    timers[0]?.[0]();
    expect(audio.pause).toHaveBeenCalled();
    expect(audio.currentTime).toBe(0);
  });

  it('reports a refused playback instead of throwing', async () => {
    const player = createAlertPlayer(
      {
        createAudio: () =>
          ({
            play: () => Promise.reject(new Error('NotAllowedError')),
            pause: vi.fn(),
          }) as unknown as HTMLAudioElement,
        createObjectUrl: () => 'blob:chime',
        setTimeout: () => undefined,
      },
      5000,
    );
    await expect(player.play()).resolves.toBe(false);
  });
});
