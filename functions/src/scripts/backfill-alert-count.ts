// `npm run backfill:alert-count -w functions`: counts the notification history written before
// the alert counter was deployed (functions/README.md, "The alert count"). It reaches the
// database FIREBASE_CONFIG names with the application default credentials, or the emulator
// FIREBASE_DATABASE_EMULATOR_HOST points at.
import { adminDb } from '../adapters/firebase.js';
import { backfillAlertCount } from '../handlers/counts/index.js';
import { claimDeps } from '../triggers/push-options.js';

const counted = await backfillAlertCount({ db: adminDb(), ...claimDeps() });
process.stdout.write(`${counted} alerts added to the count\n`);
process.exit(0);
