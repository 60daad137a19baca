/**
 * Photo-sharing network: single posts/reels (`data.data.xdt_shortcode_media`, the doubled
 * `data` as the spec shows) and a profile's reels.
 *
 * Not shown by the spec, chosen here: the next `max_id` sits at `data.paging_info.max_id`
 * with `data.paging_info.more_available`; on the last page max_id is null and
 * more_available false.
 */
import { hostileTextFor, isHostileItem, type HostileText } from '../hostile';
import { ID_CHARS, createRandom, hashOf, numericId } from '../random';
import { pickLanguage, sampleParagraph, samplePerson, type SampleLanguage } from '../sample-text';
import { pastTime } from '../time-format';
import { decodePageToken, encodePageToken, keyParts, urlKey, type PlatformHandlers, type ResponseContext } from './context';
import { PAGE_HOSTS, media, pathMatch } from './sample-urls';

const USER_COUNT = 25;
const POOL_SIZE = 800;
const PAGE_SIZE = 12;
const SHORTCODE = /^[A-Za-z0-9_-]{5,40}$/;

interface User {
  index: number;
  id: string;
  username: string;
  fullName: string;
  language: SampleLanguage;
  followers: number;
  verified: boolean;
}

interface Post {
  id: string;
  shortcode: string;
  owner: User;
  caption: string;
  takenAt: number;
  plays: number;
  likes: number;
  comments: number;
  durationS: number;
  hostile: HostileText | null;
  commentTexts: string[];
}

function userAt(seed: string, index: number): User {
  const random = createRandom(seed, 'ps-user', index);
  const language = pickLanguage(random);
  const person = samplePerson(random, language);
  return {
    index,
    id: numericId(random, 11),
    username: person.handle,
    fullName: person.name,
    language,
    followers: random.skewed(2_000_000),
    verified: random.chance(0.1),
  };
}

export function postFor(seed: string, shortcode: string): Post {
  const random = createRandom(seed, 'ps-post', shortcode);
  const owner = userAt(seed, random.int(0, USER_COUNT - 1));
  const plays = 100 + random.skewed(5_000_000);
  const likes = Math.floor(plays * (0.02 + random.next() * 0.08));
  const hostile = isHostileItem(seed, 'photoshare', shortcode) ? hostileTextFor(seed, 'photoshare', shortcode) : null;
  const caption = sampleParagraph(random, owner.language, random.int(1, 3));
  return {
    id: numericId(random, 19),
    shortcode,
    owner,
    caption: hostile ? `${hostile.title} ${caption} ${hostile.body}` : caption,
    takenAt: Math.floor(pastTime(random.next()) / 1000),
    plays,
    likes,
    comments: Math.floor(likes * (0.01 + random.next() * 0.05)),
    durationS: random.int(5, 90) + random.int(0, 999) / 1000,
    hostile,
    commentTexts: [sampleParagraph(random, owner.language, 1), sampleParagraph(random, pickLanguage(random), 1)],
  };
}

interface Pool {
  byShortcode: Map<string, Post>;
  posts: Post[];
  users: User[];
}

const poolOf = (ctx: ResponseContext): Pool =>
  ctx.memo('photoshare-pool', () => {
    const posts = Array.from({ length: POOL_SIZE }, (_, i) => postFor(ctx.seed, createRandom(ctx.seed, 'ps-pool', i).chars(ID_CHARS, 11)));
    return {
      byShortcode: new Map(posts.map((p) => [p.shortcode, p])),
      posts,
      users: Array.from({ length: USER_COUNT }, (_, i) => userAt(ctx.seed, i)),
    };
  });

const videoUrl = (p: Post): string => media('photoshare', `v/t50/${p.id}_n.mp4`);
const imageUrl = (p: Post, size: number): string => media('photoshare', `v/t51/${p.id}_${size}.jpg`);
const avatarUrl = (u: User): string => media('photoshare', `v/t51/profile/${u.id}_s150x150.jpg`);

function shortcodeMedia(p: Post, trim: boolean): Record<string, unknown> {
  const owner = { id: p.owner.id, username: p.owner.username, profile_pic_url: avatarUrl(p.owner) };
  const essentials = {
    __typename: 'XDTGraphVideo',
    id: p.id,
    shortcode: p.shortcode,
    is_video: true,
    video_url: videoUrl(p),
    video_play_count: p.plays,
    edge_media_preview_like: { count: p.likes },
    edge_media_to_parent_comment: { count: p.comments },
    edge_media_to_caption: { edges: [{ node: { text: p.caption } }] },
    owner,
    taken_at_timestamp: p.takenAt,
  };
  if (trim) return essentials;
  return {
    ...essentials,
    product_type: 'clips',
    video_view_count: Math.floor(p.plays * 0.6),
    video_duration: p.durationS,
    display_url: imageUrl(p, 1080),
    thumbnail_src: imageUrl(p, 640),
    dimensions: { height: 1920, width: 1080 },
    display_resources: [640, 750, 1080].map((width) => ({
      src: imageUrl(p, width),
      config_width: width,
      config_height: Math.round((width * 16) / 9),
    })),
    accessibility_caption: null,
    location: null,
    edge_media_to_parent_comment: {
      count: p.comments,
      page_info: { has_next_page: p.comments > 2, end_cursor: null },
      edges: p.commentTexts.map((text, i) => ({
        node: {
          id: `${p.id.slice(0, 12)}${i}`,
          text,
          created_at: p.takenAt + 3600 * (i + 1),
          owner: { username: `${p.owner.username}_fan${i}` },
        },
      })),
    },
    owner: { ...owner, full_name: p.owner.fullName, is_verified: p.owner.verified, edge_followed_by: { count: p.owner.followers } },
  };
}

function postFromUrl(ctx: ResponseContext, url: string): Post {
  const code = pathMatch(url, /\/(?:p|reel|reels|tv)\/([^/?#]+)/);
  const shortcode = code !== null && SHORTCODE.test(code) ? code : createRandom(ctx.seed, 'ps-url', urlKey(url)).chars(ID_CHARS, 11);
  return poolOf(ctx).byShortcode.get(shortcode) ?? postFor(ctx.seed, shortcode);
}

const post: PlatformHandlers<'photoshare'>['photoshare/post'] = (ctx) => {
  const p = postFromUrl(ctx, ctx.params.get('url') ?? '');
  return { data: { xdt_shortcode_media: shortcodeMedia(p, ctx.params.flag('trim')) }, status: 'ok' };
};

export function reelItem(p: Post, trim: boolean): Record<string, unknown> {
  const item = {
    pk: p.id,
    id: `${p.id}_${p.owner.id}`,
    code: p.shortcode,
    like_count: p.likes,
    comment_count: p.comments,
    play_count: p.plays,
  };
  if (trim) return item;
  return {
    ...item,
    media_type: 2,
    product_type: 'clips',
    taken_at: p.takenAt,
    video_duration: p.durationS,
    url: `${PAGE_HOSTS.photoshare}/reel/${p.shortcode}/`,
    image_versions2: { candidates: [1080, 640].map((width) => ({ url: imageUrl(p, width), width, height: Math.round((width * 16) / 9) })) },
    video_versions: [{ type: 101, url: videoUrl(p), width: 720, height: 1280 }],
    user: { pk: p.owner.id, username: p.owner.username, profile_pic_url: avatarUrl(p.owner) },
  };
}

/** The profile a reels request names: a known one, or one picked by a hash of what was given. */
export function reelsUser(ctx: ResponseContext): { index: number; id: string } {
  const pool = poolOf(ctx);
  const userId = ctx.params.get('user_id');
  const handle = ctx.params.get('handle')?.toLowerCase();
  const known = pool.users.find((u) => u.id === userId || u.username.toLowerCase() === handle);
  return known ?? pool.users[hashOf(ctx.seed, userId ?? '', handle ?? '') % USER_COUNT] ?? userAt(ctx.seed, 0);
}

const reels: PlatformHandlers<'photoshare'>['photoshare/user/reels'] = (ctx) => {
  const pool = poolOf(ctx);
  const user = reelsUser(ctx);
  const maxId = ctx.params.get('max_id');
  const { key, page } =
    maxId === undefined
      ? { key: JSON.stringify([user.index]), page: 0 }
      : decodePageToken(ctx.seed, 'photoshare/user/reels', maxId, 'max_id');
  const index = Number(keyParts(key)[0] ?? 0);
  const all = pool.posts.filter((p) => p.owner.index === index).sort((a, b) => b.takenAt - a.takenAt);
  const more = (page + 1) * PAGE_SIZE < all.length;
  const trim = ctx.params.flag('trim');
  return {
    items: all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((p) => reelItem(p, trim)),
    paging_info: { max_id: more ? encodePageToken(ctx.seed, 'photoshare/user/reels', key, page + 1) : null, more_available: more },
  };
};

export const photoshare: PlatformHandlers<'photoshare'> = {
  'photoshare/post': post,
  'photoshare/user/reels': reels,
};
