import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './load-runtime';
import { silentLogger } from '../logger';

const webConfig = { apiKey: 'fake-api-key', projectId: 'demo-fuel-community', extra: 'dropped' };

function fetchFrom(files: Record<string, unknown>) {
  return vi.fn<typeof fetch>(async (input) => {
    const body = files[String(input)];
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200 });
  });
}

describe('the Firebase config at run time', () => {
  it('reads /__/firebase/init.json and, on a deployed host, nothing else', async () => {
    const fetchImpl = fetchFrom({ '/__/firebase/init.json': webConfig });
    const config = await loadRuntimeConfig({
      fetch: fetchImpl,
      hostname: 'admin.example.com',
      logger: silentLogger,
    });
    expect(config).toEqual({
      firebase: { apiKey: 'fake-api-key', projectId: 'demo-fuel-community' },
      emulators: {},
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('on localhost also reads /emulators.json', async () => {
    const emulators = {
      auth: 'http://127.0.0.1:9099',
      database: { host: '127.0.0.1', port: 9000 },
    };
    const config = await loadRuntimeConfig({
      fetch: fetchFrom({ '/__/firebase/init.json': webConfig, '/emulators.json': emulators }),
      hostname: '127.0.0.1',
      logger: silentLogger,
    });
    expect(config.emulators).toEqual(emulators);
  });

  it('tolerates a missing /emulators.json', async () => {
    const config = await loadRuntimeConfig({
      fetch: fetchFrom({ '/__/firebase/init.json': webConfig }),
      hostname: 'localhost',
      logger: silentLogger,
    });
    expect(config.emulators).toEqual({});
  });

  it('fails without a usable web config', async () => {
    await expect(
      loadRuntimeConfig({ fetch: fetchFrom({}), hostname: 'localhost', logger: silentLogger }),
    ).rejects.toThrow();
    await expect(
      loadRuntimeConfig({
        fetch: fetchFrom({ '/__/firebase/init.json': { projectId: 'p' } }),
        hostname: 'example.com',
        logger: silentLogger,
      }),
    ).rejects.toThrow();
  });
});
