import { describe, expect, it } from 'vitest';
import { remotePageItems } from './remote-paging';

describe('the page numbers of a remotely paged table', () => {
  it('marks the gaps between the pages that can be reached', () => {
    expect(remotePageItems([0, 4, 5, 6, 19])).toEqual([1, 'gap-start', 5, 6, 7, 'gap-end', 20]);
    expect(remotePageItems([0, 1, 9])).toEqual([1, 2, 'gap-end', 10]);
    expect(remotePageItems([0, 1, 2])).toEqual([1, 2, 3]);
    expect(remotePageItems([0, 8, 9])).toEqual([1, 'gap-start', 9, 10]);
    expect(remotePageItems([0])).toEqual([1]);
  });
});
