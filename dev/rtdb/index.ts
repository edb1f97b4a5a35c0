/**
 * The offline Realtime Database (README.md beside this file): one HTTP server for the REST API
 * and the SDKs' WebSocket (`/.ws?v=5&ns=`), the rules file watched, the data saved to a file,
 * and the Functions emulator's database triggers fired on writes.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { Engine } from './engine.js';
import { DataFileSaver, loadDataFile, serialize } from './persistence.js';
import { LONG_POLL_MESSAGE, pushIdGenerator, restHandler } from './rest.js';
import { compileRules, RulesError, type CompiledRules } from './rules.js';
import { namespaceOf, Session } from './session.js';
import { TriggerDispatcher, type TriggerOptions } from './triggers.js';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface RtdbOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** database.rules.json; watched, and reloaded when it changes. */
  rulesFile: string;
  /** Where all namespaces' data is kept between runs; none: in memory only. */
  dataFile?: string;
  /** Fire the Functions emulator's database triggers for writes to one namespace. */
  triggers?: TriggerOptions;
  logger?: Logger;
}

export interface RunningRtdb {
  host: string;
  port: number;
  close(): Promise<void>;
}

export type { TriggerOptions };

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Calls `onChange` with the new text when the file changes (editors often replace it). */
function watchFile(file: string, onChange: (text: string) => void, logger: Logger): () => void {
  let last = fs.readFileSync(file, 'utf8');
  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    timer = null;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return; // Between an editor's delete and rename: the next event brings the new file.
    }
    if (text === last) return;
    last = text;
    onChange(text);
  };
  const watcher = fs.watch(path.dirname(file), (_event, name) => {
    if (name !== null && name !== path.basename(file)) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(check, 50);
  });
  watcher.on('error', (error) => logger.warn(`rtdb: cannot watch ${file}: ${error.message}`));
  return () => {
    if (timer !== null) clearTimeout(timer);
    watcher.close();
  };
}

export async function startRtdb(options: RtdbOptions): Promise<RunningRtdb> {
  const logger = options.logger ?? silent;
  const host = options.host ?? '127.0.0.1';
  const rulesFile = path.resolve(options.rulesFile);
  let fileRules: CompiledRules = compileRules(fs.readFileSync(rulesFile, 'utf8'));
  // Rules a client set through /.settings/rules.json replace the file's for that namespace.
  const replaced = new Map<string, CompiledRules>();
  const rulesFor = (namespace: string) => replaced.get(namespace) ?? fileRules;

  const dispatcher =
    options.triggers === undefined
      ? undefined
      : new TriggerDispatcher(options.triggers, { fetch, logger, now: Date.now });
  let saver: DataFileSaver | undefined;
  const engine = new Engine(
    { rulesFor, onChange: () => saver?.changed(), observer: dispatcher, now: Date.now },
    options.dataFile === undefined ? new Map() : loadDataFile(options.dataFile),
  );
  const dataFile = options.dataFile;
  if (dataFile !== undefined) {
    saver = new DataFileSaver(
      dataFile,
      () => serialize(engine.all()),
      (error) => logger.error(`rtdb: could not save ${dataFile}: ${String(error)}`),
    );
  }

  const stopWatching = watchFile(
    rulesFile,
    (text) => {
      try {
        fileRules = compileRules(text);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        logger.error(`rtdb: ${rulesFile} not reloaded, the previous rules stay: ${error.message}`);
        return;
      }
      logger.info(`rtdb: rules reloaded from ${rulesFile}`);
      for (const ns of engine.all()) if (!replaced.has(ns.name)) ns.recheck();
    },
    logger,
  );

  let longPollReported = false;
  const server = http.createServer(
    restHandler({
      engine,
      rules: {
        text: (namespace) => rulesFor(namespace).text,
        replace: (namespace, text) => {
          replaced.set(namespace, compileRules(text));
          engine.namespace(namespace).recheck();
        },
      },
      pushId: pushIdGenerator(Date.now, Math.random),
      onLongPoll: () => {
        if (longPollReported) return;
        longPollReported = true;
        logger.warn(`rtdb: ${LONG_POLL_MESSAGE}`);
      },
    }),
  );
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const namespace = namespaceOf(url, req.headers.host);
    if (url.pathname !== '/.ws' || namespace === null) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const session = new Session(engine.namespace(namespace), (text) => ws.send(text), logger);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        try {
          session.receive(data.toString());
        } catch (error) {
          logger.error(
            `rtdb: request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
        }
      });
      ws.on('close', () => session.close());
      ws.on('error', () => ws.terminate());
      session.open(req.headers.host ?? host, Date.now());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`rtdb: port ${options.port} is already in use`)
          : error,
      ),
    );
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  dispatcher?.start();
  logger.info(`rtdb: offline Realtime Database on http://${host}:${port} (rules ${rulesFile})`);

  return {
    host,
    port,
    close: async () => {
      stopWatching();
      await dispatcher?.stop();
      const closed = [...sockets.clients].map(
        (ws) => new Promise<void>((resolve) => ws.once('close', () => resolve())),
      );
      for (const ws of sockets.clients) ws.terminate();
      await Promise.all(closed);
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await saver?.flush();
    },
  };
}
