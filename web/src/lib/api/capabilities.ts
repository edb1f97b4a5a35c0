import { useEffect, useState } from 'react';
import { CAPABILITIES_PATH } from '@contracts/api';
import type { Capabilities } from '@contracts/upstream/capabilities';
import { whenIdle } from '@/lib/when-idle';
import type { Logger } from '@/lib/logger';
import { useServices } from '@/lib/services';
import type { ApiClient } from './api-client';

/**
 * What the upstream offers beyond the original API's calls, as the deployment set it in the
 * `api` function's parameters: asked once per page load, signed out too (the sign-in pages carry
 * no query cache). An answer that cannot be had (offline, an older `api` function) reads as the
 * defaults, what the product did before it asked, and is asked again next time.
 */
export function capabilitiesReader(
  api: ApiClient,
  logger: Logger,
  load: () => Promise<CapabilitiesContract> = loadContract,
): () => Promise<Capabilities> {
  let asked: Promise<Capabilities> | undefined;
  const ask = async () => {
    const { capabilitiesSchema, DEFAULT_CAPABILITIES } = await load();
    return api
      .request({ path: CAPABILITIES_PATH, payload: capabilitiesSchema })
      .catch((error: unknown) => {
        logger.warn('Could not read the upstream capabilities; using the defaults', error);
        asked = undefined;
        return DEFAULT_CAPABILITIES;
      });
  };
  return () =>
    (asked ??= ask().catch((error: unknown) => {
      // The contract's chunk did not arrive: there are no defaults to give, so ask again next time.
      asked = undefined;
      throw error;
    }));
}

// The schema loads with the first ask, not with the app: the sign-in page's first load carries no
// zod, and useCapabilities asks only once the page is idle.
const loadContract = () => import('@contracts/upstream/capabilities');
type CapabilitiesContract = Pick<
  Awaited<ReturnType<typeof loadContract>>,
  'capabilitiesSchema' | 'DEFAULT_CAPABILITIES'
>;

/**
 * Undefined until known. Asked once the page is idle: what the answer reveals is optional (a
 * link, a hint), so neither its schema's chunk nor the call may hold up the first screen.
 */
export function useCapabilities(): Capabilities | undefined {
  const { capabilities, logger } = useServices();
  const [known, setKnown] = useState<Capabilities>();
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      capabilities().then(
        (value) => {
          if (live) setKnown(value);
        },
        (error: unknown) => logger.warn('Could not load the capabilities contract', error),
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [capabilities, logger]);
  return known;
}
