import { describe, expect, it } from 'vitest';
import { askedItemLink } from '../../../../../src/main/core/platforms/read/asked-link';

describe('the link a single-item request asked for', () => {
  it('is the canonical form of its url, however it was typed', () => {
    expect(askedItemLink('shortvideo/video', { url: 'https://vm.tiktok.com/ZMshare12/', get_transcript: 'true' })).toEqual({
      platform: 'shortvideo',
      link: 'https://vm.tiktok.com/ZMshare12',
    });
    expect(askedItemLink('videosite/transcript', { url: 'https://youtu.be/dQw4w9WgXcQ?si=x', language: 'en' })).toEqual({
      platform: 'videosite',
      link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });

  it('is none for a listing, another platform, no url or an unreadable one', () => {
    expect(askedItemLink('videosite/channel/videos', { url: 'https://www.youtube.com/@newsroom' })).toBeNull();
    expect(askedItemLink('socialnet/user/reels', { url: 'https://www.facebook.com/newsroom' })).toBeNull();
    expect(askedItemLink('pinboard/pin', { url: 'https://vm.tiktok.com/ZMshare12/' })).toBeNull();
    expect(askedItemLink('videosite/search', { query: 'harbour' })).toBeNull();
    expect(askedItemLink('pinboard/pin', { url: 'not a link' })).toBeNull();
  });
});
