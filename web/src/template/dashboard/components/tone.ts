import type { Tone } from '../sample-data';

/** Soft background and text of a tone: icon chips, list markers. */
export const softTone: Record<Tone, string> = {
  primary: 'bg-primary/10 text-primary',
  success: 'bg-success/12 text-success',
  warning: 'bg-warning/15 text-warning',
  destructive: 'bg-destructive/12 text-destructive',
  info: 'bg-sky-500/12 text-sky-700 dark:text-sky-400',
};

/** Solid fill of a tone: progress bars, timeline dots. */
export const solidTone: Record<Tone, string> = {
  primary: 'bg-primary',
  success: 'bg-success',
  warning: 'bg-warning',
  destructive: 'bg-destructive',
  info: 'bg-sky-500',
};
