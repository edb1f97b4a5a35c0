import { onRequest } from 'firebase-functions/v2/https';
import { defineString } from 'firebase-functions/params';
const UPSTREAM = defineString('UPSTREAM_API_URL');
export const api = onRequest((req, res) => { res.json({ upstream: UPSTREAM.value(), path: req.path, env: process.env.FIREBASE_DATABASE_EMULATOR_HOST ?? null }); });
