import { describe, expect, it } from 'vitest';
import { isPlatformUrl, isUsableNativeId, MAX_NATIVE_ID_LENGTH } from '../../../../../src/main/core/platforms/normalise/identity';
import { PLATFORM_MODULES } from '../../../../../src/main/core/platforms/registry';

describe('the identity an answer gives an item', () => {
  it('takes ids of the shapes platforms use, and nothing that only poses as one', () => {
    for (const id of [
      'dQw4w9WgXcQ',
      '7234567890123456789',
      't3_abc12',
      'at://did:plc:abc/app.bsky.feed.post/3kabc',
      'x'.repeat(MAX_NATIVE_ID_LENGTH),
    ]) {
      expect(isUsableNativeId(id), id).toBe(true);
    }
    for (const id of [
      '',
      '../../etc/passwd',
      'a/../b',
      '..',
      '.',
      'two words',
      'tab\there',
      'quote"d',
      '<b>',
      'back\\slash',
      'é',
      'x'.repeat(MAX_NATIVE_ID_LENGTH + 1),
    ]) {
      expect(isUsableNativeId(id), id).toBe(false);
    }
  });

  it('takes a link only on a host of the item’s own platform', () => {
    expect(isPlatformUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'videosite')).toBe(true);
    expect(isPlatformUrl('https://youtube.com./shorts/dQw4w9WgXcQ', 'videosite')).toBe(true);
    expect(isPlatformUrl('https://evil.example/watch?v=dQw4w9WgXcQ', 'videosite')).toBe(false);
    expect(isPlatformUrl('https://www.tiktok.com/@a/video/1', 'videosite')).toBe(false);
    expect(isPlatformUrl('javascript:alert(1)', 'videosite')).toBe(false);
    expect(isPlatformUrl('file:///etc/passwd', 'videosite')).toBe(false);
  });

  it('takes a microblog post named by handle or DID for the same record, but two accounts’ for two posts', () => {
    const same = PLATFORM_MODULES.microblog.sameItem!;
    const byHandle = 'at://newsroom.bsky.social/app.bsky.feed.post/3kabc';
    expect(same(byHandle, 'at://did:plc:abc/app.bsky.feed.post/3kabc')).toBe(true);
    expect(same(byHandle, 'at://did:plc:abc/app.bsky.feed.post/3kxyz')).toBe(false);
    expect(same(byHandle, 'at://other.bsky.social/app.bsky.feed.post/3kabc')).toBe(false);
    expect(same('at://did:plc:abc/app.bsky.feed.post/3kabc', 'at://did:plc:def/app.bsky.feed.post/3kabc')).toBe(false);
  });
});
