/**
 * Social network (public pages): a page's reels, 10 per call.
 *
 * Not shown by the spec, chosen here: the reels sit at `data.reels[]`; the values for the
 * next page at `data.next_page_id` and `data.cursor` (both needed, both checked to belong
 * together), with `data.has_next_page`. The last page has both values null.
 */
import { badRequest } from '../errors';
import { hostileTextFor, isHostileItem } from '../hostile';
import { createRandom, hashOf, numericId } from '../random';
import { pickLanguage, sampleParagraph } from '../sample-text';
import { pastTime } from '../time-format';
import { decodePageToken, encodePageToken, keyParts, urlKey, type PlatformHandlers } from './context';
import { PAGE_HOSTS, media } from './sample-urls';

const PAGE_SIZE = 10;
const SCOPE = 'socialnet/user/reels';

const nextPageId = (seed: string, key: string, page: number): string => String(1e15 + (hashOf(seed, 'sn-next', key, page) % 9e14));

export function reel(seed: string, pageKey: string, index: number): Record<string, unknown> {
  const random = createRandom(seed, 'sn-reel', pageKey, index);
  const postId = numericId(random, 16);
  const views = 100 + random.skewed(3_000_000);
  const likes = Math.floor(views * (0.01 + random.next() * 0.06));
  let description = sampleParagraph(random, pickLanguage(random), random.int(1, 3));
  if (isHostileItem(seed, 'socialnet', postId)) {
    const hostile = hostileTextFor(seed, 'socialnet', postId);
    description = `${hostile.title} ${description} ${hostile.body}`;
  }
  return {
    post_id: postId,
    url: `${PAGE_HOSTS.socialnet}/reel/${postId}`,
    description,
    video_url: media('socialnet', `v/t42/${postId}_n.mp4`),
    thumbnail_url: media('socialnet', `v/t15/${postId}.jpg`),
    length_in_second: random.int(5, 90),
    publish_time: Math.floor(pastTime(random.next()) / 1000),
    like_count: likes,
    comment_count: Math.floor(likes * random.next() * 0.1),
    share_count: Math.floor(likes * random.next() * 0.05),
    view_count: views,
  };
}

const reels: PlatformHandlers<'socialnet'>['socialnet/user/reels'] = (ctx) => {
  const givenId = ctx.params.get('next_page_id');
  const cursor = ctx.params.get('cursor');
  let key = JSON.stringify([urlKey(ctx.params.get('url') ?? '')]);
  let page = 0;
  if (cursor !== undefined) {
    ({ key, page } = decodePageToken(ctx.seed, SCOPE, cursor, 'cursor'));
    if (givenId !== nextPageId(ctx.seed, key, page))
      throw badRequest('Parameters next_page_id and cursor do not belong together; take both from the same response.');
  }
  const pageKey = keyParts(key)[0] ?? '';
  const total = 25 + (hashOf(ctx.seed, 'sn-total', pageKey) % 21);
  const count = Math.max(0, Math.min(PAGE_SIZE, total - page * PAGE_SIZE));
  const more = (page + 1) * PAGE_SIZE < total;
  return {
    reels: Array.from({ length: count }, (_, i) => reel(ctx.seed, pageKey, page * PAGE_SIZE + i)),
    next_page_id: more ? nextPageId(ctx.seed, key, page + 1) : null,
    cursor: more ? encodePageToken(ctx.seed, SCOPE, key, page + 1) : null,
    has_next_page: more,
  };
};

export const socialnet: PlatformHandlers<'socialnet'> = { 'socialnet/user/reels': reels };
