// What the rest of the functions may use of this flow.
export { applyMirrorAction, isMirrorRoute, mirrorActionFor, syncUsers } from './user-mirror.js';
export type { MirrorDeps, MirrorRequest } from './user-mirror.js';
