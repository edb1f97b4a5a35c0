import { isApiError } from '@/lib/api/api-client';
import { PUSH_TOKEN_TIMEOUT_MS } from '@/lib/constants';
import { requestDeviceToken } from '@/lib/push/push';
import type { Services } from '@/lib/services';
import { login } from './api/login';
import type { LoginInput } from './schemas';
import { isAdminLogin, startSession } from './sign-in';

// The toast helper comes with the flow: the sign-in page needs it only once it is submitted.
export { toast } from '@/lib/toast';

export type LoginOutcome = 'signed-in' | 'rejected' | 'failed';

/**
 * The whole sign-in (docs/product.md, "Sessions"), loaded when the form is first used: the push
 * token (time boxed, '' without), POST /api/login, then the session. Only an admin gets in, with a Firebase
 * token or the API's word on why there is none; the API refuses anyone else, and so does this.
 */
export async function submitLogin(
  services: Services,
  values: LoginInput,
  onRealtimeUnavailable: () => void,
): Promise<LoginOutcome> {
  const deviceToken = requestDeviceToken(services.push, PUSH_TOKEN_TIMEOUT_MS);
  const deviceId = await deviceToken.soon;
  let payload;
  try {
    payload = await login(services.api, { ...values, device_id: deviceId });
  } catch (error) {
    return isApiError(error) && error.kind === 'rejected' ? 'rejected' : 'failed';
  }
  if (!isAdminLogin(payload)) return 'rejected';
  void startSession(
    {
      session: services.session,
      firebase: services.firebase,
      realtimeSession: services.realtimeSession,
      logger: services.logger,
      now: services.now,
      onRealtimeUnavailable,
    },
    payload,
    deviceId,
    deviceToken.eventually,
  );
  return 'signed-in';
}
