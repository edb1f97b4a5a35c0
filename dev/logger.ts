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
