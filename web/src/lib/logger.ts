/** The app's one way to report what users cannot see; injected so tests can read it. */
export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** Writes to the browser console: the one place in the app allowed to. */
export function createConsoleLogger(sink: Pick<Console, 'info' | 'warn' | 'error'>): Logger {
  const line = (level: keyof Logger) => (message: string, detail?: unknown) => {
    if (detail === undefined) sink[level](`[fuel] ${message}`);
    else sink[level](`[fuel] ${message}`, detail);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
