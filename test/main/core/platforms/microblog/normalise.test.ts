import { describe, it, expect } from 'vitest';
import { normaliseMicroblog, parseAtUri, postUrlFromUri } from '../../../../../src/main/core/platforms/microblog/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

const DID = 'did:plc:z72i7hdynmk6r22z27h6tvur';
const URI = `at://${DID}/app.bsky.feed.post/3kgq2pdhzjs2c`;

/** The item shape shared by data.feed[] and data.post, as the spec shows it. */
const post = {
  uri: URI,
  author: { handle: 'bsky.app', displayName: 'Bluesky', avatar: 'https://cdn.bsky.app/img/avatar/plain/x.jpg' },
  record: { text: 'Hello from the network', createdAt: '2024-01-15T17:30:00.123Z' },
  likeCount: 120,
  repostCount: 15,
  replyCount: 8,
};

const expected = {
  platform: 'microblog',
  kind: 'post',
  nativeId: URI,
  url: `https://bsky.app/profile/${DID}/post/3kgq2pdhzjs2c`,
  title: null,
  text: 'Hello from the network',
  author: { name: 'Bluesky', handle: 'bsky.app', id: DID, url: 'https://bsky.app/profile/bsky.app' },
  publishedAt: '2024-01-15T17:30:00.123Z',
  publishedText: null,
  durationMs: null,
  thumbnailUrl: null,
  metrics: metrics({ likes: 120, reposts: 15, comments: 8 }),
  extras: { authorAvatarUrl: 'https://cdn.bsky.app/img/avatar/plain/x.jpg' },
};

describe('microblog user posts', () => {
  it('maps every field of feed[] items', () => {
    const result = normaliseMicroblog(
      'microblog/user/posts',
      { feed: [post, { ...post, uri: `at://${DID}/app.bsky.feed.post/second` }] },
      { handle: 'bsky.app' },
    );
    expect(result.warnings).toEqual([]);
    expect(result.items[0]).toEqual({ ...expected, sourcePath: 'feed[0]' });
    expect(result.items[1]?.url).toBe(`https://bsky.app/profile/${DID}/post/second`);
  });

  it('unwraps { post, reason } feed entries', () => {
    const [item] = normaliseMicroblog(
      'microblog/user/posts',
      { feed: [{ post, reason: { $type: 'app.bsky.feed.defs#reasonRepost' } }] },
      {},
    ).items;
    expect(item).toEqual({ ...expected, sourcePath: 'feed[0].post' });
  });

  it('reads trimmed, null and odd records, and reports garbage', () => {
    const result = normaliseMicroblog(
      'microblog/user/posts',
      {
        feed: [
          { uri: URI },
          {
            uri: 'not-an-at-uri',
            author: null,
            record: { text: null, createdAt: 'yesterday' },
            likeCount: '7',
            repostCount: 1.5,
            replyCount: null,
            labels: [],
          },
          7,
        ],
      },
      {},
    );
    expect(result.items[0]).toMatchObject({
      nativeId: URI,
      url: `https://bsky.app/profile/${DID}/post/3kgq2pdhzjs2c`,
      author: { ...NO_AUTHOR, id: DID, url: `https://bsky.app/profile/${DID}` },
    });
    expect(result.items[1]).toMatchObject({
      nativeId: 'not-an-at-uri',
      url: null,
      text: null,
      author: NO_AUTHOR,
      publishedAt: null,
      publishedText: 'yesterday',
      metrics: metrics({ likes: 7 }),
    });
    expect(result.warnings).toEqual(['1 of 3 records in feed could not be read.']);
  });

  it('uses an embedded image thumbnail, never the avatar', () => {
    const withImage = {
      ...post,
      embed: { $type: 'app.bsky.embed.images#view', images: [{ thumb: 'https://cdn.bsky.app/img/feed_thumbnail/x.jpg' }] },
    };
    expect(normaliseMicroblog('microblog/post', { post: withImage }, {}).items[0]?.thumbnailUrl).toBe(
      'https://cdn.bsky.app/img/feed_thumbnail/x.jpg',
    );
    expect(normaliseMicroblog('microblog/post', { post }, {}).items[0]?.thumbnailUrl).toBeNull();
  });
});

describe('microblog post', () => {
  it('maps data.post', () => {
    const result = normaliseMicroblog('microblog/post', { post }, { url: 'https://bsky.app/profile/bsky.app/post/3kgq2pdhzjs2c' });
    expect(result).toEqual({ items: [{ ...expected, sourcePath: 'post' }], transcripts: [], warnings: [] });
  });

  it('falls back on the requested URL when the uri is missing', () => {
    const [item] = normaliseMicroblog(
      'microblog/post',
      { post: { record: { text: 'x' } } },
      { url: 'https://bsky.app/profile/bsky.app/post/3kgq2pdhzjs2c' },
    ).items;
    // The link's own at:// uri (here with the handle as its authority), the form the service names posts in.
    expect(item).toMatchObject({
      nativeId: 'at://bsky.app/app.bsky.feed.post/3kgq2pdhzjs2c',
      url: 'https://bsky.app/profile/bsky.app/post/3kgq2pdhzjs2c',
    });
    const [byDid] = normaliseMicroblog(
      'microblog/post',
      { post: { record: { text: 'x' } } },
      { url: `https://bsky.app/profile/${DID}/post/3kgq2pdhzjs2c` },
    ).items;
    expect(byDid).toMatchObject({ nativeId: URI, url: `https://bsky.app/profile/${DID}/post/3kgq2pdhzjs2c` });
  });

  it('converts a createdAt with an offset to UTC', () => {
    const [item] = normaliseMicroblog(
      'microblog/post',
      { post: { ...post, record: { text: 'x', createdAt: '2024-01-15T19:30:00+02:00' } } },
      {},
    ).items;
    expect(item?.publishedAt).toBe('2024-01-15T17:30:00.000Z');
  });

  it('warns when there is no post', () => {
    expect(normaliseMicroblog('microblog/post', { thread: null }, {}).warnings).toEqual([
      'The response has no post record, so no post was read.',
    ]);
  });
});

describe('at:// uris', () => {
  it('parses and turns post uris into web addresses, with a handle authority too', () => {
    expect(parseAtUri(URI)).toEqual({ authority: DID, collection: 'app.bsky.feed.post', rkey: '3kgq2pdhzjs2c' });
    expect(postUrlFromUri('at://alice.example.com/app.bsky.feed.post/abc')).toBe('https://bsky.app/profile/alice.example.com/post/abc');
    expect(postUrlFromUri(`at://${DID}/app.bsky.feed.like/abc`)).toBeNull();
    expect(parseAtUri('https://bsky.app')).toBeNull();
  });
});
