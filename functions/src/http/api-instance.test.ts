import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROXY_LIMITS } from '../handlers/proxy/index.js';
import { api } from './api.js';
import { API_INSTANCE, memoryBytes } from './api-instance.js';

const MIB = 1024 * 1024;

/**
 * The arithmetic of functions/README.md ("Memory"), from what the function is deployed with:
 * the manifest the Firebase CLI reads (`__endpoint`) and the proxy's body limit.
 */
describe('the api function instance', () => {
  // Without a setting, Cloud Run serves 80 requests at once on a whole CPU.
  const PLATFORM_CONCURRENCY = 80;
  // Node, the Functions runtime and firebase-admin in use (loading the modules alone: 72 MiB).
  const BASELINE_BYTES = 192 * MIB;
  // The runtime reads a body in chunks and joins them into rawBody; the spent chunks stay until
  // V8 next collects external memory, so for a while a body is held twice.
  const COPIES_PER_BODY = 2;
  // The last quarter is left for JSON replies read whole (up to 64 MiB, then parsed).
  const SHARE_FOR_BODIES_AND_BASELINE = 0.75;

  it('holds `concurrency` of the largest accepted uploads at once, with room', () => {
    const { availableMemoryMb, concurrency: set } = api.__endpoint;
    // Unset, the manifest holds a reset to the platform's default.
    const concurrency = typeof set === 'number' ? set : PLATFORM_CONCURRENCY;
    expect(typeof availableMemoryMb).toBe('number');
    const memory = Number(availableMemoryMb) * MIB;
    const held = concurrency * COPIES_PER_BODY * PROXY_LIMITS.maxBodyBytes;
    expect(held + BASELINE_BYTES).toBeLessThanOrEqual(memory * SHARE_FOR_BODIES_AND_BASELINE);
  });

  it('gives the benchmark the memory the function is deployed with, as its budget', () => {
    expect(memoryBytes(API_INSTANCE.memory)).toBe(Number(api.__endpoint.availableMemoryMb) * MIB);
  });
});

describe('memoryBytes', () => {
  it('reads mebibytes and gibibytes', () => {
    expect(memoryBytes('512MiB')).toBe(512 * MIB);
    expect(memoryBytes('2GiB')).toBe(2048 * MIB);
  });

  it('refuses anything that is not a whole memory option', () => {
    for (const option of ['x1GiB', '1GiBx', '1.5GiB', '1GB']) {
      expect(() => memoryBytes(option as '1GiB')).toThrow(`Not a memory option: ${option}`);
    }
  });
});

describe('the api function deployment', () => {
  it('is in the region the Hosting rewrite of /api/** sends requests to', () => {
    const hosting = (
      JSON.parse(readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8')) as {
        hosting: {
          rewrites: { source: string; function?: { functionId: string; region: string } }[];
        };
      }
    ).hosting;
    const rewrite = hosting.rewrites.find((entry) => entry.source === '/api/**');
    expect(rewrite?.function?.functionId).toBe('api');
    expect(api.__endpoint.region).toEqual([rewrite?.function?.region]);
  });
});
