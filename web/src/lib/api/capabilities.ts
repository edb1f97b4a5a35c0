import { useEffect, useState } from 'react';
import { CAPABILITIES_PATH } from '@contracts/api';
import type { Capabilities } from '@contracts/upstream/capabilities';
import type { Logger } from '@/lib/logger';
import { useServices } from '@/lib/services';
import type { ApiClient } from './api-client';

/**
 * What the upstream offers beyond the original API's calls, as the deployment set it in the
 * `api` function's parameters: asked once per page load, signed out too (the sign-in pages carry
 * no query cache). An answer that cannot be had (offline, an older `api` function) reads as the
 * defaults, what the product did before it asked, and is asked again next time.
 */
export function capabilitiesReader(api: ApiClient, logger: Logger): () => Promise<Capabilities> {
  let asked: Promise<Capabilities> | undefined;
  return () =>
    (asked ??= loadContract().then(({ capabilitiesSchema, DEFAULT_CAPABILITIES }) =>
      api
        .request({ path: CAPABILITIES_PATH, payload: capabilitiesSchema })
        .catch((error: unknown) => {
          logger.warn('Could not read the upstream capabilities; using the defaults', error);
          asked = undefined;
          return DEFAULT_CAPABILITIES;
        }),
    ));
}

// The schema loads with the first ask, not with the app: zod stays out of the sign-in page's
// first load.
const loadContract = () => import('@contracts/upstream/capabilities');

/** Undefined until known. */
export function useCapabilities(): Capabilities | undefined {
  const { capabilities } = useServices();
  const [known, setKnown] = useState<Capabilities>();
  useEffect(() => {
    let live = true;
    void capabilities().then((value) => {
      if (live) setKnown(value);
    });
    return () => {
      live = false;
    };
  }, [capabilities]);
  return known;
}
