// `npm run backfill:chat-counts -w functions`: counts the chat history written before the
// message counter was deployed (functions/README.md, "The message count"). It reaches the
// database FIREBASE_CONFIG names with the application default credentials, or the emulator
// FIREBASE_DATABASE_EMULATOR_HOST points at.
import { adminDb } from '../adapters/firebase.js';
import { backfillChatCounts } from '../handlers/counts/index.js';
import { claimDeps } from '../triggers/push-options.js';

const result = await backfillChatCounts({ db: adminDb(), ...claimDeps() });
process.stdout.write(
  `${result.groups} groups read, ${result.counted} messages added to their counts\n`,
);
process.exit(0);
