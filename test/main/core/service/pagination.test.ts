import { describe, expect, it } from 'vitest';
import { findNextPage } from '../../../../src/main/core/service/pagination';
import { getOperation } from '../../../../src/shared/catalogue';

describe('findNextPage', () => {
  it('reads the documented place first', () => {
    expect(findNextPage(getOperation('videosite/search'), { videos: [], continuationToken: 'tok' })).toEqual({ continuationToken: 'tok' });
    expect(findNextPage(getOperation('shortvideo/search'), { cursor: 20, search_item_list: [] })).toEqual({ cursor: '20' });
  });

  it('looks at known places where the spec shows none', () => {
    expect(findNextPage(getOperation('photoshare/user/reels'), { items: [], paging_info: { max_id: 'm2', more_available: true } })).toEqual({ max_id: 'm2' });
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
});
