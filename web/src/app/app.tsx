import { useEffect } from 'react';
import { AppRoutes } from './routes';

/** Rendered with the first screen, so the splash leaves as soon as there is something to see. */
function ReadySignal({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

export function App({ onReady }: { onReady: () => void }) {
  return <AppRoutes ready={<ReadySignal onReady={onReady} />} />;
}
