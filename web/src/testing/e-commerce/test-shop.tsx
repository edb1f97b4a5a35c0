import { Suspense } from 'react';
import { Route } from 'wouter';
import type { KeyValueStorage } from '@/lib/storage';
import { renderApp } from '@/testing/render';
import { createShopBackend } from '@/template/e-commerce/mock/backend';
import { createSampleData } from '@/template/e-commerce/mock/sample-data';
import type { MockFetch, MockReply, MockRequest } from '@/template/e-commerce/mock/server';
import { createShop, ShopProvider } from '@/template/e-commerce/state/shop';
import { ShopRoutes } from '@/template/e-commerce/components/shop-routes';

export interface TestShopOptions {
  /** Answers a request instead of the mock server (undefined: the server answers). */
  intercept?: (request: MockRequest) => MockReply | undefined;
  /** Where the demo session is kept between visits (none: it is not kept). */
  storage?: KeyValueStorage;
}

/**
 * The shop as /e-commerce shows it, over the real mock endpoints without their delay; every
 * request is recorded, and `hold()` keeps the next ones waiting until released.
 */
export async function renderShop(path: string, options: TestShopOptions = {}) {
  const requests: MockRequest[] = [];
  let held: Promise<void> | null = null;
  let release = () => {};
  const server = createShopBackend(createSampleData(), {
    now: () => Date.UTC(2025, 0, 15, 20),
    newToken: () => 'test-token',
    delayMs: 0,
    sleep: () => held ?? Promise.resolve(),
  });
  const fetch: MockFetch = (request) => {
    requests.push(request);
    const answer = options.intercept?.(request);
    return answer ? (held ?? Promise.resolve()).then(() => answer) : server(request);
  };
  const shop = createShop(fetch, options.storage);
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <Route path="/e-commerce" nest>
        <ShopProvider shop={shop}>
          <ShopRoutes />
        </ShopProvider>
      </Route>
    </Suspense>,
    { path },
  );
  return {
    ...rendered,
    shop,
    requests,
    hold() {
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return () => release();
    },
  };
}
