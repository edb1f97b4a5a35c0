import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ServicesProvider, useServices, type Services } from '@/lib/services';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * sonner is not needed to paint the first screen: its Toaster mounts once the page is idle
 * (toasts raised earlier are replayed when it does).
 */
function IdleToaster() {
  const { theme } = useServices();
  const mode = useSyncExternalStore(theme.subscribe, theme.get, theme.get);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setReady(true));
    return () => cancel(handle);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={mode}
        position="top-right"
        richColors
        closeButton
        // A long server message is one toast whose description lists a line per reason.
        toastOptions={{
          className: 'font-sans',
          classNames: { description: 'whitespace-pre-line' },
        }}
      />
    </Suspense>
  );
}

export function Providers({
  services,
  i18n,
  children,
}: {
  services: Services;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        {children}
        <IdleToaster />
      </I18nextProvider>
    </ServicesProvider>
  );
}
