import { type FileBases, parseFileBases } from '../contracts/index.js';
import { upstreamApiUrl, upstreamFileOrigins } from '../params.js';
import { parseUpstreamUrl } from '../upstream-url.js';

/** Where the upstream keeps files, for push images; undefined when the parameters are unusable. */
export function upstreamFileBases(): FileBases | undefined {
  try {
    return parseFileBases(upstreamFileOrigins.value(), parseUpstreamUrl(upstreamApiUrl.value()));
  } catch {
    return undefined;
  }
}
