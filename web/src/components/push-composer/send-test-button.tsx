import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BellRingIcon } from 'lucide-react';
import {
  TEST_PUSH_PATH,
  testPushResultSchema,
  type TestPushBody,
  type TestPushResult,
} from '@contracts/test-push';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorLines, type ApiClient } from '@/lib/api/api-client';
import { webPushConfigured } from '@/lib/push/push';
import { useServices } from '@/lib/services';
import { toast } from '@/lib/toast';

/** POST /api/push/test: the functions send the draft to this admin's own browser only. */
export function sendTestPush(api: ApiClient, draft: TestPushBody): Promise<TestPushResult> {
  return api.request({
    method: 'POST',
    path: TEST_PUSH_PATH,
    body: draft,
    payload: testPushResultSchema,
  });
}

/**
 * "Send test": the composed notification to the signed-in admin's own browser, before anyone
 * else gets it. `prepare` validates the form and returns the draft, or null when it is not
 * ready (its fields then show why). A build without a web push key cannot have a token: the
 * button stays, disabled, and says what to configure.
 */
export function SendTestButton({
  prepare,
  disabled = false,
}: {
  prepare: () => Promise<TestPushBody | null>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('push-composer');
  const services = useServices();
  const hintId = useId();
  const [pending, setPending] = useState(false);
  const configured = useQuery({
    queryKey: ['web-push-configured'],
    queryFn: () => webPushConfigured(services.push),
    staleTime: Infinity,
  });
  const unconfigured = configured.data === false;

  const send = async () => {
    const draft = await prepare();
    if (draft === null) return;
    setPending(true);
    try {
      const result = await sendTestPush(services.api, draft);
      if (result.outcome === 'sent') toast.success(t('TEST.SENT'));
      else if (result.outcome === 'no-token')
        toast.warning(t('TEST.NO_TOKEN'), t('TEST.NO_TOKEN_HINT'));
      else toast.error(t('TEST.REFUSED', { reason: result.reason }));
    } catch (error) {
      toast.error(errorLines(error, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-1 sm:mr-auto">
      <Button
        type="button"
        variant="outline"
        disabled={disabled || pending || unconfigured}
        aria-busy={pending}
        aria-describedby={unconfigured ? hintId : undefined}
        onClick={() => void send()}
      >
        {pending ? <Spinner /> : <BellRingIcon aria-hidden="true" />}
        {t('TEST.BUTTON')}
      </Button>
      {unconfigured ? (
        <p id={hintId} className="max-w-80 text-xs text-muted-foreground">
          {t('TEST.UNCONFIGURED')}
        </p>
      ) : null}
    </div>
  );
}
