import { describe, expect, it } from 'vitest';
import {
  bringsTranscript,
  defaultPathOf,
  findOperation,
  isOperationId,
  ITEM_KINDS,
  kindLabel,
  OPERATIONS,
  OPERATION_IDS,
  PLATFORMS,
  platformLabel,
  SPEC_ENDPOINT_VALUES,
  transcriptRoute,
  withTranscript,
  type OperationId,
} from '../../src/shared/catalogue';

describe('operation catalogue', () => {
  it('holds exactly the 20 operations of the spec, once each', () => {
    expect(OPERATIONS).toHaveLength(20);
    expect(OPERATIONS.map((op) => op.id)).toEqual([...OPERATION_IDS]);
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(20);
  });

  it('reads the operation ids from the entries, so an id no entry has is a type error', () => {
    // @ts-expect-error -- no entry has this id
    const unknown: OperationId = 'videosite/nothing';
    const known: OperationId = 'videosite/video';
    expect([unknown, known].filter(isOperationId)).toEqual(['videosite/video']);
  });

  it('derives every id and path from its platform and path', () => {
    for (const op of OPERATIONS) {
      expect(op.id).toBe(`${op.platform}/${op.path}`);
      expect(PLATFORMS).toContain(op.platform);
      expect(defaultPathOf(op)).toBe(`/api/v1/partner/${op.platform}/${op.path}`);
      expect(findOperation(op.platform, op.path)).toBe(op);
    }
  });

  it('uses only meta.endpoint values the spec lists', () => {
    for (const op of OPERATIONS) if (op.endpoint !== null) expect(SPEC_ENDPOINT_VALUES).toContain(op.endpoint);
  });

  it('names every parameter in constraints and pagination', () => {
    for (const op of OPERATIONS) {
      const names = op.params.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      for (const rule of op.constraints) {
        const mentioned = rule.kind === 'oneOf' ? rule.params : [rule.param, ...(rule.requires ?? []), ...(rule.excludes ?? [])];
        for (const name of mentioned) expect(names, `${op.id} ${name}`).toContain(name);
      }
      for (const feed of op.pagination?.feeds ?? []) expect(names, `${op.id} ${feed.param}`).toContain(feed.param);
      for (const p of op.params) if (p.type === 'enum') expect(p.values?.length, `${op.id} ${p.name}`).toBeGreaterThan(0);
    }
  });

  it('uses PRODUCT.md’s default wire names for the parameters the spec leaves unnamed', () => {
    const wire = (id: string) =>
      OPERATIONS.find((op) => op.id === id)!
        .params.filter((p) => p.unnamedInSpec)
        .map((p) => p.name)
        .sort();
    expect(wire('shortvideo/search')).toEqual(['cursor', 'date_posted', 'region', 'sort_by', 'trim'].sort());
    expect(wire('shortvideo/video')).toEqual(['get_transcript', 'region', 'trim'].sort());
    expect(wire('videosite/search')).toEqual(['filter', 'includeExtras'].sort());
    expect(wire('videosite/channel/videos')).toEqual(['includeExtras', 'sort'].sort());
    expect(wire('videosite/search/hashtag')).toEqual(['type']);
    expect(wire('videosite/transcript')).toEqual(['language']);
    expect(wire('microblog/user/posts')).toEqual(['handle', 'user_id']);
    expect(wire('forum/subreddit/search')).toEqual(['query']);
  });

  it('knows which operations paginate, carry transcripts and take the trim flag', () => {
    const paginated = OPERATIONS.filter((op) => op.pagination)
      .map((op) => op.id)
      .sort();
    expect(paginated).toEqual(
      [
        'shortvideo/search',
        'shortvideo/search/hashtag',
        'videosite/search',
        'videosite/channel/videos',
        'videosite/search/hashtag',
        'photoshare/user/reels',
        'socialnet/user/reels',
      ].sort(),
    );
    expect(
      OPERATIONS.filter((op) => op.transcripts)
        .map((op) => op.id)
        .sort(),
    ).toEqual(['shortvideo/video', 'videosite/transcript', 'videosite/video', 'tweetsite/transcript'].sort());
    for (const op of OPERATIONS) expect(op.trim, op.id).toBe(op.params.some((p) => p.name === 'trim'));
    expect(OPERATIONS.find((op) => op.id === 'socialnet/user/reels')!.pagination!.feeds.map((f) => f.param)).toEqual([
      'next_page_id',
      'cursor',
    ]);
  });
});

describe('transcript routing', () => {
  it('names the operation that brings an item’s transcript, by platform and kind', () => {
    for (const kind of ['video', 'short', 'live']) {
      expect(transcriptRoute('videosite', kind)).toEqual({ operation: 'videosite/transcript', flag: null, languageParam: 'language' });
    }
    expect(transcriptRoute('videosite', 'channel')).toBeNull();
    expect(transcriptRoute('shortvideo', 'video')).toEqual({ operation: 'shortvideo/video', flag: 'get_transcript', languageParam: null });
    expect(transcriptRoute('tweetsite', 'tweet')).toEqual({ operation: 'tweetsite/transcript', flag: null, languageParam: null });
    expect(transcriptRoute('tweetsite', 'profile')).toBeNull();
    for (const platform of ['photoshare', 'microblog', 'professional', 'pinboard', 'socialnet', 'forum']) {
      expect(transcriptRoute(platform, 'post')).toBeNull();
    }
    expect(transcriptRoute('unknown', 'video')).toBeNull();
  });

  it('has at most one transcript operation per platform, each one that carries transcripts', () => {
    const bringing = OPERATIONS.filter((op) => op.bringsTranscript !== undefined);
    expect(bringing.map((op) => op.id)).toEqual(['shortvideo/video', 'videosite/transcript', 'tweetsite/transcript']);
    for (const op of bringing) {
      expect(op.transcripts).toBe(true);
      const flag = op.bringsTranscript?.flag;
      if (flag !== undefined) expect(op.params.map((p) => p.name)).toContain(flag);
    }
  });

  it('adds the transcript to a fetch by link: a flag on the same fetch, or a separate request', () => {
    const url = 'https://www.youtube.com/watch?v=abcdefghijk';
    expect(withTranscript('videosite/video', { url })).toEqual({
      params: { url },
      extra: [{ operation: 'videosite/transcript', params: { url } }],
    });
    const short = 'https://www.tiktok.com/@a/video/1';
    expect(withTranscript('shortvideo/video', { url: short })).toEqual({ params: { url: short, get_transcript: 'true' }, extra: [] });
    // A link that is itself the transcript, a listing, and a platform without transcripts are left as they are.
    expect(withTranscript('tweetsite/transcript', { url })).toEqual({ params: { url }, extra: [] });
    expect(withTranscript('videosite/channel/videos', { handle: '@a' })).toEqual({ params: { handle: '@a' }, extra: [] });
    expect(withTranscript('shortvideo/search/hashtag', { hashtag: 'x' })).toEqual({ params: { hashtag: 'x' }, extra: [] });
    expect(withTranscript('photoshare/post', { url })).toEqual({ params: { url }, extra: [] });
    expect(bringsTranscript('shortvideo/video')).toBe(true);
    expect(bringsTranscript('videosite/video')).toBe(false);
  });
});

describe('names', () => {
  it('labels every platform and every item kind, and shows unknown values as stored', () => {
    for (const platform of PLATFORMS) expect(platformLabel(platform)).not.toBe(platform);
    for (const kind of ITEM_KINDS) expect(kindLabel(kind)).not.toBe(kind);
    expect(platformLabel('elsewhere')).toBe('elsewhere');
    expect(kindLabel('constructor')).toBe('constructor');
    expect(kindLabel('tweet')).toBe('Short message');
  });
});
