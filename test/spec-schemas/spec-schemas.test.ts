import { describe, expect, it } from 'vitest';
import { specSchemaFor } from '.';

const envelope = (platform: string, endpoint: string, data: unknown, requestId = 'req_abc123') => ({
  success: true,
  data,
  meta: { platform, endpoint, request_id: requestId },
});

const segment = { text: 'hi', startMs: '0', endMs: '1500', startTimeText: '0:00' };
const transcriptData = {
  videoId: 'v',
  type: 'video',
  url: 'https://v.example/watch?v=v',
  transcript: [segment],
  transcript_only_text: 'hi',
  language: 'English',
};

describe('spec schemas', () => {
  it('accept a body shaped as the spec says, with extra fields', () => {
    const body = envelope('videosite', 'transcript', { ...transcriptData, extra: 1 });
    expect(specSchemaFor('videosite/transcript').safeParse(body).success).toBe(true);
  });

  it.each([
    ['a request id without req_', envelope('videosite', 'transcript', transcriptData, 'abc')],
    ['another platform', envelope('tweetsite', 'transcript', transcriptData)],
    ['another endpoint', envelope('videosite', 'video', transcriptData)],
    ['startMs as a number', envelope('videosite', 'transcript', { ...transcriptData, transcript: [{ ...segment, startMs: 0 }] })],
    ['a language code instead of words', envelope('videosite', 'transcript', { ...transcriptData, language: 'en' })],
    ['success false', { ...envelope('videosite', 'transcript', transcriptData), success: false }],
  ])('reject %s', (_, body) => {
    expect(specSchemaFor('videosite/transcript').safeParse(body).success).toBe(false);
  });

  it('check colours, ids, dates and listing rules', () => {
    const pin = {
      autoAltText: 'a',
      closeupUnifiedDescription: 'b',
      description: 'c',
      dominantColor: '#a1b2c3',
      originPinner: { username: 'u' },
      images: { orig: { width: 1, height: 2, url: 'https://i.example/x.jpg' } },
    };
    expect(specSchemaFor('pinboard/pin').safeParse(envelope('pinboard', 'pin', pin)).success).toBe(true);
    expect(specSchemaFor('pinboard/pin').safeParse(envelope('pinboard', 'pin', { ...pin, dominantColor: 'red' })).success).toBe(false);

    const post = { id: 't3_abc', title: 't', url: 'https://f.example/', subreddit: { id: 't5_x', name: 'x' } };
    const forum = (data: unknown) =>
      specSchemaFor('forum/subreddit/search', { filter: 'posts' }).safeParse(envelope('forum', 'subreddit-search', data)).success;
    expect(forum({ posts: [post] })).toBe(true);
    expect(forum({ posts: [{ ...post, id: 'abc' }] })).toBe(false);
    expect(forum({ posts: [{ ...post, subreddit: { id: 'x', name: 'x' } }] })).toBe(false);
    expect(forum({ posts: [post], comments: [] })).toBe(false);

    const item = {
      type: 'video',
      id: 'i',
      url: 'https://v.example/w',
      title: 't',
      thumbnail: 'https://v.example/t.jpg',
      viewCountInt: 1,
      publishedTimeText: '1 day ago',
      lengthText: '1:02',
      lengthSeconds: 62,
    };
    const channelListing = (data: unknown) =>
      specSchemaFor('videosite/channel/videos').safeParse(envelope('videosite', 'channel-videos', data)).success;
    expect(channelListing({ videos: [item], continuationToken: 'x' })).toBe(true);
    expect(channelListing({ videos: [{ ...item, channel: { id: 'c', title: 't' } }], continuationToken: 'x' })).toBe(false);
    expect(channelListing({ videos: [{ ...item, lengthText: '62 seconds' }], continuationToken: 'x' })).toBe(false);

    const professional = {
      url: 'https://p.example/1',
      name: 'n',
      headline: 'h',
      commentCount: 1,
      likeCount: 2,
      datePublished: '2024-03-05T09:12:44.123+01:00',
      description: 'd',
      author: { name: 'a', url: 'https://p.example/a', followers: 3 },
    };
    const pro = (data: unknown) => specSchemaFor('professional/post').safeParse(envelope('professional', 'post', data)).success;
    expect(pro(professional)).toBe(true);
    expect(pro({ ...professional, datePublished: '2024-03-05T09:12:44+01:00' })).toBe(false);
    expect(pro({ ...professional, likeCount: 1.5 })).toBe(false);
  });
});
