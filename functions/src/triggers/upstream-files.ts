import { parseUpstreamUrl } from '../handlers/proxy/index.js';
import { upstreamApiUrl } from '../params.js';

/** The upstream origin for push images, or undefined when UPSTREAM_API_URL is unusable. */
export function upstreamOrigin(): string | undefined {
  try {
    return parseUpstreamUrl(upstreamApiUrl.value()).origin;
  } catch {
    return undefined;
  }
}
