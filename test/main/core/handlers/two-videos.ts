import { afterEach, beforeEach } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { fakeResponse } from '../../../helpers/library';

/** Two video-site videos stored through the real ingest path, with the real normaliser. */
export const TWO_VIDEOS = {
  videos: [
    {
      type: 'video',
      id: 'aaaaaaaaaa1',
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
      title: 'Harbour flooding explained',
      channel: { id: 'UC1', title: 'Port News', handle: '@portnews' },
      viewCountInt: 1200,
    },
    {
      type: 'video',
      id: 'bbbbbbbbbb2',
      url: 'https://www.youtube.com/watch?v=bbbbbbbbbb2',
      title: 'Dry summer in Spain',
      channel: { id: 'UC2', title: 'Iberia', handle: '@iberia' },
      viewCountInt: 90,
    },
  ],
  channels: [],
  playlists: [],
  shorts: [],
  continuationToken: 'x',
};

/**
 * A fresh core per test holding the two videos: `ids()` gives their item ids, `call` dispatches a
 * bridge method as a transport would.
 */
export function coreWithTwoVideos() {
  let testCore: TestCore;
  let itemIds: number[] = [];
  beforeEach(() => {
    testCore = createTestCore();
    itemIds = testCore.core.context.ingest(fakeResponse('videosite/search', TWO_VIDEOS, { params: { query: 'water' } })).itemIds;
  });
  afterEach(async () => testCore.dispose());
  return {
    ids: () => itemIds,
    call: (method: string, input: unknown) => testCore.core.dispatch(method, input),
  };
}
