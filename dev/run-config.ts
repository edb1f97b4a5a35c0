/** The firebase.json a run of the emulators reads: the project's own, made local to this run. */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './build.ts';
import type { StackPorts } from './ports.ts';

const hostingHeaderSchema = z.object({ key: z.string(), value: z.string() });
const firebaseJsonSchema = z.looseObject({
  hosting: z.looseObject({
    public: z.string(),
    headers: z.array(z.looseObject({ source: z.string(), headers: z.array(hostingHeaderSchema) })),
  }),
  functions: z.array(z.looseObject({ source: z.string() })),
  database: z.looseObject({ rules: z.string() }),
  storage: z.looseObject({ rules: z.string() }),
  emulators: z.record(z.string(), z.unknown()),
});

interface RunConfigOptions {
  runDir: string;
  ports: StackPorts;
  upstreamUrl: string;
  officialDatabase: boolean;
  /** More parameters of the functions, written beside UPSTREAM_API_URL. */
  params?: Record<string, string>;
}

/**
 * Writes a firebase.json for this run: the project's own, with this run's ports, the
 * functions' parameters in a per-run env folder, and the Hosting CSP opened to the local
 * emulators (production's CSP stays strict). Hosting serves a copy of web/dist beside it
 * holding emulators.json, so two stacks can run side by side.
 */
export function writeRunConfig({
  runDir,
  ports,
  upstreamUrl,
  officialDatabase,
  params = {},
}: RunConfigOptions): string {
  const config = firebaseJsonSchema.parse(
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')),
  );
  const fromRun = (p: string) => path.relative(runDir, path.join(repoRoot, p));

  const publicDir = path.join(runDir, 'public');
  fs.rmSync(publicDir, { recursive: true, force: true });
  fs.cpSync(path.join(repoRoot, config.hosting.public), publicDir, {
    recursive: true,
    filter: (src) => !path.basename(src).startsWith('.'),
  });
  const local = '127.0.0.1';
  fs.writeFileSync(
    path.join(publicDir, 'emulators.json'),
    JSON.stringify({
      auth: `http://${local}:${ports.auth}`,
      database: { host: local, port: ports.rtdb },
    }),
  );

  const envDir = path.join(runDir, 'env');
  fs.mkdirSync(envDir, { recursive: true });
  fs.writeFileSync(
    path.join(envDir, '.env.local'),
    Object.entries({ UPSTREAM_API_URL: upstreamUrl, ...params })
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );

  const emulatorOrigins = [ports.auth, ports.rtdb]
    .flatMap((p) => [
      `http://${local}:${p}`,
      `ws://${local}:${p}`,
      `http://localhost:${p}`,
      `ws://localhost:${p}`,
    ])
    .join(' ');
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key === 'Content-Security-Policy') {
        header.value = header.value.replace('connect-src', `connect-src ${emulatorOrigins}`);
      }
      // HSTS on http://127.0.0.1 would pin the browser to https for every local port.
      if (header.key === 'Strict-Transport-Security') header.value = 'max-age=0';
    }
  }
  config.hosting.public = 'public';
  config.functions = config.functions.map((f) => {
    const { predeploy: _predeploy, ...rest } = f;
    return { ...rest, source: fromRun(f.source), configDir: 'env' };
  });
  config.database.rules = fromRun(config.database.rules);
  config.storage.rules = fromRun(config.storage.rules);
  const at = (port: number) => ({ host: local, port });
  config.emulators = {
    singleProjectMode: true,
    auth: at(ports.auth),
    functions: at(ports.functions),
    hosting: at(ports.app),
    hub: at(ports.hub),
    logging: at(ports.logging),
    tasks: at(ports.tasks),
    ...(officialDatabase ? { database: at(ports.rtdb) } : {}),
    ui: { enabled: false },
  };
  const file = path.join(runDir, 'firebase.json');
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}
