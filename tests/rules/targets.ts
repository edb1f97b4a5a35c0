/**
 * The databases the table runs against: always the offline engine (dev/rtdb) started here on a
 * free port with the repository's rules file, as `npm start` starts it; and the official
 * Database emulator too when RTDB_EMULATOR_HOST (host:port) names one.
 */
import { officialDatabaseEmulatorMissing } from '../../dev/emulators.ts';
import { startRtdb } from '../../dev/rtdb/index.js';
import { RULES_FILE } from './evaluate.js';

export interface RunningTarget {
  host: string;
  port: number;
  stop(): Promise<void>;
}

export interface Target {
  name: string;
  start(): Promise<RunningTarget>;
}

export const officialEmulatorHost = process.env.RTDB_EMULATOR_HOST;

const offlineEngine: Target = {
  name: 'the offline engine (dev/rtdb)',
  async start() {
    const engine = await startRtdb({ port: 0, rulesFile: RULES_FILE });
    return { host: engine.host, port: engine.port, stop: () => engine.close() };
  },
};

function officialEmulator(hostPort: string): Target {
  const at = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, at);
  const port = Number(hostPort.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port)) {
    throw new Error(`RTDB_EMULATOR_HOST should be host:port, got ${hostPort}`);
  }
  return {
    name: `the official Database emulator at ${hostPort}`,
    start: () => Promise.resolve({ host, port, stop: () => Promise.resolve() }),
  };
}

export const targets: Target[] = [
  offlineEngine,
  ...(officialEmulatorHost === undefined ? [] : [officialEmulator(officialEmulatorHost)]),
];

/** Why the official emulator was not used: it cannot run here, or nobody started one. */
function whyNotOfficial(): string {
  const missing = officialDatabaseEmulatorMissing();
  return missing === undefined
    ? 'it could run here, but RTDB_EMULATOR_HOST names none'
    : `it cannot run here: ${missing}`;
}

/** The one line a run prints about the official emulator. */
export const officialEmulatorNote =
  officialEmulatorHost === undefined
    ? `rules: the official Database emulator was not used (${whyNotOfficial()}); the table ran against the offline engine only.\n`
    : `rules: the table ran against the offline engine and the official Database emulator at ${officialEmulatorHost}.\n`;
