import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The browser for end-to-end tests, with no download at test time: CHROMIUM_PATH, else
 * Debian's /usr/bin/chromium, else the headless Chromium that @sparticuz/chromium carries
 * inside its npm package.
 */
export async function findChromium(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

// Without the background-networking flags Chromium keeps dialling Google on this offline machine.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

type Launch = () => Promise<Browser>;

const defaultLaunch: Launch = async () =>
  chromium.launch({ executablePath: await findChromium(), args: ARGS, headless: true });

/**
 * The packaged Chromium now and then dies with SIGSEGV while starting on a loaded two-core
 * machine; a crash before the first page is not a test's failure, so starting is tried again.
 */
export async function launchBrowser(
  launch: Launch = defaultLaunch,
  attempts = 3,
): Promise<Browser> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(
        `Chromium did not start (attempt ${attempt} of ${attempts}), starting it again:`,
        error,
      );
    }
  }
}
