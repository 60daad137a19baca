import { describe, it, expect } from 'vitest';
import { normaliseShortvideo } from '../../../../../src/main/core/platforms/shortvideo/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

const AWEME_ID = '7301234567890123456';

/** `aweme_info` of a search result, as the spec shows it (no author, no id). */
const awemeInfo = {
  desc: 'Dance #fyp',
  statistics: { digg_count: 1200, comment_count: 34, play_count: 56000 },
  video: { bit_rate: [{ play_addr: { url_list: ['https://v16.example/play.mp4'] } }] },
};

/** `aweme_detail` as the spec shows it. */
const awemeDetail = {
  desc: 'Cooking pasta',
  statistics: { digg_count: 500, comment_count: 20, play_count: 9000 },
  video: {
    bit_rate: [{ play_addr: { url_list: ['https://v16.example/play.mp4'] } }],
    download_no_watermark_addr: { url_list: ['https://v16.example/nowm.mp4'] },
    play_addr: { url_list: ['https://v16.example/play2.mp4'] },
  },
  author: { nickname: 'Chef Ana', unique_id: 'chef.ana', uid: '6812345678901234567' },
};

describe('shortvideo search', () => {
  it('reads search_item_list[].aweme_info as the spec shows it', () => {
    const result = normaliseShortvideo(
      'shortvideo/search',
      { cursor: 10, search_item_list: [{ aweme_info: awemeInfo }] },
      { query: 'dance' },
    );
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'shortvideo',
        kind: 'video',
        nativeId: null,
        url: null,
        title: null,
        text: 'Dance #fyp',
        author: NO_AUTHOR,
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics({ views: 56000, likes: 1200, comments: 34 }),
        extras: { mediaUrl: 'https://v16.example/play.mp4' },
        sourcePath: 'search_item_list[0].aweme_info',
      },
    ]);
  });

  it('uses the id, author and other common fields when the record carries them', () => {
    const info = {
      ...awemeInfo,
      aweme_id: AWEME_ID,
      create_time: 1700000000,
      author: { nickname: 'Dancer', unique_id: 'dancer_1', uid: 42 },
      statistics: { ...awemeInfo.statistics, share_count: '77' },
      video: { ...awemeInfo.video, cover: { url_list: ['https://p16.example/cover.jpg'] } },
    };
    const [item] = normaliseShortvideo('shortvideo/search', { search_item_list: [{ aweme_info: info }] }, {}).items;
    expect(item).toEqual({
      platform: 'shortvideo',
      kind: 'video',
      nativeId: AWEME_ID,
      url: `https://www.tiktok.com/@dancer_1/video/${AWEME_ID}`,
      title: null,
      text: 'Dance #fyp',
      author: { name: 'Dancer', handle: 'dancer_1', id: '42', url: 'https://www.tiktok.com/@dancer_1' },
      publishedAt: '2023-11-14T22:13:20.000Z',
      publishedText: null,
      durationMs: null,
      thumbnailUrl: 'https://p16.example/cover.jpg',
      metrics: metrics({ views: 56000, likes: 1200, comments: 34, shares: 77 }),
      extras: { mediaUrl: 'https://v16.example/play.mp4' },
      sourcePath: 'search_item_list[0].aweme_info',
    });
  });

  it('reads an entry without aweme_info as it stands when it is a video, and reports other entries', () => {
    const bare = { aweme_id: AWEME_ID, desc: 'Bare entry' };
    const result = normaliseShortvideo(
      'shortvideo/search',
      { search_item_list: [{ type: 4, user_list: [{ uid: '1' }] }, bare, 'junk', null, { aweme_info: awemeInfo }] },
      {},
    );
    expect(result.items.map((item) => [item.sourcePath, item.nativeId, item.text])).toEqual([
      ['search_item_list[1]', AWEME_ID, 'Bare entry'],
      ['search_item_list[4].aweme_info', null, 'Dance #fyp'],
    ]);
    // A user card is no empty video: it is counted with the garbage.
    expect(result.warnings).toEqual(['3 of 5 records in search_item_list could not be read.']);
  });

  it('says so when the list is missing', () => {
    expect(normaliseShortvideo('shortvideo/search', { cursor: 0 }, {}).warnings).toEqual([
      'No search_item_list was found in the response.',
    ]);
  });
});

describe('shortvideo hashtag search and trending', () => {
  const list = {
    aweme_list: [
      { aweme_id: AWEME_ID, desc: 'one', statistics: { digg_count: 1, comment_count: 2, play_count: 3 } },
      {
        aweme_id: '7300000000000000001',
        desc: 'two',
        statistics: { digg_count: '10', comment_count: '2.5', play_count: null },
        extra: [1, 2],
      },
      { aweme_id: '7300000000000000002' },
    ],
  };

  for (const operation of ['shortvideo/search/hashtag', 'shortvideo/trending'] as const) {
    it(`${operation}: reads aweme_list[] with id, desc and statistics`, () => {
      const result = normaliseShortvideo(operation, list, { hashtag: 'fyp', region: 'US' });
      expect(result.warnings).toEqual([]);
      expect(result.items[0]).toEqual({
        platform: 'shortvideo',
        kind: 'video',
        nativeId: AWEME_ID,
        url: `https://m.tiktok.com/v/${AWEME_ID}.html`,
        title: null,
        text: 'one',
        author: NO_AUTHOR,
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics({ views: 3, likes: 1, comments: 2 }),
        sourcePath: 'aweme_list[0]',
      });
      expect(result.items[1]?.metrics).toEqual(metrics({ likes: 10 }));
      expect(result.items[2]).toMatchObject({
        nativeId: '7300000000000000002',
        text: null,
        metrics: metrics(),
        sourcePath: 'aweme_list[2]',
      });
    });
  }

  it('reports non-object entries', () => {
    const result = normaliseShortvideo('shortvideo/trending', { aweme_list: [1, { aweme_id: AWEME_ID }, true] }, {});
    expect(result.items).toHaveLength(1);
    expect(result.warnings).toEqual(['2 of 3 records in aweme_list could not be read.']);
  });
});

describe('shortvideo video details', () => {
  const url = `https://www.tiktok.com/@chef.ana/video/${AWEME_ID}?is_from_webapp=1`;

  it('maps every field of aweme_detail, taking the id from the requested URL', () => {
    const result = normaliseShortvideo('shortvideo/video', { aweme_detail: awemeDetail }, { url });
    expect(result.warnings).toEqual([]);
    expect(result.transcripts).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'shortvideo',
        kind: 'video',
        nativeId: AWEME_ID,
        url: `https://www.tiktok.com/@chef.ana/video/${AWEME_ID}`,
        title: null,
        text: 'Cooking pasta',
        author: { name: 'Chef Ana', handle: 'chef.ana', id: '6812345678901234567', url: 'https://www.tiktok.com/@chef.ana' },
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics({ views: 9000, likes: 500, comments: 20 }),
        extras: { mediaUrl: 'https://v16.example/play2.mp4', downloadUrl: 'https://v16.example/nowm.mp4' },
        sourcePath: 'aweme_detail',
      },
    ]);
  });

  it('builds the URL from the author and the id when the record has both', () => {
    const [item] = normaliseShortvideo(
      'shortvideo/video',
      { aweme_detail: { ...awemeDetail, aweme_id: AWEME_ID } },
      { url: 'https://vm.tiktok.com/ZMabc123/' },
    ).items;
    expect(item?.url).toBe(`https://www.tiktok.com/@chef.ana/video/${AWEME_ID}`);
    expect(item?.nativeId).toBe(AWEME_ID);
  });

  it('warns when aweme_detail is missing', () => {
    const result = normaliseShortvideo('shortvideo/video', { status_code: 0 }, { url });
    expect(result.items).toEqual([]);
    expect(result.warnings).toEqual(['The response has no aweme_detail record, so no video was read.']);
  });

  describe('transcript (shape not shown in the spec)', () => {
    const asked = { url, get_transcript: 'true' };

    it('reads WebVTT text at data.transcript', () => {
      const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nBoil the water\n\n00:00:02.500 --> 00:00:04.000\nAdd salt\n';
      const result = normaliseShortvideo('shortvideo/video', { aweme_detail: awemeDetail, transcript: vtt }, asked);
      expect(result.transcripts).toEqual([
        {
          nativeId: AWEME_ID,
          url: `https://www.tiktok.com/@chef.ana/video/${AWEME_ID}`,
          kind: 'video',
          language: null,
          available: true,
          segments: [
            { startMs: 0, endMs: 2000, text: 'Boil the water' },
            { startMs: 2500, endMs: 4000, text: 'Add salt' },
          ],
          fullText: 'Boil the water Add salt',
          format: 'webvtt',
        },
      ]);
    });

    it('reads segments in seconds at aweme_detail.transcript', () => {
      const result = normaliseShortvideo(
        'shortvideo/video',
        {
          aweme_detail: {
            ...awemeDetail,
            transcript: [
              { text: 'a', start: 0, end: 1.5 },
              { text: 'b', start: 1.5, end: 3 },
            ],
          },
        },
        asked,
      );
      expect(result.transcripts[0]?.segments).toEqual([
        { startMs: 0, endMs: 1500, text: 'a' },
        { startMs: 1500, endMs: 3000, text: 'b' },
      ]);
      expect(result.transcripts[0]?.format).toBe('segments');
    });

    it('reads a wrapper with language at aweme_detail.video.transcript', () => {
      const result = normaliseShortvideo(
        'shortvideo/video',
        { aweme_detail: { ...awemeDetail, video: { transcript: { language: 'en-US', text: 'Plain words' } } } },
        asked,
      );
      expect(result.transcripts[0]).toMatchObject({
        language: 'en-US',
        available: true,
        fullText: 'Plain words',
        format: 'text',
        segments: [],
      });
    });

    it('records a null transcript as unavailable only when one was asked for', () => {
      const data = { aweme_detail: { ...awemeDetail, transcript: null } };
      expect(normaliseShortvideo('shortvideo/video', data, asked).transcripts).toEqual([
        {
          nativeId: AWEME_ID,
          url: `https://www.tiktok.com/@chef.ana/video/${AWEME_ID}`,
          kind: 'video',
          language: null,
          available: false,
          segments: [],
          fullText: null,
          format: 'none',
        },
      ]);
      expect(normaliseShortvideo('shortvideo/video', data, { url }).transcripts).toEqual([]);
    });

    it('warns when a transcript was asked for but none is there', () => {
      const result = normaliseShortvideo('shortvideo/video', { aweme_detail: awemeDetail }, asked);
      expect(result.transcripts).toEqual([]);
      expect(result.warnings).toEqual(['A transcript was asked for, but the response holds none where one was looked for.']);
    });
  });
});

describe('shortvideo robustness', () => {
  it('handles data that is not an object and operations of other platforms', () => {
    expect(normaliseShortvideo('shortvideo/trending', 'x', {}).warnings).toHaveLength(1);
    expect(normaliseShortvideo('videosite/search', {}, {}).warnings[0]).toMatch(/does not belong/);
  });
});
