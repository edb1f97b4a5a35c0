import net from 'node:net';

/** Every port the local stack listens on. */
export interface StackPorts {
  app: number;
  functions: number;
  auth: number;
  rtdb: number;
  api: number;
  hub: number;
  logging: number;
  /** The Cloud Tasks emulator, which runs the chunks of an alert to everyone. */
  tasks: number;
}

/** The ports `npm start` uses; firebase.json's emulator block holds the same numbers. */
export const DEFAULT_PORTS: StackPorts = {
  app: 5000,
  functions: 5001,
  auth: 9099,
  rtdb: 9000,
  api: 5050,
  hub: 4400,
  logging: 4500,
  tasks: 9499,
};

/** The eight ports from `base` up, for `npm start -- --port <base>`: the app on `base`. */
export function portsFrom(base: number): StackPorts {
  const count = Object.keys(DEFAULT_PORTS).length;
  if (!Number.isInteger(base) || base < 1024 || base + count - 1 > 65_535) {
    throw new RangeError(
      `--port takes a number from 1024 to ${65_535 - count + 1} (the stack uses it and the ${count - 1} above it).`,
    );
  }
  return {
    app: base,
    functions: base + 1,
    auth: base + 2,
    rtdb: base + 3,
    api: base + 4,
    hub: base + 5,
    logging: base + 6,
    tasks: base + 7,
  };
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly role: string,
  ) {
    super(
      `Port ${port} (${role}) is already in use: stop what is using it, then run npm start again.`,
    );
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function assertPortsFree(ports: StackPorts, host = '127.0.0.1'): Promise<void> {
  for (const [role, port] of Object.entries(ports)) {
    if (!(await canListen(port, host))) throw new PortInUseError(port, role);
  }
}

/** Ports the OS says are free now, all distinct (tests run the stack beside a developer's). */
export async function freePorts(): Promise<StackPorts> {
  const servers: net.Server[] = [];
  const take = () =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      servers.push(server);
      server.once('error', reject);
      server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
        const address = server.address();
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  const ports: StackPorts = {
    app: await take(),
    functions: await take(),
    auth: await take(),
    rtdb: await take(),
    api: await take(),
    hub: await take(),
    logging: await take(),
    tasks: await take(),
  };
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
