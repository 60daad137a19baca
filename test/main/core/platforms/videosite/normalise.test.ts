import { describe, it, expect } from 'vitest';
import { normaliseVideosite } from '../../../../../src/main/core/platforms/videosite/normalise';
import { normaliseResponse } from '../../../../../src/main/core/platforms/normalise/index';
import type { NormalisedItem } from '../../../../../src/shared/model';
import { NO_AUTHOR, metrics } from '../helpers';

const CHANNEL_ID = 'UCuAXFkgsw1L7xaCfnd5JJOw';
const VIDEO_ID = 'dQw4w9WgXcQ';
const SHORT_ID = 'abcdefghijk';

/** A search response shaped as the spec shows it. */
const searchData = {
  videos: [
    {
      type: 'video',
      id: VIDEO_ID,
      url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
      title: 'Never Gonna Give You Up',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hq720.jpg',
      channel: { id: CHANNEL_ID, title: 'Rick Astley', handle: '@RickAstleyYT' },
      viewCountInt: 1600000000,
      publishedTimeText: '15 years ago',
      lengthText: '3:33',
      lengthSeconds: 213,
    },
  ],
  channels: [],
  playlists: [],
  shorts: [
    {
      type: 'short',
      id: SHORT_ID,
      title: 'A short one',
      viewCountInt: 5000,
      url: `https://www.youtube.com/shorts/${SHORT_ID}`,
      thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/frame0.jpg',
      channel: { id: CHANNEL_ID, title: 'Rick Astley', handle: '@RickAstleyYT' },
      publishedTimeText: '2 days ago',
    },
  ],
  continuationToken: 'EpcDEgVoZWxsbxqNA1NCU0NBUXRrVVhjMGR6bFhaMWhqVVlJQkMy',
};

const searchVideo: NormalisedItem = {
  platform: 'videosite',
  kind: 'video',
  nativeId: VIDEO_ID,
  url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
  title: 'Never Gonna Give You Up',
  text: null,
  author: { name: 'Rick Astley', handle: '@RickAstleyYT', id: CHANNEL_ID, url: 'https://www.youtube.com/@RickAstleyYT' },
  publishedAt: null,
  publishedText: '15 years ago',
  durationMs: 213_000,
  thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hq720.jpg',
  metrics: metrics({ views: 1600000000 }),
  sourcePath: 'videos[0]',
};

describe('videosite search', () => {
  it('maps every field of a video and a short as the spec shows them', () => {
    const result = normaliseVideosite('videosite/search', searchData, { query: 'rick' });
    expect(result.warnings).toEqual([]);
    expect(result.transcripts).toEqual([]);
    expect(result.items).toEqual([
      searchVideo,
      {
        platform: 'videosite',
        kind: 'short',
        nativeId: SHORT_ID,
        url: `https://www.youtube.com/shorts/${SHORT_ID}`,
        title: 'A short one',
        text: null,
        author: { name: 'Rick Astley', handle: '@RickAstleyYT', id: CHANNEL_ID, url: 'https://www.youtube.com/@RickAstleyYT' },
        publishedAt: null,
        publishedText: '2 days ago',
        durationMs: null,
        thumbnailUrl: 'https://i.ytimg.com/vi/abcdefghijk/frame0.jpg',
        metrics: metrics({ views: 5000 }),
        sourcePath: 'shorts[0]',
      },
    ]);
  });

  it('adds likes, comments and description when the extras flag was set', () => {
    const video = { ...searchData.videos[0], likeCountInt: 18000000, commentCountInt: 2300000, description: 'The official video' };
    const [item] = normaliseVideosite('videosite/search', { videos: [video] }, { includeExtras: 'true' }).items;
    expect(item?.text).toBe('The official video');
    expect(item?.metrics).toEqual(metrics({ views: 1600000000, likes: 18000000, comments: 2300000 }));
  });

  it('reads channels, playlists and live streams defensively and still gives their kinds', () => {
    const result = normaliseVideosite(
      'videosite/search',
      {
        videos: [{ type: 'live', id: 'jfKfPfyJRdk', title: 'lofi radio', isLive: true }],
        channels: [
          {
            type: 'channel',
            id: CHANNEL_ID,
            title: 'Rick Astley',
            handle: '@RickAstleyYT',
            thumbnail: 'https://yt3.ggpht.com/a.jpg',
            subscriberCount: '4200000',
          },
          { channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx', title: 'Other' },
          { title: 'Only a title' },
        ],
        playlists: [
          {
            id: 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
            title: 'Hits',
            thumbnails: [{ url: 'https://i.ytimg.com/s.jpg' }, { url: 'https://i.ytimg.com/l.jpg' }],
          },
        ],
        lives: [{ id: 'abcdefghij1', title: 'Live now' }],
      },
      {},
    );
    expect(result.warnings).toEqual([]);
    expect(result.items.map((item) => [item.kind, item.nativeId, item.url])).toEqual([
      ['live', 'jfKfPfyJRdk', 'https://www.youtube.com/watch?v=jfKfPfyJRdk'],
      ['channel', CHANNEL_ID, 'https://www.youtube.com/@RickAstleyYT'],
      ['channel', 'UCxxxxxxxxxxxxxxxxxxxxxx', 'https://www.youtube.com/channel/UCxxxxxxxxxxxxxxxxxxxxxx'],
      ['channel', null, null],
      ['playlist', 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI', 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'],
      ['live', 'abcdefghij1', 'https://www.youtube.com/watch?v=abcdefghij1'],
    ]);
    const channel = result.items[1];
    expect(channel?.title).toBe('Rick Astley');
    expect(channel?.thumbnailUrl).toBe('https://yt3.ggpht.com/a.jpg');
    expect(channel?.author).toEqual({
      name: 'Rick Astley',
      handle: '@RickAstleyYT',
      id: CHANNEL_ID,
      url: 'https://www.youtube.com/@RickAstleyYT',
    });
    expect(channel?.metrics.followers).toBe(4200000);
    expect(result.items[3]?.title).toBe('Only a title');
    expect(result.items[4]?.thumbnailUrl).toBe('https://i.ytimg.com/l.jpg');
    expect(result.items.map((item) => item.sourcePath)).toEqual([
      'videos[0]',
      'channels[0]',
      'channels[1]',
      'channels[2]',
      'playlists[0]',
      'lives[0]',
    ]);
  });

  it('reports non-object entries and still reads the rest', () => {
    const result = normaliseVideosite('videosite/search', { videos: [searchData.videos[0], null, 'x', 42, [], {}] }, {});
    expect(result.items).toHaveLength(2);
    expect(result.items[1]).toEqual({
      platform: 'videosite',
      kind: 'video',
      nativeId: null,
      url: null,
      title: null,
      text: null,
      author: NO_AUTHOR,
      publishedAt: null,
      publishedText: null,
      durationMs: null,
      thumbnailUrl: null,
      metrics: metrics(),
      sourcePath: 'videos[5]',
    });
    expect(result.warnings).toEqual(['4 of 6 records in videos could not be read.']);
  });

  it('says so when a documented list is not a list, or when no list is there', () => {
    expect(normaliseVideosite('videosite/search', { videos: 'nope', shorts: [] }, {}).warnings).toEqual([
      'videos is not a list, so its records could not be read.',
    ]);
    expect(normaliseVideosite('videosite/search', { continuationToken: 'x' }, {}).warnings[0]).toMatch(/No list of results/);
  });

  it('says so when records sit in a list the spec does not show, rather than drop them unseen', () => {
    const data = {
      videos: [searchData.videos[0]],
      live: [
        { type: 'live', id: 'aaaaaaaaaaa' },
        { type: 'live', id: 'bbbbbbbbbbb' },
      ],
      refinements: ['flood'],
      shorts: [],
    };
    const result = normaliseVideosite('videosite/search', data, {});
    expect(result.items).toHaveLength(1);
    expect(result.warnings).toEqual(['2 records in live, a list the spec does not show, were not read.']);
    // A channel's videos read only its videos list, and say the same of any other.
    const channel = normaliseVideosite('videosite/channel/videos', { videos: [], shorts: [{ id: 'ccccccccccc' }] }, { handle: '@x' });
    expect(channel.warnings).toEqual(['1 record in shorts, a list the spec does not show, was not read.']);
  });

  it('reads trimmed records, nulls, numeric strings and unknown fields', () => {
    const result = normaliseVideosite(
      'videosite/search',
      {
        videos: [
          { id: VIDEO_ID },
          {
            id: 'zzzzzzzzzzz',
            title: null,
            channel: null,
            viewCountInt: '1234',
            likeCountInt: '12.5',
            commentCountInt: -1,
            lengthSeconds: '61',
            lengthText: null,
            thumbnail: 'javascript:alert(1)',
            badges: ['New'],
            somethingElse: { deep: true },
          },
          { id: 'yyyyyyyyyyy', lengthText: '1:02:03', viewCountInt: '1,234' },
          { id: 'xxxxxxxxxxx', lengthText: 'LIVE', url: `/shorts/xxxxxxxxxxx` },
        ],
      },
      {},
    );
    expect(result.warnings).toEqual([]);
    const [trimmed, odd, long, relative] = result.items;
    expect(trimmed).toMatchObject({
      kind: 'video',
      nativeId: VIDEO_ID,
      url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
      author: NO_AUTHOR,
    });
    expect(odd).toMatchObject({
      title: null,
      author: NO_AUTHOR,
      durationMs: 61_000,
      thumbnailUrl: null,
      metrics: metrics({ views: 1234 }),
    });
    expect(long?.durationMs).toBe(3_723_000);
    expect(long?.metrics.views).toBeNull();
    expect(relative).toMatchObject({ kind: 'short', url: 'https://www.youtube.com/shorts/xxxxxxxxxxx', durationMs: null });
  });

  it('keeps hostile text verbatim', () => {
    const title = '<script>alert(1)</script>';
    const description = '=HYPERLINK("http://evil")';
    const [item] = normaliseVideosite('videosite/search', { videos: [{ id: VIDEO_ID, title, description }] }, {}).items;
    expect(item?.title).toBe(title);
    expect(item?.text).toBe(description);
  });

  it('gives each record its channel link from the handle, from the channel id when the handle is only "@", the same when met again', () => {
    const read = () =>
      normaliseVideosite(
        'videosite/search',
        {
          videos: [
            { id: 'aaaaaaaaaaa', channel: { id: CHANNEL_ID, handle: '@RickAstleyYT' } },
            { id: 'bbbbbbbbbbb', channel: { id: CHANNEL_ID, handle: '@' } },
            { id: 'ccccccccccc', channel: { handle: '@' } },
          ],
        },
        {},
      ).items.map((item) => item.author.url);
    const expected = ['https://www.youtube.com/@RickAstleyYT', `https://www.youtube.com/channel/${CHANNEL_ID}`, null];
    expect(read()).toEqual(expected);
    expect(read()).toEqual(expected);
  });
});

describe('videosite channel videos and hashtag search', () => {
  it('takes the author of channel videos from the channel asked for', () => {
    const data = {
      videos: [
        {
          type: 'video',
          id: VIDEO_ID,
          url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
          title: 'T',
          thumbnail: 'https://i.ytimg.com/t.jpg',
          viewCountInt: 10,
          publishedTimeText: '1 year ago',
          lengthText: '4:01',
          lengthSeconds: 241,
        },
      ],
      continuationToken: 'abc',
    };
    const byHandle = normaliseVideosite('videosite/channel/videos', data, { handle: '@RickAstleyYT' });
    expect(byHandle.items[0]).toEqual({
      ...searchVideo,
      title: 'T',
      thumbnailUrl: 'https://i.ytimg.com/t.jpg',
      author: { name: null, handle: '@RickAstleyYT', id: null, url: 'https://www.youtube.com/@RickAstleyYT' },
      publishedText: '1 year ago',
      durationMs: 241_000,
      metrics: metrics({ views: 10 }),
    });
    // Typed without its "@", the handle is still spelled as the records spell it.
    expect(normaliseVideosite('videosite/channel/videos', data, { handle: 'RickAstleyYT' }).items[0]?.author).toEqual(
      byHandle.items[0]?.author,
    );
    const byId = normaliseVideosite('videosite/channel/videos', data, { channelId: CHANNEL_ID });
    expect(byId.items[0]?.author).toEqual({
      name: null,
      handle: null,
      id: CHANNEL_ID,
      url: `https://www.youtube.com/channel/${CHANNEL_ID}`,
    });
  });

  it('reads hashtag items whose channel has id and title only', () => {
    const data = {
      videos: [
        {
          type: 'video',
          id: VIDEO_ID,
          url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
          title: 'T',
          channel: { id: CHANNEL_ID, title: 'Rick Astley' },
          viewCountInt: 3,
        },
      ],
      continuationToken: 'abc',
    };
    const [item] = normaliseVideosite('videosite/search/hashtag', data, { hashtag: 'music' }).items;
    expect(item?.author).toEqual({
      name: 'Rick Astley',
      handle: null,
      id: CHANNEL_ID,
      url: `https://www.youtube.com/channel/${CHANNEL_ID}`,
    });
    const shorts = normaliseVideosite('videosite/search/hashtag', { videos: [{ id: SHORT_ID }] }, { hashtag: 'music', type: 'shorts' });
    expect(shorts.items[0]).toMatchObject({ kind: 'short', url: `https://www.youtube.com/shorts/${SHORT_ID}` });
  });
});

describe('videosite trending', () => {
  it('maps every field of a trending short', () => {
    const data = {
      shorts: [
        {
          id: SHORT_ID,
          thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/oar2.jpg',
          url: `https://www.youtube.com/shorts/${SHORT_ID}`,
          title: 'Trending short',
          commentCountInt: 12,
          likeCountInt: 340,
          viewCountInt: 5600,
          publishDateText: 'Mar 4, 2024',
          channel: { id: CHANNEL_ID, handle: '@someone', title: 'Someone' },
          durationMs: 31000,
          durationFormatted: '00:00:31',
        },
        { id: 'bbbbbbbbbbb', durationFormatted: '00:01:05' },
      ],
    };
    const result = normaliseVideosite('videosite/trending', data, {});
    expect(result.warnings).toEqual([]);
    expect(result.items[0]).toEqual({
      platform: 'videosite',
      kind: 'short',
      nativeId: SHORT_ID,
      url: `https://www.youtube.com/shorts/${SHORT_ID}`,
      title: 'Trending short',
      text: null,
      author: { name: 'Someone', handle: '@someone', id: CHANNEL_ID, url: 'https://www.youtube.com/@someone' },
      publishedAt: null,
      publishedText: 'Mar 4, 2024',
      durationMs: 31_000,
      thumbnailUrl: 'https://i.ytimg.com/vi/abcdefghijk/oar2.jpg',
      metrics: metrics({ views: 5600, likes: 340, comments: 12 }),
      sourcePath: 'shorts[0]',
    });
    expect(result.items[1]).toMatchObject({ kind: 'short', url: 'https://www.youtube.com/shorts/bbbbbbbbbbb', durationMs: 65_000 });
  });
});

const videoDetails = {
  id: VIDEO_ID,
  thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
  url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
  publishDate: '2009-10-24T23:57:33-07:00',
  publishDateText: 'Oct 25, 2009',
  type: 'video',
  title: 'Never Gonna Give You Up',
  commentCountInt: 2300000,
  likeCountInt: 18000000,
  viewCountInt: 1600000000,
  channel: { id: CHANNEL_ID, handle: '@RickAstleyYT', title: 'Rick Astley' },
  durationMs: 213000,
  durationFormatted: '00:03:33',
  transcript: null,
  transcript_only_text: null,
};

describe('videosite video details', () => {
  it('maps every field, converting the publish date to UTC', () => {
    const result = normaliseVideosite('videosite/video', videoDetails, { url: `https://youtu.be/${VIDEO_ID}` });
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'videosite',
        kind: 'video',
        nativeId: VIDEO_ID,
        url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
        title: 'Never Gonna Give You Up',
        text: null,
        author: { name: 'Rick Astley', handle: '@RickAstleyYT', id: CHANNEL_ID, url: 'https://www.youtube.com/@RickAstleyYT' },
        publishedAt: '2009-10-25T06:57:33.000Z',
        publishedText: 'Oct 25, 2009',
        durationMs: 213_000,
        thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
        metrics: metrics({ views: 1600000000, likes: 18000000, comments: 2300000 }),
        sourcePath: '',
      },
    ]);
    // The spec does not say why the video operation's transcript is null, so no fact is recorded.
    expect(result.transcripts).toEqual([]);
  });

  it('reads the transcript carried by the video details', () => {
    const data = {
      ...videoDetails,
      transcript: [{ text: 'Hello', startMs: '0', endMs: '1500', startTimeText: '0:00' }],
      transcript_only_text: 'Hello',
    };
    const result = normaliseVideosite('videosite/video', data, {});
    expect(result.transcripts).toEqual([
      {
        nativeId: VIDEO_ID,
        url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
        kind: 'video',
        language: null,
        available: true,
        segments: [{ startMs: 0, endMs: 1500, text: 'Hello' }],
        fullText: 'Hello',
        format: 'segments',
      },
    ]);
  });

  it('falls back on the requested URL for a trimmed record, and knows a short by it', () => {
    const result = normaliseVideosite('videosite/video', { title: 'Only a title' }, { url: `https://www.youtube.com/shorts/${SHORT_ID}` });
    expect(result.items[0]).toMatchObject({
      kind: 'short',
      nativeId: SHORT_ID,
      url: `https://www.youtube.com/shorts/${SHORT_ID}`,
      title: 'Only a title',
      sourcePath: '',
    });
    expect(result.transcripts).toEqual([]);
  });

  it('keeps an unparseable publish date as text', () => {
    const [item] = normaliseVideosite('videosite/video', { id: VIDEO_ID, publishDate: '2009-10-24' }, {}).items;
    expect(item?.publishedAt).toBeNull();
    expect(item?.publishedText).toBe('2009-10-24');
  });
});

describe('videosite transcript', () => {
  const transcriptData = {
    videoId: VIDEO_ID,
    type: 'video',
    url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    transcript: [
      { text: 'Never gonna give you up', startMs: '18800', endMs: '21560', startTimeText: '0:18' },
      { text: "We're no strangers to love", startMs: '0', endMs: '3240', startTimeText: '0:00' },
    ],
    transcript_only_text: "We're no strangers to love Never gonna give you up",
    language: 'English',
  };

  it('reads segments with milliseconds carried as strings, sorted by start', () => {
    const result = normaliseVideosite('videosite/transcript', transcriptData, {
      url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
      language: 'en',
    });
    expect(result.items).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.transcripts).toEqual([
      {
        nativeId: VIDEO_ID,
        url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
        kind: 'video',
        language: 'English',
        available: true,
        segments: [
          { startMs: 0, endMs: 3240, text: "We're no strangers to love" },
          { startMs: 18800, endMs: 21560, text: 'Never gonna give you up' },
        ],
        fullText: "We're no strangers to love Never gonna give you up",
        format: 'segments',
      },
    ]);
  });

  it('records a null transcript as not available in that language', () => {
    const result = normaliseVideosite(
      'videosite/transcript',
      { ...transcriptData, transcript: null, transcript_only_text: null },
      { language: 'de' },
    );
    expect(result.transcripts).toEqual([
      {
        nativeId: VIDEO_ID,
        url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
        kind: 'video',
        language: 'English',
        available: false,
        segments: [],
        fullText: null,
        format: 'none',
      },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('uses the requested language and URL when the response lacks them', () => {
    const result = normaliseVideosite(
      'videosite/transcript',
      { transcript: null },
      { url: `https://www.youtube.com/shorts/${SHORT_ID}`, language: 'de' },
    );
    expect(result.transcripts[0]).toMatchObject({
      nativeId: SHORT_ID,
      url: `https://www.youtube.com/shorts/${SHORT_ID}`,
      kind: 'short',
      language: 'de',
      available: false,
    });
  });

  it('joins segment texts when there is no whole text, and uses startTimeText when startMs is missing', () => {
    const data = {
      videoId: VIDEO_ID,
      transcript: [
        { text: 'a', startTimeText: '0:05' },
        { text: 'b', startMs: '7000', endMs: 'soon' },
      ],
    };
    const [transcript] = normaliseVideosite('videosite/transcript', data, {}).transcripts;
    expect(transcript?.segments).toEqual([
      { startMs: 5000, endMs: null, text: 'a' },
      { startMs: 7000, endMs: null, text: 'b' },
    ]);
    expect(transcript?.fullText).toBe('a b');
  });

  it('reads a transcript given only as whole text', () => {
    const [transcript] = normaliseVideosite(
      'videosite/transcript',
      { videoId: VIDEO_ID, transcript: null, transcript_only_text: 'All of it' },
      {},
    ).transcripts;
    expect(transcript).toMatchObject({ available: true, segments: [], fullText: 'All of it', format: 'text' });
  });

  it('warns about garbage segments and when no transcript field is there', () => {
    const garbage = normaliseVideosite(
      'videosite/transcript',
      { videoId: VIDEO_ID, transcript: [null, 3, { text: 'ok', startMs: '10' }] },
      {},
    );
    expect(garbage.transcripts[0]?.segments).toEqual([{ startMs: 10, endMs: null, text: 'ok' }]);
    expect(garbage.warnings).toEqual(['2 of 3 transcript segments could not be read.']);
    const none = normaliseVideosite('videosite/transcript', { videoId: VIDEO_ID }, {});
    expect(none.transcripts).toEqual([]);
    expect(none.warnings[0]).toMatch(/neither transcript nor transcript_only_text/);
  });
});

describe('videosite robustness', () => {
  it('says so when data is not an object', () => {
    for (const data of [null, [], 'x', 3]) {
      const result = normaliseVideosite('videosite/search', data, {});
      expect(result.items).toEqual([]);
      expect(result.warnings).toHaveLength(1);
    }
  });

  it('refuses operations of other platforms', () => {
    expect(normaliseVideosite('shortvideo/search', {}, {}).warnings[0]).toMatch(/does not belong/);
  });

  it('gives the same result through normaliseResponse', () => {
    expect(normaliseResponse('videosite/search', searchData, {})).toEqual(normaliseVideosite('videosite/search', searchData, {}));
  });
});
