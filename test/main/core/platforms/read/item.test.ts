import { describe, expect, it } from 'vitest';
import { childPath, isEmptyAuthor, makeAuthor, makeItem, pathOf } from '../../../../../src/main/core/platforms/read/item';
import { NO_AUTHOR, metrics } from '../helpers';

describe('building an item', () => {
  it('fills every field the record lacks with null, and keeps only extras that have a value', () => {
    const item = makeItem('videosite', 'videos[0]', {
      kind: 'video',
      title: 'A title',
      metrics: { views: 10 },
      extras: { mediaUrl: 'https://media.example/v.mp4', headline: null },
    });
    expect(item).toEqual({
      platform: 'videosite',
      kind: 'video',
      nativeId: null,
      url: null,
      title: 'A title',
      text: null,
      author: NO_AUTHOR,
      publishedAt: null,
      publishedText: null,
      durationMs: null,
      thumbnailUrl: null,
      metrics: metrics({ views: 10 }),
      extras: { mediaUrl: 'https://media.example/v.mp4' },
      sourcePath: 'videos[0]',
    });
    expect(makeItem('forum', 'x', { kind: 'post', extras: { headline: null } })).not.toHaveProperty('extras');
  });

  it('builds authors and tells an empty one', () => {
    expect(makeAuthor({ handle: 'h' })).toEqual({ ...NO_AUTHOR, handle: 'h' });
    expect(isEmptyAuthor(makeAuthor(null))).toBe(true);
    expect(isEmptyAuthor(makeAuthor({ id: '1' }))).toBe(false);
  });

  it('writes where in the response a record was found', () => {
    expect(childPath('videos', 3)).toBe('videos[3]');
    expect(childPath('', 'data')).toBe('data');
    expect(childPath('data', 'odd-key')).toBe('data["odd-key"]');
    expect(pathOf('search_item_list', 0, 'aweme_info')).toBe('search_item_list[0].aweme_info');
  });
});
