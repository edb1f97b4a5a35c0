/**
 * The screen of the changes held for a second admin: its route, and where a push just sent for
 * approval leads. On its own so the route table imports no more than this.
 */
export const APPROVALS_PATH = '/approvals';
