import { useState } from 'react';
import { useServices } from '@/lib/services';
import { ShopRoutes } from './components/shop-routes';
import { createShopBackend } from './mock/backend';
import { createSampleData } from './mock/sample-data';
import { createShop, ShopProvider } from './state/shop';

/** A random token for a user who registers with the mock auth. */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `access-token-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * /e-commerce: the template's demo shop. Its mock endpoints run inside the page (300 ms delay)
 * over fresh sample data on each visit.
 */
export function ECommercePage() {
  const { now, storage } = useServices();
  const [shop] = useState(() =>
    createShop(createShopBackend(createSampleData(), { now, newToken: randomToken }), storage),
  );
  return (
    <ShopProvider shop={shop}>
      <ShopRoutes />
    </ShopProvider>
  );
}
