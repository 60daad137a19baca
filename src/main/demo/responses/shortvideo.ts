/**
 * Short-video app: keyword and hashtag search, single videos (optionally with a transcript)
 * and the trending feed. Field names follow the platform's own API, as the service relays it.
 *
 * Not shown by the spec, chosen here: the transcript flag adds `data.transcript`, WebVTT text
 * (null when the video has no speech); hashtag search puts its cursor at `data.cursor` with
 * `data.has_more`, like keyword search. The last page has `cursor: null` and `has_more: 0`.
 */
import { hostileTextFor, isHostileItem, type HostileText } from '../hostile';
import { ALNUM, createRandom, numericId } from '../random';
import { pickLanguage, sampleHashtag, sampleParagraph, samplePerson, sampleTitle, type SampleLanguage } from '../sample-text';
import { SAMPLE_NOW_MS, pastTime } from '../time-format';
import { matchesFirst, pageCountFor, shuffled, urlKey, type PlatformHandlers, type ResponseContext } from './context';
import { PAGE_HOSTS, media, pathMatch } from './sample-urls';
import { buildSegments, webVtt } from './transcripts';

const AUTHOR_COUNT = 80;
const POOL_SIZE = 1000;
const PAGE_SIZE = 10;
const TRENDING_COUNT = 20;
const DAY_S = 86_400;
const POSTED_WINDOWS: Readonly<Record<string, number>> = {
  yesterday: DAY_S,
  'this-week': 7 * DAY_S,
  'this-month': 31 * DAY_S,
  'last-3-months': 92 * DAY_S,
  'last-6-months': 183 * DAY_S,
};

interface Author {
  uid: string;
  secUid: string;
  uniqueId: string;
  nickname: string;
  language: SampleLanguage;
  followers: number;
  signature: string;
}

interface Clip {
  id: string;
  author: Author;
  desc: string;
  createTime: number;
  durationMs: number;
  digg: number;
  comments: number;
  plays: number;
  shares: number;
  collects: number;
  hashtags: string[];
  language: SampleLanguage;
  hasSpeech: boolean;
  hostile: HostileText | null;
}

function authorAt(seed: string, index: number): Author {
  const random = createRandom(seed, 'sv-author', index);
  const language = pickLanguage(random);
  const person = samplePerson(random, language);
  return {
    uid: numericId(random, 19),
    secUid: `MS4wLjABAAAA${random.chars(ALNUM, 40)}`,
    uniqueId: person.handle,
    nickname: person.name,
    language,
    followers: random.skewed(4_000_000),
    signature: sampleParagraph(random, language, 1),
  };
}

export function clipFor(seed: string, id: string): Clip {
  const random = createRandom(seed, 'sv-clip', id);
  const author = authorAt(seed, random.int(0, AUTHOR_COUNT - 1));
  const language = random.chance(0.85) ? author.language : pickLanguage(random);
  const hashtags = [...new Set([sampleHashtag(random, language), sampleHashtag(random, language), 'fyp'])];
  let desc = `${sampleTitle(random, language)} ${hashtags.map((h) => `#${h}`).join(' ')}`;
  const plays = 200 + random.skewed(20_000_000);
  const digg = Math.floor(plays * (0.02 + random.next() * 0.1));
  const hostile = isHostileItem(seed, 'shortvideo', id) ? hostileTextFor(seed, 'shortvideo', id) : null;
  if (hostile) desc = `${hostile.title} ${desc} ${hostile.body}`;
  return {
    id,
    author,
    desc,
    createTime: Math.floor(pastTime(random.next()) / 1000),
    durationMs: random.int(6, 180) * 1000 + random.int(0, 999),
    digg,
    comments: Math.floor(digg * (0.01 + random.next() * 0.05)),
    plays,
    shares: Math.floor(digg * random.next() * 0.1),
    collects: Math.floor(digg * random.next() * 0.2),
    hashtags,
    language,
    hasSpeech: random.chance(0.75),
    hostile,
  };
}

interface Pool {
  byId: Map<string, Clip>;
  clips: Clip[];
}

const poolOf = (ctx: ResponseContext): Pool =>
  ctx.memo('shortvideo-pool', () => {
    const clips = Array.from({ length: POOL_SIZE }, (_, i) => clipFor(ctx.seed, numericId(createRandom(ctx.seed, 'sv-pool', i), 19)));
    return { byId: new Map(clips.map((c) => [c.id, c])), clips };
  });

const pageUrl = (c: Clip): string => `${PAGE_HOSTS.shortvideo}/@${c.author.uniqueId}/video/${c.id}`;

/** The platform's item object; `detail` adds the download addresses, `trim` keeps the essentials. */
export function aweme(c: Clip, detail: boolean, trim: boolean): Record<string, unknown> {
  const play = (quality: string) => ({
    uri: `v0f044gc0000${c.id}`,
    url_list: [media('shortvideo', `play/${c.id}/${quality}.mp4`), media('shortvideo', `play/${c.id}/${quality}.mp4?mirror=2`)],
    width: quality === '720p' ? 720 : 540,
    height: quality === '720p' ? 1280 : 960,
  });
  const statistics = { digg_count: c.digg, comment_count: c.comments, play_count: c.plays, share_count: c.shares };
  const author = { uid: c.author.uid, unique_id: c.author.uniqueId, nickname: c.author.nickname };
  const noWatermark = {
    download_no_watermark_addr: { uri: `nwm_${c.id}`, url_list: [media('shortvideo', `download/${c.id}/no_watermark.mp4`)] },
  };
  if (trim) {
    return {
      aweme_id: c.id,
      desc: c.desc,
      create_time: c.createTime,
      author,
      statistics,
      video: {
        duration: c.durationMs,
        play_addr: { url_list: play('720p').url_list },
        bit_rate: [{ play_addr: { url_list: play('720p').url_list } }],
        ...(detail ? noWatermark : {}),
      },
    };
  }
  return {
    aweme_id: c.id,
    desc: c.desc,
    create_time: c.createTime,
    region: 'US',
    desc_language: c.language,
    share_url: pageUrl(c),
    is_ads: false,
    author: {
      ...author,
      sec_uid: c.author.secUid,
      signature: c.author.signature,
      follower_count: c.author.followers,
      avatar_thumb: { url_list: [media('shortvideo', `avatar/${c.author.uid}_100x100.jpeg`)] },
    },
    statistics: { aweme_id: c.id, ...statistics, collect_count: c.collects, download_count: Math.floor(c.shares / 3) },
    video: {
      duration: c.durationMs,
      ratio: '720p',
      width: 720,
      height: 1280,
      cover: { url_list: [media('shortvideo', `cover/${c.id}.jpeg`)] },
      dynamic_cover: { url_list: [media('shortvideo', `cover/${c.id}.webp`)] },
      play_addr: play('720p'),
      bit_rate: [
        { gear_name: 'normal_720_0', quality_type: 10, bit_rate: 1_245_000, play_addr: play('720p') },
        { gear_name: 'normal_540_0', quality_type: 20, bit_rate: 812_000, play_addr: play('540p') },
      ],
      ...(detail
        ? { ...noWatermark, download_addr: { uri: `wm_${c.id}`, url_list: [media('shortvideo', `download/${c.id}/watermark.mp4`)] } }
        : {}),
    },
    music: {
      id: `7${c.id.slice(1)}`,
      title: `original sound - ${c.author.uniqueId}`,
      author: c.author.nickname,
      duration: Math.round(c.durationMs / 1000),
      play_url: { url_list: [media('shortvideo', `music/${c.id}.mp3`)] },
    },
    text_extra: c.hashtags.map((name) => ({ type: 1, hashtag_name: name })),
  };
}

/** Offset-based paging: the cursor is the index of the next item, null after the last page. */
function pageAt(clips: readonly Clip[], cursor: number): { items: Clip[]; cursor: number | null; has_more: number } {
  const items = clips.slice(cursor, cursor + PAGE_SIZE);
  const next = cursor + PAGE_SIZE < clips.length ? cursor + PAGE_SIZE : null;
  return { items, cursor: next, has_more: next === null ? 0 : 1 };
}

const search: PlatformHandlers<'shortvideo'>['shortvideo/search'] = (ctx) => {
  const { params } = ctx;
  const posted = params.get('date_posted') ?? 'all-time';
  const sort = params.get('sort_by') ?? 'relevance';
  const key = JSON.stringify([params.get('query') ?? '', posted, sort, params.get('region') ?? '']);
  const window = POSTED_WINDOWS[posted];
  const nowS = Math.floor(SAMPLE_NOW_MS / 1000);
  const candidates = poolOf(ctx).clips.filter((c) => window === undefined || nowS - c.createTime <= window);
  const found = shuffled(candidates, ctx.seed, 'sv-search', key).slice(0, pageCountFor(ctx.seed, key) * PAGE_SIZE);
  let results = matchesFirst(found, params.get('query') ?? '', (c) => c.desc);
  if (sort === 'like_count') results = [...results].sort((a, b) => b.digg - a.digg);
  if (sort === 'date_posted') results = [...results].sort((a, b) => b.createTime - a.createTime);
  const page = pageAt(results, params.int('cursor') ?? 0);
  const trim = params.flag('trim');
  return {
    status_code: 0,
    cursor: page.cursor,
    has_more: page.has_more,
    search_item_list: page.items.map((c) => ({ type: 1, aweme_info: aweme(c, false, trim) })),
  };
};

function clipFromUrl(ctx: ResponseContext, url: string): Clip {
  const id =
    pathMatch(url, /\/(?:video|photo|v|embed\/v2|embed)\/(\d{5,25})/) ?? numericId(createRandom(ctx.seed, 'sv-url', urlKey(url)), 19);
  return poolOf(ctx).byId.get(id) ?? clipFor(ctx.seed, id);
}

const video: PlatformHandlers<'shortvideo'>['shortvideo/video'] = (ctx) => {
  const clip = clipFromUrl(ctx, ctx.params.get('url') ?? '');
  const data: Record<string, unknown> = { status_code: 0, aweme_detail: aweme(clip, true, ctx.params.flag('trim')) };
  if (ctx.params.flag('get_transcript')) {
    const segments = clip.hasSpeech ? buildSegments(ctx.seed, 'shortvideo', clip.id, clip.language, clip.durationMs) : [];
    const first = segments[0];
    if (clip.hostile && first) first.text = clip.hostile.title;
    data.transcript = clip.hasSpeech ? webVtt(segments) : null;
  }
  return data;
};

const hashtag: PlatformHandlers<'shortvideo'>['shortvideo/search/hashtag'] = (ctx) => {
  const key = JSON.stringify([(ctx.params.get('hashtag') ?? '').toLowerCase(), ctx.params.get('region') ?? '']);
  const results = shuffled(poolOf(ctx).clips, ctx.seed, 'sv-hashtag', key).slice(0, pageCountFor(ctx.seed, 'sv-hashtag', key) * PAGE_SIZE);
  const page = pageAt(results, ctx.params.int('cursor') ?? 0);
  const trim = ctx.params.flag('trim');
  return { status_code: 0, aweme_list: page.items.map((c) => aweme(c, false, trim)), cursor: page.cursor, has_more: page.has_more };
};

const trending: PlatformHandlers<'shortvideo'>['shortvideo/trending'] = (ctx) => {
  const region = ctx.params.get('region') ?? 'US';
  const trim = ctx.params.flag('trim');
  const clips = shuffled(poolOf(ctx).clips, ctx.seed, 'sv-trending', region).slice(0, TRENDING_COUNT);
  return { status_code: 0, aweme_list: clips.map((c) => aweme(c, false, trim)) };
};

export const shortvideo: PlatformHandlers<'shortvideo'> = {
  'shortvideo/search': search,
  'shortvideo/video': video,
  'shortvideo/search/hashtag': hashtag,
  'shortvideo/trending': trending,
};
