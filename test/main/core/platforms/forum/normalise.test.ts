import { describe, it, expect } from 'vitest';
import { normaliseForum } from '../../../../../src/main/core/platforms/forum/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

/** A post item as the spec shows it. */
const post = {
  id: 't3_1abcde',
  title: 'How do I calibrate my telescope?',
  url: 'https://www.reddit.com/r/telescopes/comments/1abcde/how_do_i_calibrate_my_telescope/',
  subreddit: { id: 't5_2qh87', name: 'telescopes' },
};

describe('forum subreddit search: posts', () => {
  it('maps every field of a post; the community is not the author', () => {
    const result = normaliseForum('forum/subreddit/search', { posts: [post] }, { subreddit: 'telescopes' });
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'forum',
        kind: 'post',
        nativeId: 't3_1abcde',
        url: 'https://www.reddit.com/r/telescopes/comments/1abcde',
        title: 'How do I calibrate my telescope?',
        text: null,
        author: NO_AUTHOR,
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics(),
        extras: { communityName: 'telescopes', communityId: 't5_2qh87' },
        sourcePath: 'posts[0]',
      },
    ]);
  });

  it('gives one post one address, whichever form of its link a response carries', () => {
    const forms = [
      post.url,
      'https://old.reddit.com/r/telescopes/comments/1abcde/how_do_i_calibrate_my_telescope/',
      'https://www.reddit.com/gallery/1abcde',
      'https://example.com/shared-article',
      undefined,
    ];
    const urls = forms.map(
      (url) => normaliseForum('forum/subreddit/search', { posts: [{ ...post, url }] }, { subreddit: 'telescopes' }).items[0]?.url,
    );
    expect(new Set(urls)).toEqual(new Set(['https://www.reddit.com/r/telescopes/comments/1abcde']));
    // Without its community, the id alone still makes an address on the forum.
    const [bare] = normaliseForum(
      'forum/subreddit/search',
      { posts: [{ id: 't3_1abcde', title: 'T', url: 'https://example.com/x' }] },
      {},
    ).items;
    expect(bare?.url).toBe('https://www.reddit.com/comments/1abcde');
  });

  it('reads the forum’s usual extra fields when present', () => {
    const full = {
      ...post,
      url: 'https://example.com/shared-article',
      permalink: '/r/telescopes/comments/1abcde/how_do_i/',
      selftext: 'Body text',
      author: 'stargazer',
      author_fullname: 't2_abc',
      created_utc: 1700000000.0,
      ups: '42',
      num_comments: 7,
      thumbnail: 'self',
    };
    const [item] = normaliseForum('forum/subreddit/search', { posts: [full] }, {}).items;
    expect(item).toEqual({
      platform: 'forum',
      kind: 'post',
      nativeId: 't3_1abcde',
      url: 'https://www.reddit.com/r/telescopes/comments/1abcde',
      title: 'How do I calibrate my telescope?',
      text: 'Body text',
      author: { name: null, handle: 'stargazer', id: 't2_abc', url: 'https://www.reddit.com/user/stargazer' },
      publishedAt: '2023-11-14T22:13:20.000Z',
      publishedText: null,
      durationMs: null,
      thumbnailUrl: null,
      metrics: metrics({ likes: 42, comments: 7 }),
      extras: { communityName: 'telescopes', communityId: 't5_2qh87', linkUrl: 'https://example.com/shared-article' },
      sourcePath: 'posts[0]',
    });
  });

  it('builds the URL from the id when the post links elsewhere', () => {
    const [item] = normaliseForum('forum/subreddit/search', { posts: [{ ...post, id: '1abcde', url: 'https://example.com/x' }] }, {}).items;
    expect(item).toMatchObject({ nativeId: 't3_1abcde', url: 'https://www.reddit.com/r/telescopes/comments/1abcde' });
  });

  it('reads trimmed posts and reports garbage entries', () => {
    const result = normaliseForum('forum/subreddit/search', { posts: [{ id: 't3_x' }, {}, 5, 'y'] }, {});
    expect(result.items.map((item) => [item.nativeId, item.url])).toEqual([
      ['t3_x', 'https://www.reddit.com/comments/x'],
      [null, null],
    ]);
    expect(result.warnings).toEqual(['2 of 4 records in posts could not be read.']);
  });

  it('unwraps { kind, data } listing entries', () => {
    const result = normaliseForum('forum/subreddit/search', { posts: { data: { children: [{ kind: 't3', data: post }] } } }, {});
    expect(result.items[0]).toMatchObject({ nativeId: 't3_1abcde', sourcePath: 'posts.data.children[0].data' });
  });
});

describe('forum subreddit search: comments and media (shapes not shown)', () => {
  it('gives comments by the key present, whatever the filter said', () => {
    const comment = {
      id: 'kx1y2z3',
      body: 'Use a star = "Polaris" <script>',
      author: '[deleted]',
      link_id: 't3_1abcde',
      subreddit: 'telescopes',
      score: 3,
      created_utc: '1700000000',
    };
    const result = normaliseForum('forum/subreddit/search', { comments: [comment] }, { filter: 'posts' });
    expect(result.items).toEqual([
      {
        platform: 'forum',
        kind: 'comment',
        nativeId: 't1_kx1y2z3',
        url: 'https://www.reddit.com/r/telescopes/comments/1abcde/_/kx1y2z3',
        title: null,
        text: 'Use a star = "Polaris" <script>',
        author: { name: null, handle: '[deleted]', id: null, url: null },
        publishedAt: '2023-11-14T22:13:20.000Z',
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics({ likes: 3 }),
        extras: { communityName: 'telescopes' },
        sourcePath: 'comments[0]',
      },
    ]);
  });

  it('gives media items, with a preview image as thumbnail', () => {
    const media = {
      name: 't3_m1',
      title: 'My photo of Saturn',
      url: 'https://i.redd.it/saturn.jpg',
      author: { name: 'astro' },
      preview: { images: [{ source: { url: 'https://preview.redd.it/saturn.jpg' } }] },
    };
    const [item] = normaliseForum('forum/subreddit/search', { media: [media] }, { filter: 'media' }).items;
    expect(item).toMatchObject({
      kind: 'media',
      nativeId: 't3_m1',
      url: 'https://www.reddit.com/comments/m1',
      title: 'My photo of Saturn',
      author: { name: null, handle: 'astro', id: null, url: 'https://www.reddit.com/user/astro' },
      thumbnailUrl: 'https://preview.redd.it/saturn.jpg',
    });
  });

  it('says so when none of the keys is there', () => {
    expect(normaliseForum('forum/subreddit/search', { results: [] }, {}).warnings).toEqual([
      'The response holds none of posts, comments or media, so no items were read.',
    ]);
    expect(normaliseForum('forum/subreddit/search', { posts: [] }, {}).warnings).toEqual([]);
  });
});
