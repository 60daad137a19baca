import { describe, it, expect } from 'vitest';
import { normaliseSocialnet } from '../../../../../src/main/core/platforms/socialnet/normalise';
import { metrics } from '../helpers';

const PAGE = { url: 'https://www.facebook.com/NASA/reels/' };
const PAGE_AUTHOR = { name: null, handle: null, id: null, url: 'https://www.facebook.com/NASA' };

/** One reel with the fields the spec shows. */
const reel = {
  post_id: '1234567890123456',
  like_count: 800,
  comment_count: 45,
  share_count: 12,
  view_count: 56000,
  description: 'Launch day! 🚀',
  video_url: 'https://video.example/reel.mp4',
};

const expected = {
  platform: 'socialnet',
  kind: 'reel',
  nativeId: '1234567890123456',
  url: null,
  title: null,
  text: 'Launch day! 🚀',
  author: PAGE_AUTHOR,
  publishedAt: null,
  publishedText: null,
  durationMs: null,
  thumbnailUrl: null,
  metrics: metrics({ views: 56000, likes: 800, comments: 45, shares: 12 }),
  extras: { mediaUrl: 'https://video.example/reel.mp4' },
};

describe('socialnet page reels (layout not shown)', () => {
  it('reads data that is itself one reel, mapping every documented field', () => {
    const result = normaliseSocialnet('socialnet/user/reels', { ...reel, next_page_id: 'p2', cursor: 'c2' }, PAGE);
    expect(result).toEqual({ items: [{ ...expected, sourcePath: '' }], transcripts: [], warnings: [] });
  });

  it('reads a list of reels under a known key, with numeric strings', () => {
    const second = { ...reel, post_id: '2', like_count: '9', view_count: 'lots' };
    const result = normaliseSocialnet('socialnet/user/reels', { reels: [reel, second], next_page_id: 'p2', cursor: 'c2' }, PAGE);
    expect(result.warnings).toEqual([]);
    expect(result.items[0]).toEqual({ ...expected, sourcePath: 'reels[0]' });
    expect(result.items[1]).toMatchObject({
      nativeId: '2',
      metrics: metrics({ likes: 9, comments: 45, shares: 12 }),
      sourcePath: 'reels[1]',
    });
  });

  it('reads data that is a list, and unwraps { node } entries', () => {
    const list = normaliseSocialnet('socialnet/user/reels', [reel], PAGE);
    expect(list.items[0]?.sourcePath).toBe('[0]');
    const edges = normaliseSocialnet('socialnet/user/reels', { edges: [{ node: reel }, { node: { ...reel, post_id: '3' } }] }, PAGE);
    expect(edges.items.map((item) => [item.nativeId, item.sourcePath])).toEqual([
      ['1234567890123456', 'edges[0].node'],
      ['3', 'edges[1].node'],
    ]);
  });

  it('finds reels deeper in the response', () => {
    const result = normaliseSocialnet(
      'socialnet/user/reels',
      { page: { tab: { reel_list: [reel] } }, page_info: { next_page_id: 'x' } },
      PAGE,
    );
    expect(result.items).toEqual([{ ...expected, sourcePath: 'page.tab.reel_list[0]' }]);
  });

  it('looks past an empty or unrelated list met first for the list that holds the reels', () => {
    const behindEmpty = normaliseSocialnet('socialnet/user/reels', { results: [], data: { reels: { edges: [{ node: reel }] } } }, PAGE);
    expect(behindEmpty.items).toEqual([{ ...expected, sourcePath: 'data.reels.edges[0].node' }]);
    const behindOther = normaliseSocialnet('socialnet/user/reels', { items: [{ kind: 'banner' }], reels: [reel] }, PAGE);
    expect(behindOther.items).toEqual([{ ...expected, sourcePath: 'reels[0]' }]);
    // A page with only empty lists has no reels, and says nothing is wrong.
    expect(normaliseSocialnet('socialnet/user/reels', { reels: [], page_info: {} }, PAGE)).toMatchObject({ items: [], warnings: [] });
  });

  it('uses the reel’s own URL and author when given', () => {
    const own = {
      ...reel,
      url: 'https://www.facebook.com/reel/998877',
      author: { name: 'NASA', id: '54971236771' },
      thumbnail: 'https://scontent.example/t.jpg',
      creation_time: 1700000000,
    };
    const [item] = normaliseSocialnet('socialnet/user/reels', { reels: [own] }, PAGE).items;
    expect(item).toMatchObject({
      url: 'https://www.facebook.com/reel/998877',
      author: { name: 'NASA', handle: null, id: '54971236771', url: null },
      thumbnailUrl: 'https://scontent.example/t.jpg',
      publishedAt: '2023-11-14T22:13:20.000Z',
    });
  });

  it('keeps object entries with nothing known and reports garbage', () => {
    const result = normaliseSocialnet('socialnet/user/reels', { reels: [reel, {}, 'x', null] }, {});
    expect(result.items).toHaveLength(2);
    expect(result.items[1]).toMatchObject({ nativeId: null, text: null, author: { name: null, handle: null, id: null, url: null } });
    expect(result.warnings).toEqual(['2 of 4 records in reels could not be read.']);
  });

  it('says so when no reels are found', () => {
    expect(normaliseSocialnet('socialnet/user/reels', { message: 'nothing' }, PAGE).warnings).toEqual([
      'No reels were found in the response.',
    ]);
    expect(normaliseSocialnet('socialnet/user/reels', null, PAGE).warnings).toHaveLength(1);
  });
});
