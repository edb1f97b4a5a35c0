import { describe, expect, it } from 'vitest';
import { keptFilesNotices } from './delete-message';

describe('the files a deleted message leaves', () => {
  it('says nothing when every file it named went with it', () => {
    expect(keptFilesNotices({ filesDeleted: ['42', '41'], filesKept: [] })).toEqual([]);
  });

  it('says once for each reason why files were kept', () => {
    expect(
      keptFilesNotices({
        filesDeleted: [],
        filesKept: [
          { id: '12', reason: 'shared' },
          { id: '13', reason: 'not-its-own' },
          { id: '14', reason: 'failed' },
          { id: '15', reason: 'shared' },
        ],
      }),
    ).toEqual(['FILES_KEPT_SHARED', 'FILES_KEPT_NOT_OWN', 'FILES_LEFT']);
  });
});
