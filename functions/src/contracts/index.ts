export * from './envelope.js';
export * from './upstream.js';
export * from './realtime.js';
export * from './api.js';
export * from './audit.js';
export * from './audience.js';
export * from './test-push.js';
export * from './scheduled.js';
