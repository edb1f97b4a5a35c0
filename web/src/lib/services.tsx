import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { Capabilities } from '@contracts/upstream/capabilities';
import type { ApiClient } from './api/api-client';
import type { FirebaseRuntime } from './firebase/runtime';
import type { LeaveGuard } from './leave-guard/leave-guard';
import type { Logger } from './logger';
import type { PushDeps } from './push/push';
import type { RealtimeSession, RealtimeSessionStore } from './realtime/session';
import type { Session, SessionStore } from './session/session';
import type { KeyValueStorage } from './storage';
import type { ThemeStore } from './theme';

/**
 * Everything with side effects that components need, made once in `app/` and handed down, so
 * a test can hand down fakes instead.
 */
export interface Services {
  storage: KeyValueStorage;
  session: SessionStore;
  api: ApiClient;
  /** What the upstream offers beyond the original API's calls (lib/api/capabilities.ts). */
  capabilities: () => Promise<Capabilities>;
  firebase: FirebaseRuntime;
  /** Whether the Firebase session of the realtime screens is there, and why not when it is not. */
  realtimeSession: RealtimeSessionStore;
  push: PushDeps;
  logger: Logger;
  theme: ThemeStore;
  /** Asks before a screen holding unsaved work is left; the router consults it. */
  leaveGuard: LeaveGuard;
  /** The incoming-push chime (at most 5 s). */
  alertSound: { play(): Promise<boolean> };
  /**
   * Ends the session and clears local storage; the guard then shows /auth/login. Safe to call
   * twice.
   */
  signOut(): Promise<void>;
  /**
   * Runs the listener at the start of each sign-out, while the session token is still there
   * (e.g. to send deletes still waiting out their Undo). Returns what removes it.
   */
  beforeSignOut(listener: () => void): () => void;
  /** Reloads the page (a language or layout change applies everywhere at once). */
  reload(): void;
  now(): number;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesProvider>');
  return services;
}

export function useApi(): ApiClient {
  return useServices().api;
}

/** The current session (null when signed out), re-rendering on sign-in, update and sign-out. */
export function useSession(): Session | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The Firebase session of the realtime screens, re-rendering when it comes or goes. */
export function useRealtimeSession(): RealtimeSession {
  const { realtimeSession } = useServices();
  return useSyncExternalStore(realtimeSession.subscribe, realtimeSession.get, realtimeSession.get);
}
