import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Server as TcpServer, Socket } from 'node:net';
import { createHash } from 'node:crypto';

/** Listens on a free port; `close` also drops open sockets so tests end promptly. */
export async function listen(
  server: Server | TcpServer,
): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  sha256: string;
}

/** A stand-in upstream: records each request (body read whole) and answers with `respond`. */
export async function startUpstream(
  respond: (seen: SeenRequest, res: ServerResponse) => void | Promise<void>,
) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const entry: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        sha256: createHash('sha256').update(body).digest('hex'),
      };
      seen.push(entry);
      void respond(entry, res);
    });
  });
  return { ...(await listen(server)), seen };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

export interface RawReply {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  text: string;
  json: () => unknown;
}

/**
 * One request with node:http, which sends the path exactly as given (fetch would normalise
 * `..` and backslashes away before they reach the proxy).
 */
export function rawRequest(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: Buffer | string;
  },
): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A server may answer before reading the whole body and close the connection: the writes
    // still queued then fail once the reply is in, when node:http no longer listens on the socket.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    req.end(options.body);
  });
}
