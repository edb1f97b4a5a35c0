import * as z from 'zod/mini';
import { readJson, STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';
import type { DemoAuthApi } from '../api/demo-auth';
import type { DemoUser } from '../schemas';

/**
 * Demo auth: login or register stores the token and clears the user, then the
 * profile is requested and stored; logout resets to empty.
 */
export interface DemoAuthState {
  user: DemoUser | undefined;
  authToken: string | undefined;
}

export const initialDemoAuthState: DemoAuthState = { user: undefined, authToken: undefined };

export type DemoAuthAction =
  | { type: '[Login] Action'; authToken: string }
  | { type: '[Register] Action'; authToken: string }
  | { type: '[Load User] Auth API'; user: DemoUser }
  | { type: '[Logout] Action' };

export function demoAuthReducer(state: DemoAuthState, action: DemoAuthAction): DemoAuthState {
  switch (action.type) {
    case '[Login] Action':
    case '[Register] Action':
      return { authToken: action.authToken, user: undefined };
    case '[Load User] Auth API':
      return { ...state, user: action.user };
    case '[Logout] Action':
      return initialDemoAuthState;
  }
}

export interface DemoAuthActions {
  /** Loads the user of a token kept from an earlier visit; a refused token ends the session. */
  restore(): Promise<DemoUser>;
  login(email: string, password: string): Promise<DemoUser>;
  register(input: Parameters<DemoAuthApi['register']>[0]): Promise<DemoUser>;
  logout(): void;
}

/** The client must send the stored token, so `me` asks for the user who just signed in. */
export function demoAuthActions(
  api: DemoAuthApi,
  dispatch: (action: DemoAuthAction) => void,
): DemoAuthActions {
  const loadUser = async () => {
    try {
      const user = await api.me();
      dispatch({ type: '[Load User] Auth API', user });
      return user;
    } catch (error) {
      // As at app load: a token the server refuses ends the demo session.
      dispatch({ type: '[Logout] Action' });
      throw error;
    }
  };
  return {
    restore: loadUser,
    async login(email, password) {
      const { authToken } = await api.login(email, password);
      dispatch({ type: '[Login] Action', authToken });
      return loadUser();
    },
    async register(input) {
      const { authToken } = await api.register(input);
      dispatch({ type: '[Register] Action', authToken });
      return loadUser();
    },
    logout: () => dispatch({ type: '[Logout] Action' }),
  };
}

/**
 * The demo session as kept between visits, under the auth state key: the token only, as the
 * original persisted it; the user is asked for again.
 */
const keptAuthSchema = z.object({ authToken: z.string().check(z.minLength(1)) });

export function keptDemoAuth(storage: KeyValueStorage): DemoAuthState {
  const kept = keptAuthSchema.safeParse(readJson(storage, STORAGE_KEYS.authState));
  return { user: undefined, authToken: kept.success ? kept.data.authToken : undefined };
}

/** Keeps the token of the demo session, or removes it once the session ends. */
export function keepDemoAuth(storage: KeyValueStorage, state: DemoAuthState): void {
  if (state.authToken === undefined) storage.removeItem(STORAGE_KEYS.authState);
  else storage.setItem(STORAGE_KEYS.authState, JSON.stringify({ authToken: state.authToken }));
}
