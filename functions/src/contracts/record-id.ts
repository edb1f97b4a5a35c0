import * as z from 'zod/mini';
import { LIMITS } from './realtime.js';

/** An id the records hold (a user's, a group's, a message's, an alert's), as the rules bound it. */
export const idSchema = z.string().check(z.minLength(1), z.maxLength(LIMITS.id));
