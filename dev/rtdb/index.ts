/**
 * The offline Realtime Database (README.md beside this file): one HTTP server for the REST API
 * and the SDKs' WebSocket (`/.ws?v=5&ns=`), the rules file watched, the data saved to a file
 * with a write-ahead log, and the Functions emulator's database triggers fired on writes (their
 * events kept in that log until delivered).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Identity } from './auth.js';
import { Engine } from './engine.js';
import { DataFileSaver, recoverDataFile, serialize } from './persistence.js';
import { LONG_POLL_MESSAGE, pushIdGenerator, restHandler } from './rest.js';
import { compileRules, RulesError, type CompiledRules } from './rules.js';
import { namespaceOf, Session } from './session.js';
import { TriggerDispatcher, type TriggerOptions } from './triggers.js';
import { durableSender, recordOf, WriteAheadLog } from './wal.js';

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
  /** The Functions emulator has loaded the functions: the trigger events held go out. */
  functionsLoaded(): void;
  /**
   * Stops taking writes but the owner's: clients are disconnected (their SDKs keep what they
   * write for the next start; REST writes get 503), while the functions handling the trigger
   * events still pending write their results through the Admin SDK. Waits (a few seconds at
   * most) for those events to be delivered. Call it before stopping the Functions emulator.
   */
  stopWrites(): Promise<void>;
  /** Stops: the data saved, and the trigger events not delivered kept in the log for the next start. */
  close(): Promise<void>;
}

export type { TriggerOptions };

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };
/** How long a stop waits for the trigger events pending to be delivered. */
const DRAIN_PATIENCE_MS = 10_000;
/** How long a stop waits for clients to take their close frame. */
const CLOSE_PATIENCE_MS = 1000;

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

  const dataFile = options.dataFile;
  const recovered = dataFile === undefined ? undefined : await recoverDataFile(dataFile, logger);
  const log =
    dataFile === undefined || recovered === undefined
      ? undefined
      : new WriteAheadLog(dataFile, recovered.next, (error) =>
          logger.error(`rtdb: could not write the log of ${dataFile}: ${String(error)}`),
        );
  const dispatcher =
    options.triggers === undefined
      ? undefined
      : new TriggerDispatcher(options.triggers, {
          fetch,
          logger,
          now: Date.now,
          pending: recovered?.events ?? [],
          durable: () => log?.whenDurable() ?? Promise.resolve(),
          logEvents: (events) => log?.append({ events: [...events] }),
          logDone: (id) => log?.append({ done: id }),
        });
  let saver: DataFileSaver | undefined;
  const engine = new Engine(
    {
      rulesFor,
      onWrite: (namespace, entries, events) => {
        // One record: a crash keeps the write and its trigger events, or neither.
        log?.append(recordOf(namespace, entries, events));
        dispatcher?.enqueue(events);
        saver?.changed();
      },
      observer: dispatcher,
      now: Date.now,
    },
    recovered?.namespaces ?? new Map(),
  );
  if (dataFile !== undefined) {
    saver = new DataFileSaver(
      dataFile,
      () => ({ text: serialize(engine.all()), saved: log?.rotate(dispatcher?.pending() ?? []) }),
      (error) => logger.error(`rtdb: could not save ${dataFile}: ${String(error)}`),
    );
  }
  /**
   * Who may write. While the database stops, only the owner: the functions handling the last
   * trigger events write their results through the Admin SDK.
   */
  let writers: 'all' | 'owner' | 'none' = 'all';
  const acceptsWrites = (identity: Identity) =>
    writers === 'all' || (writers === 'owner' && identity.kind === 'owner');
  const sessions = new Map<WebSocket, Session>();

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
      acceptsWrites,
      durable: () => log?.whenDurable() ?? Promise.resolve(),
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
    if (url.pathname !== '/.ws' || namespace === null || writers === 'none') {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const send = (text: string) => ws.send(text);
      const session = new Session(
        engine.namespace(namespace),
        log === undefined ? send : durableSender(log, send),
        logger,
        acceptsWrites,
      );
      sessions.set(ws, session);
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
      ws.on('close', () => {
        sessions.delete(ws);
        session.close();
      });
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

  /** Closes the connections `which` picks, after the answers to the writes already taken. */
  const disconnect = async (which: (session: Session) => boolean) => {
    await log?.whenDurable();
    const closing = [...sessions].filter(([, session]) => which(session)).map(([ws]) => ws);
    const closed = closing.map(
      (ws) => new Promise<void>((resolve) => ws.once('close', () => resolve())),
    );
    for (const ws of closing) ws.close(1001, 'The database is stopping');
    const patience = setTimeout(() => {
      for (const ws of closing) ws.terminate();
    }, CLOSE_PATIENCE_MS);
    await Promise.all(closed);
    clearTimeout(patience);
  };
  let stopping: Promise<void> | undefined;
  const stopWrites = () =>
    (stopping ??= (async () => {
      writers = 'owner';
      await disconnect((session) => session.identity().kind !== 'owner');
      await dispatcher?.drain(DRAIN_PATIENCE_MS);
    })());

  return {
    host,
    port,
    functionsLoaded: () => void dispatcher?.functionsLoaded(),
    stopWrites,
    close: async () => {
      stopWatching();
      await stopWrites();
      writers = 'none';
      await disconnect(() => true);
      const undelivered = (await dispatcher?.stop()) ?? 0;
      if (log !== undefined && undelivered > 0)
        logger.warn(`rtdb: ${undelivered} trigger events kept for the next start`);
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await saver?.flush();
      await log?.close();
    },
  };
}
