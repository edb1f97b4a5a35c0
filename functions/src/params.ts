import { defineInt, defineString } from 'firebase-functions/params';

/**
 * Deployment parameters (functions/.env.example). No value lives in code: locally the stack
 * writes them to a .env file; in a project, `functions/.env.<project-id>`.
 */
export const upstreamApiUrl = defineString('UPSTREAM_API_URL', {
  description: 'Base URL of the upstream REST API, e.g. https://api.example.com/api',
});

export const upstreamTimeoutSeconds = defineInt('UPSTREAM_TIMEOUT_SECONDS', {
  default: 30,
  description: 'How long the api function waits for the upstream to answer before a 504',
});

export const pushChunkUsers = defineInt('PUSH_CHUNK_USERS', {
  default: 10_000,
  description:
    'Users per chunk of an alert to everyone (up to ten devices each): the alert trigger sends the first chunk, the pushAlertChunk task queue the rest',
});
