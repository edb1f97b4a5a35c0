// What the rest of the functions may use of this flow.
export { isMirrorRoute, mirrorActionFor } from './mirror-routes.js';
export type { MirrorRequest } from './mirror-routes.js';
export { applyMirrorAction, syncUsers } from './user-mirror.js';
export type { MirrorDeps } from './user-mirror.js';
