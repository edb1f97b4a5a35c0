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
