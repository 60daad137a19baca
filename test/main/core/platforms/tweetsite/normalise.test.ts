import { describe, it, expect } from 'vitest';
import { isTweet, normaliseTweetsite } from '../../../../../src/main/core/platforms/tweetsite/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

/** The tweet object both endpoints show in `data`. */
const tweet = {
  __typename: 'Tweet',
  rest_id: '1750000000000000001',
  legacy: { full_text: 'Big news today. https://t.co/abc', favorite_count: 1500, retweet_count: 230, reply_count: 88 },
};

const expected = {
  platform: 'tweetsite',
  kind: 'tweet',
  nativeId: '1750000000000000001',
  url: 'https://x.com/i/web/status/1750000000000000001',
  title: null,
  text: 'Big news today. https://t.co/abc',
  author: NO_AUTHOR,
  publishedAt: null,
  publishedText: null,
  durationMs: null,
  thumbnailUrl: null,
  metrics: metrics({ likes: 1500, reposts: 230, comments: 88 }),
};

function withUser(id: string, handle: string): typeof tweet & Record<string, unknown> {
  return {
    ...tweet,
    rest_id: id,
    core: { user_results: { result: { __typename: 'User', rest_id: '44196397', legacy: { screen_name: handle, name: 'Some Name' } } } },
  };
}

describe('tweetsite user tweets (layout not shown)', () => {
  it('reads data that is one tweet, mapping every documented field; the handle asked for makes the URL', () => {
    const result = normaliseTweetsite('tweetsite/user/tweets', tweet, { handle: 'nasa' });
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        ...expected,
        url: 'https://x.com/nasa/status/1750000000000000001',
        author: { ...NO_AUTHOR, handle: 'nasa', url: 'https://x.com/nasa' },
        sourcePath: '',
      },
    ]);
  });

  it('takes a handle typed with its "@" as the one the tweets name', () => {
    const [item] = normaliseTweetsite('tweetsite/user/tweets', tweet, { handle: '@nasa' }).items;
    expect(item).toMatchObject({
      url: 'https://x.com/nasa/status/1750000000000000001',
      author: { handle: 'nasa', url: 'https://x.com/nasa' },
    });
  });

  it('reads a tweets list and the author inside each tweet', () => {
    const result = normaliseTweetsite(
      'tweetsite/user/tweets',
      { tweets: [withUser('1', 'elonmusk'), withUser('2', 'elonmusk')] },
      { handle: 'elonmusk' },
    );
    expect(result.warnings).toEqual([]);
    expect(result.items.map((item) => [item.nativeId, item.url, item.sourcePath])).toEqual([
      ['1', 'https://x.com/elonmusk/status/1', 'tweets[0]'],
      ['2', 'https://x.com/elonmusk/status/2', 'tweets[1]'],
    ]);
    expect(result.items[0]?.author).toEqual({ name: 'Some Name', handle: 'elonmusk', id: '44196397', url: 'https://x.com/elonmusk' });
  });

  it('reads tweets nested in timeline entries, skipping cursor entries and reporting others', () => {
    const entry = (value: unknown): unknown => ({ entryId: 'tweet-x', content: { itemContent: { tweet_results: { result: value } } } });
    const data = {
      entries: [
        entry(tweet),
        entry({ __typename: 'TweetWithVisibilityResults', tweet: { ...tweet, rest_id: '2' } }),
        { entryId: 'cursor-bottom-123', content: { entryType: 'TimelineTimelineCursor', value: 'abc' } },
        { entryId: 'who-to-follow', content: {} },
        'junk',
      ],
    };
    const result = normaliseTweetsite('tweetsite/user/tweets', data, {});
    expect(result.items.map((item) => [item.nativeId, item.sourcePath])).toEqual([
      ['1750000000000000001', 'entries[0].content.itemContent.tweet_results.result'],
      ['2', 'entries[1].content.itemContent.tweet_results.result.tweet'],
    ]);
    expect(result.warnings).toEqual(['2 of 5 records in entries could not be read.']);
  });

  it('reads every message of an entry that holds several (a self-thread module), quoted ones staying in theirs', () => {
    const item = (value: unknown): unknown => ({ item: { itemContent: { tweet_results: { result: value } } } });
    const quoting = { ...tweet, rest_id: '12', quoted_status_result: { result: { ...tweet, rest_id: '99' } } };
    const data = {
      entries: [
        { entryId: 'tweet-10', content: { itemContent: { tweet_results: { result: { ...tweet, rest_id: '10' } } } } },
        {
          entryId: 'profile-conversation-1',
          content: {
            entryType: 'TimelineTimelineModule',
            items: [item({ ...tweet, rest_id: '11' }), item(quoting), item({ ...tweet, rest_id: '13' })],
          },
        },
      ],
    };
    const result = normaliseTweetsite('tweetsite/user/tweets', data, {});
    expect(result.items.map((found) => [found.nativeId, found.sourcePath])).toEqual([
      ['10', 'entries[0].content.itemContent.tweet_results.result'],
      ['11', 'entries[1].content.items[0].item.itemContent.tweet_results.result'],
      ['12', 'entries[1].content.items[1].item.itemContent.tweet_results.result'],
      ['13', 'entries[1].content.items[2].item.itemContent.tweet_results.result'],
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('finds tweets anywhere when no known list holds them, without taking users or quoted tweets as items', () => {
    const quoting = { ...tweet, rest_id: '3', quoted_status_result: { result: { ...tweet, rest_id: '4' } } };
    const data = { user: { result: { timeline: { instructions: [{ type: 'TimelineAddEntries', moreEntries: [{ item: quoting }] }] } } } };
    const result = normaliseTweetsite('tweetsite/user/tweets', data, {});
    expect(result.items.map((item) => item.nativeId)).toEqual(['3']);
  });

  it('reads the common extra fields: long text, time, views, media', () => {
    const full = {
      ...withUser('5', 'nasa'),
      views: { count: '123456', state: 'EnabledWithCount' },
      note_tweet: { note_tweet_results: { result: { text: 'The whole long text' } } },
      legacy: {
        ...tweet.legacy,
        created_at: 'Wed Oct 10 20:19:24 +0000 2018',
        extended_entities: { media: [{ media_url_https: 'https://pbs.twimg.com/media/a.jpg', video_info: { duration_millis: 30033 } }] },
      },
    };
    const [item] = normaliseTweetsite('tweetsite/user/tweets', { tweets: [full] }, {}).items;
    expect(item).toEqual({
      ...expected,
      nativeId: '5',
      url: 'https://x.com/nasa/status/5',
      text: 'The whole long text',
      author: { name: 'Some Name', handle: 'nasa', id: '44196397', url: 'https://x.com/nasa' },
      publishedAt: '2018-10-10T20:19:24.000Z',
      durationMs: 30033,
      thumbnailUrl: 'https://pbs.twimg.com/media/a.jpg',
      metrics: metrics({ views: 123456, likes: 1500, reposts: 230, comments: 88 }),
      sourcePath: 'tweets[0]',
    });
  });

  it('reads trimmed tweets and numeric strings', () => {
    const result = normaliseTweetsite('tweetsite/user/tweets', { rest_id: '9', legacy: { favorite_count: '12', retweet_count: 'x' } }, {});
    expect(result.items[0]).toMatchObject({ nativeId: '9', text: null, metrics: metrics({ likes: 12 }) });
  });

  it('says so when there are no messages or the data is not an object', () => {
    expect(normaliseTweetsite('tweetsite/user/tweets', { nothing: true }, {}).warnings).toEqual([
      'No messages were found in the response.',
    ]);
    expect(normaliseTweetsite('tweetsite/user/tweets', 12, {}).warnings).toHaveLength(1);
  });

  it('tells tweets from users', () => {
    expect(isTweet(tweet)).toBe(true);
    expect(isTweet({ __typename: 'User', rest_id: '1', legacy: { full_text: 'x' } })).toBe(false);
    expect(isTweet({ id_str: '1', full_text: 'old style', favorite_count: 1 })).toBe(true);
  });
});

describe('tweetsite transcript (transcript place not shown)', () => {
  const params = { url: 'https://x.com/nasa/status/1750000000000000001' };
  const identity = { nativeId: '1750000000000000001', url: 'https://x.com/nasa/status/1750000000000000001' };

  it('reads a tweet object with a transcript key beside its fields', () => {
    const result = normaliseTweetsite('tweetsite/transcript', { ...tweet, transcript: 'We are go for launch.' }, params);
    // The requested link names the author, so it is the message's URL.
    expect(result.items).toEqual([{ ...expected, url: identity.url, sourcePath: '' }]);
    expect(result.transcripts).toEqual([
      { ...identity, kind: 'tweet', language: null, available: true, segments: [], fullText: 'We are go for launch.', format: 'text' },
    ]);
    const byId = normaliseTweetsite(
      'tweetsite/transcript',
      { ...tweet, transcript: 'x' },
      { url: 'https://twitter.com/i/status/1750000000000000001' },
    );
    expect(byId.items[0]?.url).toBe('https://x.com/i/web/status/1750000000000000001');
    expect(result.warnings).toEqual([]);
  });

  it('reads segments in seconds, and an SRT text, wherever the transcript sits', () => {
    const segments = normaliseTweetsite(
      'tweetsite/transcript',
      {
        result: {
          transcript: {
            language: 'en',
            segments: [
              { text: 'one', start: 0, duration: 2 },
              { text: 'two', start: 2, duration: 3 },
            ],
          },
        },
      },
      params,
    );
    expect(segments.transcripts[0]).toMatchObject({
      ...identity,
      language: 'en',
      available: true,
      segments: [
        { startMs: 0, endMs: 2000, text: 'one' },
        { startMs: 2000, endMs: 5000, text: 'two' },
      ],
      fullText: 'one two',
      format: 'segments',
    });
    const srt = '1\n00:00:00,000 --> 00:00:01,500\nHello\n\n2\n00:00:01,500 --> 00:00:03,000\nthere\n';
    const deep = normaliseTweetsite('tweetsite/transcript', { tweet, media: { asr: { subtitles: srt } } }, params);
    expect(deep.transcripts[0]?.segments).toEqual([
      { startMs: 0, endMs: 1500, text: 'Hello' },
      { startMs: 1500, endMs: 3000, text: 'there' },
    ]);
    expect(deep.items.map((item) => item.nativeId)).toEqual(['1750000000000000001']);
  });

  it('reads data that is the transcript text itself, or a top-level text', () => {
    expect(normaliseTweetsite('tweetsite/transcript', 'Just words', params).transcripts[0]).toMatchObject({
      ...identity,
      fullText: 'Just words',
      format: 'text',
    });
    expect(normaliseTweetsite('tweetsite/transcript', { text: 'Words here', status: 'done' }, params).transcripts[0]).toMatchObject({
      fullText: 'Words here',
    });
  });

  it('records an explicit null transcript as unavailable, and warns when none is found', () => {
    expect(normaliseTweetsite('tweetsite/transcript', { ...tweet, transcript: null }, params).transcripts).toEqual([
      { ...identity, kind: 'tweet', language: null, available: false, segments: [], fullText: null, format: 'none' },
    ]);
    const none = normaliseTweetsite('tweetsite/transcript', tweet, params);
    expect(none.transcripts).toEqual([]);
    expect(none.warnings).toEqual(['No transcript was found in the response.']);
  });
});
