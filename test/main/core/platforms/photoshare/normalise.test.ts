import { describe, it, expect } from 'vitest';
import { normalisePhotoshare, shortcodeFromPk } from '../../../../../src/main/core/platforms/photoshare/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

/** data.data.xdt_shortcode_media as the spec shows it. */
const reelMedia = {
  id: '3301234567890123456',
  shortcode: 'C3xYz_AbCdE',
  video_url: 'https://scontent.example/v.mp4',
  video_play_count: 45000,
  edge_media_preview_like: { count: 3200 },
  edge_media_to_parent_comment: { count: 150 },
  owner: { username: 'natgeo', profile_pic_url: 'https://scontent.example/avatar.jpg' },
};

describe('photoshare post', () => {
  it('maps every field of a video post, as a reel', () => {
    const result = normalisePhotoshare(
      'photoshare/post',
      { data: { xdt_shortcode_media: reelMedia } },
      { url: 'https://www.instagram.com/reel/C3xYz_AbCdE/' },
    );
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'photoshare',
        kind: 'reel',
        nativeId: 'C3xYz_AbCdE',
        url: 'https://www.instagram.com/reel/C3xYz_AbCdE',
        title: null,
        text: null,
        author: { name: null, handle: 'natgeo', id: null, url: 'https://www.instagram.com/natgeo' },
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        // The owner's avatar is not the post's image.
        thumbnailUrl: null,
        metrics: metrics({ views: 45000, likes: 3200, comments: 150 }),
        extras: {
          mediaId: '3301234567890123456',
          mediaUrl: 'https://scontent.example/v.mp4',
          authorAvatarUrl: 'https://scontent.example/avatar.jpg',
        },
        sourcePath: 'data.xdt_shortcode_media',
      },
    ]);
  });

  it('gives a post without video_url kind post and a /p/ URL, with common extra fields', () => {
    const { video_url: _videoUrl, video_play_count: _plays, ...photo } = reelMedia;
    const media = {
      ...photo,
      edge_media_to_caption: { edges: [{ node: { text: 'Sunset <b>over</b> =SUM(A1)' } }] },
      taken_at_timestamp: '1700000000',
      display_url: 'https://scontent.example/photo.jpg',
      owner: { ...reelMedia.owner, id: '787132', full_name: 'National Geographic' },
    };
    const [item] = normalisePhotoshare('photoshare/post', { data: { xdt_shortcode_media: media } }, {}).items;
    expect(item).toEqual({
      platform: 'photoshare',
      kind: 'post',
      nativeId: 'C3xYz_AbCdE',
      url: 'https://www.instagram.com/p/C3xYz_AbCdE',
      title: null,
      text: 'Sunset <b>over</b> =SUM(A1)',
      author: { name: 'National Geographic', handle: 'natgeo', id: '787132', url: 'https://www.instagram.com/natgeo' },
      publishedAt: '2023-11-14T22:13:20.000Z',
      publishedText: null,
      durationMs: null,
      thumbnailUrl: 'https://scontent.example/photo.jpg',
      metrics: metrics({ likes: 3200, comments: 150 }),
      extras: { mediaId: '3301234567890123456', authorAvatarUrl: 'https://scontent.example/avatar.jpg' },
      sourcePath: 'data.xdt_shortcode_media',
    });
  });

  it('reads a trimmed post and falls back on the requested URL', () => {
    const result = normalisePhotoshare(
      'photoshare/post',
      { data: { xdt_shortcode_media: { video_play_count: '12' } } },
      { url: 'https://www.instagram.com/p/Cabcdef1234/?img_index=1' },
    );
    expect(result.items[0]).toMatchObject({
      kind: 'post',
      nativeId: 'Cabcdef1234',
      url: 'https://www.instagram.com/p/Cabcdef1234',
      author: NO_AUTHOR,
      metrics: metrics({ views: 12 }),
    });
  });

  it('knows a trimmed reel by the reel link asked for', () => {
    const [item] = normalisePhotoshare(
      'photoshare/post',
      { data: { xdt_shortcode_media: { shortcode: 'C3xYz_AbCdE' } } },
      { url: 'https://www.instagram.com/reel/C3xYz_AbCdE/' },
    ).items;
    expect(item).toMatchObject({ kind: 'reel', url: 'https://www.instagram.com/reel/C3xYz_AbCdE' });
  });

  it('reads nulls and odd values without dropping the post', () => {
    const media = {
      ...reelMedia,
      video_url: null,
      is_video: true,
      owner: null,
      edge_media_preview_like: null,
      edge_media_to_parent_comment: { count: 'many' },
    };
    const [item] = normalisePhotoshare('photoshare/post', { data: { xdt_shortcode_media: media } }, {}).items;
    expect(item).toMatchObject({ kind: 'reel', author: NO_AUTHOR, metrics: metrics({ views: 45000 }) });
  });

  it('warns when the post record is missing', () => {
    const result = normalisePhotoshare('photoshare/post', { data: { something: 1 } }, {});
    expect(result.items).toEqual([]);
    expect(result.warnings).toEqual(['The response has no data.xdt_shortcode_media record, so no post was read.']);
  });
});

describe('photoshare user reels', () => {
  it('maps the documented fields of items[], with the profile asked for as author', () => {
    const data = { items: [{ pk: '3301234567890123456', like_count: 10, comment_count: 2, play_count: 300 }] };
    const result = normalisePhotoshare('photoshare/user/reels', data, { handle: 'natgeo' });
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'photoshare',
        kind: 'reel',
        // The shortcode, as a link to the reel and the post operation name it.
        nativeId: shortcodeFromPk('3301234567890123456'),
        url: `https://www.instagram.com/reel/${shortcodeFromPk('3301234567890123456') ?? ''}`,
        title: null,
        text: null,
        author: { name: null, handle: 'natgeo', id: null, url: 'https://www.instagram.com/natgeo' },
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics({ views: 300, likes: 10, comments: 2 }),
        extras: { mediaId: '3301234567890123456' },
        sourcePath: 'items[0]',
      },
    ]);
  });

  it('unwraps { media } entries and prefers their own code and user', () => {
    const data = {
      items: [
        {
          media: {
            pk: 99,
            code: 'DAbc123',
            like_count: '5',
            user: { username: 'someone', pk: '1' },
            taken_at: 1700000000,
            video_duration: 12.345,
          },
        },
      ],
    };
    const [item] = normalisePhotoshare('photoshare/user/reels', data, { user_id: '787132' }).items;
    expect(item).toMatchObject({
      nativeId: 'DAbc123',
      url: 'https://www.instagram.com/reel/DAbc123',
      author: { name: null, handle: 'someone', id: '1', url: 'https://www.instagram.com/someone' },
      publishedAt: '2023-11-14T22:13:20.000Z',
      durationMs: 12345,
      metrics: metrics({ likes: 5 }),
      sourcePath: 'items[0].media',
    });
  });

  it('takes the profile typed with its "@" as the same username', () => {
    const [item] = normalisePhotoshare('photoshare/user/reels', { items: [{ pk: '1' }] }, { handle: '@natgeo' }).items;
    expect(item!.author).toEqual({ name: null, handle: 'natgeo', id: null, url: 'https://www.instagram.com/natgeo' });
    const [bare] = normalisePhotoshare('photoshare/user/reels', { items: [{ pk: '1' }] }, { handle: '@' }).items;
    expect(bare!.author).toEqual({ name: null, handle: null, id: null, url: null });
  });

  it('gives a reel the same id and URL as the post operation gives it, so the two are one item', () => {
    const pk = '3301234567890123456';
    const code = shortcodeFromPk(pk)!;
    const [listed] = normalisePhotoshare('photoshare/user/reels', { items: [{ pk }] }, { handle: 'natgeo' }).items;
    const [fetched] = normalisePhotoshare(
      'photoshare/post',
      { data: { xdt_shortcode_media: { shortcode: code, id: pk, is_video: true } } },
      { url: `https://www.instagram.com/reel/${code}` },
    ).items;
    expect([listed!.nativeId, listed!.url, listed!.kind]).toEqual([fetched!.nativeId, fetched!.url, fetched!.kind]);
  });

  it('gives a post answered without its shortcode the public one, never the numeric media id', () => {
    const pk = '3301234567890123456';
    const code = shortcodeFromPk(pk)!;
    const [listed] = normalisePhotoshare('photoshare/user/reels', { items: [{ pk }] }, { handle: 'natgeo' }).items;
    // Asked by a link that is not the reel's own form (a share link), the answer names only the numeric id.
    const [trimmed] = normalisePhotoshare('photoshare/post', { data: { xdt_shortcode_media: { id: pk, is_video: true } } }, {}).items;
    expect([trimmed!.nativeId, trimmed!.url]).toEqual([code, `https://www.instagram.com/reel/${code}`]);
    expect([trimmed!.nativeId, trimmed!.url]).toEqual([listed!.nativeId, listed!.url]);
  });

  it('reports garbage entries and keeps empty objects', () => {
    const result = normalisePhotoshare('photoshare/user/reels', { items: [{}, 'x', null] }, { user_id: '787132' });
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ nativeId: null, url: null, author: { name: null, handle: null, id: '787132', url: null } });
    expect(result.warnings).toEqual(['2 of 3 records in items could not be read.']);
  });

  it('says so when there is no items list', () => {
    expect(normalisePhotoshare('photoshare/user/reels', { more_available: false }, {}).warnings).toEqual([
      'No items list was found in the response.',
    ]);
  });
});

describe('shortcodeFromPk', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const decode = (code: string): bigint => [...code].reduce((value, char) => value * 64n + BigInt(ALPHABET.indexOf(char)), 0n);

  it('writes the media id in base 64 with the network alphabet', () => {
    expect(shortcodeFromPk('1')).toBe('B');
    expect(shortcodeFromPk('63')).toBe('_');
    expect(shortcodeFromPk('64')).toBe('BA');
    const pk = '3301234567890123456';
    expect(decode(shortcodeFromPk(pk) ?? '')).toBe(BigInt(pk));
    expect(shortcodeFromPk(`${pk}_787132`)).toBe(shortcodeFromPk(pk));
  });

  it('gives null for ids that are not numbers', () => {
    expect(shortcodeFromPk('abc')).toBeNull();
    expect(shortcodeFromPk('0')).toBeNull();
    expect(shortcodeFromPk('')).toBeNull();
  });
});
