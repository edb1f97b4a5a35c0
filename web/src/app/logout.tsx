import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useServices, useSession } from '@/lib/services';
import { PageFallback } from './fallbacks';
import { LOGIN_PATH } from './guards';

/** /logout signs out, then lands on /auth/login. */
export function Logout() {
  const services = useServices();
  const session = useSession();
  useEffect(() => {
    if (session) void services.signOut();
  }, [services, session]);
  if (!session) return <Redirect to={LOGIN_PATH} replace />;
  return <PageFallback fullScreen />;
}
