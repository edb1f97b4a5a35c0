import * as z from 'zod/mini';
import { sessionUserSchema } from '@contracts/upstream/upstream';
import { readJson, STORAGE_KEYS, type KeyValueStorage } from '../storage';

/** The signed-in user as stored under `userDetails`: the API's user plus the push token. */
export const storedUserSchema = z.extend(sessionUserSchema, {
  deviceToken: z._default(z.string(), ''),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

export interface Session {
  token: string;
  user: StoredUser;
  /** 'restored' when read from storage at page load (it is then re-checked with the API). */
  origin: 'restored' | 'signed-in';
}

/** The session kept in local storage, if both keys hold something valid. */
export function readStoredSession(storage: KeyValueStorage): Session | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  if (!token) return null;
  const user = storedUserSchema.safeParse(readJson(storage, STORAGE_KEYS.user));
  return user.success ? { token, user: user.data, origin: 'restored' } : null;
}
