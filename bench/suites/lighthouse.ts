import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { z } from 'zod';
import type { Logger } from '../../dev/logger.ts';
import { findChromium } from '../../tests/support/browser.ts';
import { atLeast, measured, type Figure } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';
import { median } from '../support/stats.ts';

// The same Chromium the tests and the other benchmarks use, with the same offline flags
// (tests/support/browser.ts), started with a debugging port since Lighthouse connects to one.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const lhrSchema = z.object({
  lighthouseVersion: z.string(),
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
});

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'SI',
} as const;

const spec = {
  id: 'cold.login.lighthouse',
  section: 'Cold load',
  label: 'Lighthouse 12 mobile performance score, /auth/login',
  unit: 'score',
  budget: atLeast(90),
} as const;

/**
 * Lighthouse's default (mobile) configuration: a Moto G Power sized screen, simulated slow 4G
 * and 4x CPU slowdown, computed from one unthrottled trace (Lantern).
 */
async function measureLighthouse(deps: {
  appUrl: string;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const scores: number[] = [];
  const metrics: Record<string, number[]> = {};
  let version = '';
  const chrome = await launch({
    chromePath: await findChromium(),
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    for (let run = 0; run < deps.runs; run++) {
      const result = await lighthouse(`${deps.appUrl}/auth/login`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const lhr = lhrSchema.parse(result.lhr);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const score = lhr.categories.performance.score;
      if (score === null) throw new Error('Lighthouse gave no performance score');
      version = lhr.lighthouseVersion;
      scores.push(score * 100);
      for (const [audit, name] of Object.entries(METRICS)) {
        const value = lhr.audits[audit]?.numericValue;
        if (value !== undefined) (metrics[name] ??= []).push(value);
      }
      deps.log.info(`lighthouse run ${run + 1}: ${Math.round(score * 100)}`);
    }
  } finally {
    chrome.kill();
  }
  const summary = Object.entries(metrics)
    .map(([name, values]) => `${name} ${Math.round(median(values))} ms`)
    .join(', ');
  return [
    measured(spec, scores, {
      note: `Lighthouse ${version}, simulated mobile (slow 4G, 4x CPU); medians of its metrics: ${summary}`,
    }),
  ];
}

export const lighthouseSuite: Suite = {
  id: 'lighthouse',
  figures: [spec],
  stack: 'default',
  measure: ({ stack, log }) => {
    log.info('lighthouse: 3 runs…');
    return measureLighthouse({ appUrl: stack.stack.urls.app, runs: 3, log });
  },
};
