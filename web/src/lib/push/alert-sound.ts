/**
 * The incoming-push alert: a short two-note chime synthesised as a WAV in code (no file to
 * download), played at most `maxMs` (5 s in this app).
 */

const SAMPLE_RATE = 16_000;

/** 16-bit mono PCM WAV of two soft sine notes with a decaying envelope. */
export function createChimeWav(): Uint8Array {
  const notes = [
    { frequency: 880, seconds: 0.18 },
    { frequency: 1318.5, seconds: 0.42 },
  ];
  const total = notes.reduce((sum, note) => sum + Math.round(note.seconds * SAMPLE_RATE), 0);
  const bytes = new Uint8Array(44 + total * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + total * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, total * 2, true);
  let offset = 44;
  for (const note of notes) {
    const length = Math.round(note.seconds * SAMPLE_RATE);
    for (let i = 0; i < length; i += 1) {
      const attack = Math.min(1, i / (SAMPLE_RATE * 0.01));
      const decay = Math.exp((-4 * i) / length);
      const sample = Math.sin((2 * Math.PI * note.frequency * i) / SAMPLE_RATE);
      view.setInt16(offset, Math.round(sample * attack * decay * 0.45 * 32767), true);
      offset += 2;
    }
  }
  return bytes;
}

export interface AlertPlayerDeps {
  createAudio: (src: string) => HTMLAudioElement;
  createObjectUrl: (blob: Blob) => string;
  setTimeout: (run: () => void, ms: number) => unknown;
}

export interface AlertPlayer {
  /** Resolves false when the browser refused to play (no user gesture yet). */
  play(): Promise<boolean>;
}

/** A player that makes its sound once and stops every playback after `maxMs`. */
export function createAlertPlayer(deps: AlertPlayerDeps, maxMs: number): AlertPlayer {
  let url: string | undefined;
  return {
    async play(): Promise<boolean> {
      url ??= deps.createObjectUrl(
        new Blob([createChimeWav().buffer as ArrayBuffer], { type: 'audio/wav' }),
      );
      const audio = deps.createAudio(url);
      deps.setTimeout(() => {
        audio.pause();
        audio.currentTime = 0;
      }, maxMs);
      try {
        await audio.play();
        return true;
      } catch {
        return false;
      }
    },
  };
}
