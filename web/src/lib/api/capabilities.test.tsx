import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as contract from '@contracts/upstream/capabilities';
import { silentLogger } from '@/lib/logger';
import { ServicesProvider } from '@/lib/services';
import { envelope, fakeServices } from '@/testing/fakes';
import { capabilitiesReader, useCapabilities } from './capabilities';

const offered = { ...contract.DEFAULT_CAPABILITIES, registration: false };

describe('capabilitiesReader', () => {
  it('asks the server once and shares the answer', async () => {
    const { api, fetch } = fakeServices({ fetch: () => envelope(offered) });
    const read = capabilitiesReader(api, silentLogger);
    await expect(read()).resolves.toEqual(offered);
    await expect(read()).resolves.toEqual(offered);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads a failed call as the defaults and asks again next time', async () => {
    const { api, fetch } = fakeServices({ fetch: () => new Response('', { status: 502 }) });
    const read = capabilitiesReader(api, silentLogger);
    await expect(read()).resolves.toEqual(contract.DEFAULT_CAPABILITIES);
    await expect(read()).resolves.toEqual(contract.DEFAULT_CAPABILITIES);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects when the contract chunk cannot load, and loads it again on the next ask', async () => {
    const { api } = fakeServices({ fetch: () => envelope(offered) });
    const load = vi
      .fn<() => Promise<typeof contract>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(contract);
    const read = capabilitiesReader(api, silentLogger, load);
    await expect(read()).rejects.toThrow('dynamically imported');
    await expect(read()).resolves.toEqual(offered);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useCapabilities', () => {
  function renderWith(capabilities: () => Promise<contract.Capabilities>) {
    const services = {
      ...fakeServices(),
      capabilities,
      logger: { ...silentLogger, warn: vi.fn() },
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServicesProvider services={services}>{children}</ServicesProvider>
    );
    return { services, ...renderHook(() => useCapabilities(), { wrapper }) };
  }

  it('gives the answer once the page has been idle', async () => {
    const { result } = renderWith(() => Promise.resolve(offered));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual(offered));
  });

  it('stays unknown and warns when the answer cannot be had', async () => {
    const { result, services } = renderWith(() => Promise.reject(new TypeError('offline')));
    await waitFor(() => expect(services.logger.warn).toHaveBeenCalledTimes(1));
    expect(result.current).toBeUndefined();
  });
});
