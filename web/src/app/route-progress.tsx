import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ROUTE_PROGRESS_INTERVAL_MS, ROUTE_PROGRESS_STEP } from '@/lib/constants';

/**
 * A route change scrolls to the top and shows a short progress bar that
 * climbs in steps of 10 every 30 ms up to 100.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [progress, setProgress] = useState<number | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    let value = 0;
    setProgress(0);
    const timer = window.setInterval(() => {
      value = Math.min(100, value + ROUTE_PROGRESS_STEP);
      setProgress(value);
      if (value >= 100) {
        window.clearInterval(timer);
        window.setTimeout(() => setProgress(null), 150);
      }
    }, ROUTE_PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [location]);

  if (progress === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('LAYOUT.PAGE_LOADING')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      data-testid="route-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[400] h-0.5"
    >
      <div
        className="h-full bg-primary shadow-[0_0_8px_var(--color-primary)] transition-[width] duration-[30ms] ease-linear"
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}
