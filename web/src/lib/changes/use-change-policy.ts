import { policyOf, type ChangePolicy, type ChangePolicyInput } from '@contracts/changes';
import { useLive, type Live, type Watch } from './live';

const POLICY: Watch<ChangePolicy | null> = (store, _key, tell, failed) =>
  store.watchPolicy(tell, failed);

/**
 * The policy, live: `policy` is what it stands for (the defaults while none is stored, and
 * while it is not known yet: pushes to everyone are held until the database says otherwise).
 */
export function useChangePolicy(): {
  live: Live<ChangePolicy | null>;
  policy: ChangePolicyInput;
  retry: () => void;
} {
  const { live, retry } = useLive(POLICY, 'policy');
  return { live, policy: policyOf(live.status === 'ready' ? live.value : null), retry };
}
