import type { ChatMessageDeletePayload } from '@contracts/api-replies';

/** What the admin is told about the files a deleted message named, one line per reason. */
export type KeptFilesNotice = 'FILES_KEPT_SHARED' | 'FILES_KEPT_NOT_OWN' | 'FILES_LEFT';

const NOTICE: Record<ChatMessageDeletePayload['filesKept'][number]['reason'], KeptFilesNotice> = {
  shared: 'FILES_KEPT_SHARED',
  'not-its-own': 'FILES_KEPT_NOT_OWN',
  failed: 'FILES_LEFT',
};

export function keptFilesNotices(outcome: ChatMessageDeletePayload): KeptFilesNotice[] {
  return [...new Set(outcome.filesKept.map(({ reason }) => NOTICE[reason]))];
}
