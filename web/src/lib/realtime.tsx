import { use, type ReactNode } from 'react';
import { AuthProvider, DatabaseProvider, FirebaseAppProvider } from 'reactfire';
import { useServices } from './services';

/**
 * reactfire's providers for a realtime screen (chat, notification history): suspends until the
 * Firebase SDKs have loaded (they are not part of the sign-in page) and Auth knows its user.
 * Import it from a feature page only, so the Database SDK stays out of the first load.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { firebase } = useServices();
  const { app, auth, database } = use(firebase.realtime());
  return (
    <FirebaseAppProvider firebaseApp={app}>
      <AuthProvider sdk={auth}>
        <DatabaseProvider sdk={database}>{children}</DatabaseProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
