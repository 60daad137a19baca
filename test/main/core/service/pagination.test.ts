import { describe, expect, it } from 'vitest';
import { findNextPage, nextPageAfter } from '../../../../src/main/core/service/pagination';
import { getOperation } from '../../../../src/shared/catalogue';

describe('findNextPage', () => {
  it('reads the documented place first', () => {
    expect(findNextPage(getOperation('videosite/search'), { videos: [], continuationToken: 'tok' })).toEqual({ continuationToken: 'tok' });
    expect(findNextPage(getOperation('shortvideo/search'), { cursor: 20, search_item_list: [] })).toEqual({ cursor: '20' });
  });

  it('looks at known places where the spec shows none', () => {
    expect(findNextPage(getOperation('photoshare/user/reels'), { items: [], paging_info: { max_id: 'm2', more_available: true } })).toEqual(
      { max_id: 'm2' },
    );
    expect(findNextPage(getOperation('shortvideo/search/hashtag'), { aweme_list: [], cursor: 30, has_more: 1 })).toEqual({ cursor: '30' });
  });

  it('needs every value of a multi-value page', () => {
    const reels = getOperation('socialnet/user/reels');
    expect(findNextPage(reels, { next_page_id: 'p2', cursor: 'c2' })).toEqual({ next_page_id: 'p2', cursor: 'c2' });
    expect(findNextPage(reels, { next_page_id: 'p2' })).toBeNull();
  });

  it('offers no next page when there is none, or the response says so', () => {
    expect(findNextPage(getOperation('videosite/search'), { videos: [] })).toBeNull();
    expect(findNextPage(getOperation('videosite/search'), { continuationToken: '' })).toBeNull();
    expect(findNextPage(getOperation('shortvideo/search/hashtag'), { cursor: 30, has_more: 0 })).toBeNull();
    expect(findNextPage(getOperation('videosite/video'), { continuationToken: 'x' })).toBeNull();
  });

  it('reads has_next_page false as the end, even beside a stale value', () => {
    const reels = getOperation('socialnet/user/reels');
    expect(findNextPage(reels, { next_page_id: 'p2', cursor: 'c2', has_next_page: false })).toBeNull();
    expect(findNextPage(reels, { next_page_id: 'p2', cursor: 'c2', has_next_page: true })).toEqual({ next_page_id: 'p2', cursor: 'c2' });
    expect(
      findNextPage(getOperation('photoshare/user/reels'), { items: [], end_cursor: 'e9', page_info: { has_next_page: false } }),
    ).toBeNull();
    expect(findNextPage(getOperation('shortvideo/search/hashtag'), { aweme_list: [], cursor: 30, hasNextPage: false })).toBeNull();
    expect(findNextPage(getOperation('videosite/search'), { continuationToken: 'tok', pageInfo: { hasNextPage: false } })).toBeNull();
  });
});

describe('nextPageAfter', () => {
  const reels = getOperation('socialnet/user/reels');

  it('offers no next page that is the one just asked for, and says why', () => {
    expect(nextPageAfter(getOperation('shortvideo/search'), { cursor: 20 }, { query: 'x', cursor: '20' })).toEqual({
      nextPage: null,
      warnings: [
        'The service gave the same next-page value (cursor) as the request for this page, so no further page is asked for: the listing may end here.',
      ],
    });
    expect(nextPageAfter(reels, { next_page_id: 'p2', cursor: 'c2' }, { url: 'u', next_page_id: 'p2', cursor: 'c2' })).toMatchObject({
      nextPage: null,
      warnings: [expect.stringContaining('same next-page values (next_page_id, cursor)')],
    });
  });

  it('follows a page that moves on, even when one of its values stays', () => {
    expect(nextPageAfter(getOperation('shortvideo/search'), { cursor: 40 }, { query: 'x', cursor: '20' })).toEqual({
      nextPage: { cursor: '40' },
      warnings: [],
    });
    expect(nextPageAfter(reels, { next_page_id: 'p2', cursor: 'c3' }, { url: 'u', next_page_id: 'p2', cursor: 'c2' })).toEqual({
      nextPage: { next_page_id: 'p2', cursor: 'c3' },
      warnings: [],
    });
    // The first page sent no page value at all.
    expect(nextPageAfter(getOperation('shortvideo/search'), { cursor: 20 }, { query: 'x' })).toEqual({
      nextPage: { cursor: '20' },
      warnings: [],
    });
    expect(nextPageAfter(getOperation('videosite/video'), {}, { url: 'u' })).toEqual({ nextPage: null, warnings: [] });
  });
});
