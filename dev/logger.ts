/** The logger every part of the local stack takes as a dependency. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Writes `[name] message` lines to a stream (the terminal, or a log file). */
export function streamLogger(name: string, stream: NodeJS.WritableStream): Logger {
  const line = (level: string) => (message: string) => {
    stream.write(`${level}[${name}] ${message}\n`);
  };
  return { info: line(''), warn: line('warn '), error: line('error ') };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Everything to `detail`; warnings and errors also to `summary` (the terminal). */
export function teeLogger(detail: Logger, summary: Logger): Logger {
  return {
    info: (message) => detail.info(message),
    warn: (message) => {
      detail.warn(message);
      summary.warn(message);
    },
    error: (message) => {
      detail.error(message);
      summary.error(message);
    },
  };
}
