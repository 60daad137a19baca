import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_IDS, PLATFORMS, SPEC_ENDPOINT_VALUES, defaultPathOf, findOperation } from '../../src/shared/catalogue';

describe('operation catalogue', () => {
  it('holds exactly the 20 operations of the spec, once each', () => {
    expect(OPERATIONS).toHaveLength(20);
    expect(OPERATIONS.map((op) => op.id)).toEqual([...OPERATION_IDS]);
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(20);
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
