import { heldReplySchema, type HeldReply } from '@contracts/changes/changes';

/** A 202's payload when the server held the change for a second admin; null for any other. */
export function heldIn(payload: unknown): HeldReply['held'] | null {
  const reply = heldReplySchema.safeParse(payload);
  return reply.success ? reply.data.held : null;
}
