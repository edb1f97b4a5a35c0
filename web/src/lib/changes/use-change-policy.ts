import { policyOf, type ChangePolicy, type ChangePolicySettings } from '@contracts/changes/changes';
import { useLive, type Live, type Watch } from './live';

const POLICY: Watch<ChangePolicy | null> = (store, _key, tell, failed) =>
  store.watchPolicy(tell, failed);

/**
 * The policy, live: `policy` is what it stands for (the defaults while none is stored, and
 * while it is not known yet: pushes to everyone are held until the database says otherwise).
 * Followed only while `wanted` (a screen that may not need it reads nothing).
 */
export function useChangePolicy(wanted = true): {
  live: Live<ChangePolicy | null>;
  policy: ChangePolicySettings;
  retry: () => void;
} {
  const { live, retry } = useLive(POLICY, wanted ? 'policy' : null);
  return { live, policy: policyOf(live.status === 'ready' ? live.value : null), retry };
}
