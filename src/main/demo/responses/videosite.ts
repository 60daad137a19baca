/**
 * Video site: search, channel listings, hashtags, transcripts, details and trending shorts.
 * Every video is a pure function of the seed and its id, so a video found in a listing has the
 * same title, channel and transcript when it is fetched by its URL.
 */
import { hostileTextFor, isHostileItem, type HostileText } from '../hostile';
import { ID_CHARS, createRandom, hashOf } from '../random';
import {
  languageName,
  pickLanguage,
  sampleChannelName,
  sampleParagraph,
  samplePerson,
  sampleTitle,
  type SampleLanguage,
} from '../sample-text';
import {
  SAMPLE_NOW_MS,
  SAMPLE_OFFSETS,
  dateText,
  durationFormatted,
  isoWithOffset,
  lengthText,
  pastTime,
  relativeText,
} from '../time-format';
import {
  decodePageToken,
  encodePageToken,
  keyParts,
  matchesFirst,
  pageCountFor,
  shuffled,
  urlKey,
  type OperationHandler,
  type PlatformHandlers,
  type ResponseContext,
} from './context';
import { PAGE_HOSTS, hostOf, media, pathMatch } from './sample-urls';
import { buildSegments, specTranscript, transcriptText } from './transcripts';

const CHANNEL_COUNT = 40;
const POOL_SIZE = 1500;
const SEARCH_PAGE_SIZE = 20;
const CHANNEL_PAGE_SIZE = 10;
const HASHTAG_PAGE_SIZE = 20;
const TRENDING_COUNT = 48;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const DAY_MS = 86_400_000;
const UPLOAD_WINDOWS: Readonly<Record<string, number>> = {
  today: DAY_MS,
  this_week: 7 * DAY_MS,
  this_month: 31 * DAY_MS,
  this_year: 365 * DAY_MS,
};

interface Channel {
  id: string;
  index: number;
  handle: string;
  title: string;
  language: SampleLanguage;
  subscribers: number;
  description: string;
}

export interface Video {
  id: string;
  short: boolean;
  language: SampleLanguage;
  title: string;
  description: string;
  channel: Channel;
  publishedMs: number;
  offsetMinutes: number;
  lengthSeconds: number;
  views: number;
  likes: number;
  comments: number;
  transcriptLanguages: readonly string[];
  hostile: HostileText | null;
}

function channelAt(seed: string, index: number): Channel {
  const random = createRandom(seed, 'vs-channel', index);
  const language = pickLanguage(random);
  const person = samplePerson(random, language);
  return {
    id: `UC${random.chars(ID_CHARS, 22)}`,
    index,
    handle: `@${person.handle}`,
    title: random.chance(0.5) ? sampleChannelName(random, language) : person.name,
    language,
    subscribers: 100 + random.skewed(3_000_000),
    description: sampleParagraph(random, language, 2),
  };
}

export function videoFor(seed: string, id: string, forceShort?: boolean): Video {
  const random = createRandom(seed, 'vs-video', id);
  const channel = channelAt(seed, random.int(0, CHANNEL_COUNT - 1));
  // Drawn even when forced, so forcing changes nothing else about the video.
  const naturallyShort = random.chance(0.25);
  const short = forceShort ?? naturallyShort;
  const language = random.chance(0.85) ? channel.language : pickLanguage(random);
  const longLength = random.chance(0.05) ? random.int(3600, 3 * 3600) : random.int(61, 40 * 60);
  const lengthSeconds = short ? random.int(8, 59) : longLength;
  const views = 50 + random.skewed(5_000_000);
  const likes = Math.floor(views * (0.01 + random.next() * 0.05));
  const comments = Math.floor(likes * (0.02 + random.next() * 0.1));
  const publishedMs = pastTime(random.next());
  const offsetMinutes = random.pick(SAMPLE_OFFSETS);
  const hasTranscript = random.chance(0.8);
  const translated = random.pick(['es', 'de', 'fr']);
  let title = sampleTitle(random, language);
  let description = sampleParagraph(random, language, random.int(1, 4));
  const hostile = isHostileItem(seed, 'videosite', id) ? hostileTextFor(seed, 'videosite', id) : null;
  if (hostile) {
    title = `${hostile.title} ${title}`;
    description = hostile.body;
  }
  return {
    id,
    short,
    language,
    title,
    description,
    channel,
    publishedMs,
    offsetMinutes,
    lengthSeconds,
    views,
    likes,
    comments,
    transcriptLanguages: hasTranscript ? [...new Set([language, 'en', translated])] : [],
    hostile,
  };
}

interface Pool {
  byId: Map<string, Video>;
  long: Video[];
  shorts: Video[];
  channels: Channel[];
}

function poolOf(ctx: ResponseContext): Pool {
  return ctx.memo('videosite-pool', () => {
    const videos = Array.from({ length: POOL_SIZE }, (_, i) =>
      videoFor(ctx.seed, createRandom(ctx.seed, 'vs-pool', i).chars(ID_CHARS, 11)),
    );
    return {
      byId: new Map(videos.map((v) => [v.id, v])),
      long: videos.filter((v) => !v.short),
      shorts: videos.filter((v) => v.short),
      channels: Array.from({ length: CHANNEL_COUNT }, (_, i) => channelAt(ctx.seed, i)),
    };
  });
}

const watchUrl = (v: Video): string => (v.short ? `${PAGE_HOSTS.videosite}/shorts/${v.id}` : `${PAGE_HOSTS.videosite}/watch?v=${v.id}`);
const thumbnail = (id: string): string => media('videosite', `vi/${id}/hqdefault.jpg`);
const channelUrl = (c: Channel): string => `${PAGE_HOSTS.videosite}/${c.handle}`;

/** The video a pasted URL names: its id when the URL carries one, else one derived from the URL. */
function videoFromUrl(ctx: ResponseContext, url: string): Video {
  const host = hostOf(url);
  let id: string | null;
  let short: boolean | undefined;
  if (host === 'youtu.be' || host.endsWith('.youtu.be')) id = pathMatch(url, /^\/([^/?]+)/);
  else {
    id = pathMatch(url, /[?&]v=([^&]+)/);
    const shortId = pathMatch(url, /^\/shorts\/([^/?]+)/);
    if (shortId) {
      id = shortId;
      short = true;
    }
    id ??= pathMatch(url, /^\/(?:embed|live|v|e)\/([^/?]+)/);
  }
  if (id === null || !VIDEO_ID.test(id)) id = createRandom(ctx.seed, 'vs-url', urlKey(url)).chars(ID_CHARS, 11);
  return poolOf(ctx).byId.get(id) ?? videoFor(ctx.seed, id, short);
}

function channelRef(c: Channel, withHandle: boolean): Record<string, string> {
  return withHandle ? { id: c.id, title: c.title, handle: c.handle } : { id: c.id, title: c.title };
}

/** A listing item; `channel` says how much of the channel it carries (spec: none in channel listings). */
export function listItem(v: Video, channel: 'full' | 'brief' | 'none', extras: boolean): Record<string, unknown> {
  return {
    type: v.short ? 'short' : 'video',
    id: v.id,
    url: watchUrl(v),
    title: v.title,
    thumbnail: thumbnail(v.id),
    ...(channel === 'none' ? {} : { channel: channelRef(v.channel, channel === 'full') }),
    viewCountInt: v.views,
    publishedTimeText: relativeText(v.publishedMs),
    lengthText: lengthText(v.lengthSeconds),
    lengthSeconds: v.lengthSeconds,
    ...(extras ? { likeCountInt: v.likes, commentCountInt: v.comments, description: v.description } : {}),
  };
}

function channelItem(c: Channel): Record<string, unknown> {
  return {
    type: 'channel',
    id: c.id,
    url: channelUrl(c),
    title: c.title,
    handle: c.handle,
    thumbnail: media('videosite', `channel/${c.id}.jpg`),
    subscriberCountText: `${c.subscribers.toLocaleString('en-US')} subscribers`,
    description: c.description,
  };
}

function playlistItem(ctx: ResponseContext, key: string, index: number): Record<string, unknown> {
  const random = createRandom(ctx.seed, 'vs-playlist', key, index);
  const channel = channelAt(ctx.seed, random.int(0, CHANNEL_COUNT - 1));
  const id = `PL${random.chars(ID_CHARS, 32)}`;
  return {
    type: 'playlist',
    id,
    url: `${PAGE_HOSTS.videosite}/playlist?list=${id}`,
    title: sampleTitle(random, channel.language),
    thumbnail: media('videosite', `playlist/${id}.jpg`),
    videoCount: random.int(3, 120),
    channel: channelRef(channel, true),
  };
}

function liveItem(v: Video): Record<string, unknown> {
  return {
    type: 'live',
    id: v.id,
    url: watchUrl(v),
    title: v.title,
    thumbnail: thumbnail(v.id),
    channel: channelRef(v.channel, true),
    viewCountText: `${Math.max(3, Math.floor(v.views / 1000)).toLocaleString('en-US')} watching`,
    isLive: true,
  };
}

/** Reads a continuation token, or starts at page 0 of the listing `key`. */
function startingPage(ctx: ResponseContext, scope: string, key: string): { key: string; page: number } {
  const token = ctx.params.get('continuationToken');
  return token === undefined ? { key, page: 0 } : decodePageToken(ctx.seed, scope, token, 'continuationToken');
}

const nextToken = (ctx: ResponseContext, scope: string, key: string, page: number, pages: number): string | null =>
  page + 1 < pages ? encodePageToken(ctx.seed, scope, key, page + 1) : null;

const search: OperationHandler = (ctx) => {
  const { params } = ctx;
  const pool = poolOf(ctx);
  const filter = params.get('filter') ?? 'all';
  const uploadDate = params.get('uploadDate') ?? '';
  const sortBy = params.get('sortBy') ?? 'relevance';
  const { key, page } = startingPage(ctx, 'videosite/search', JSON.stringify([params.get('query') ?? '', uploadDate, sortBy, filter]));
  const [, keyUpload = '', keySort = 'relevance', keyFilter = 'all'] = keyParts(key);
  const extras = params.flag('includeExtras');
  const window = UPLOAD_WINDOWS[keyUpload];
  const candidates = (keyFilter === 'shorts' ? pool.shorts : pool.long).filter(
    (v) => window === undefined || SAMPLE_NOW_MS - v.publishedMs <= window,
  );
  const found = shuffled(candidates, ctx.seed, 'vs-search', key).slice(0, pageCountFor(ctx.seed, key) * SEARCH_PAGE_SIZE);
  let results = matchesFirst(found, keyParts(key)[0] ?? '', (v) => `${v.title} ${v.description}`);
  if (keySort === 'popular') results = [...results].sort((a, b) => b.views - a.views);
  const pages = Math.max(1, Math.ceil(results.length / SEARCH_PAGE_SIZE));
  const slice = results.slice(page * SEARCH_PAGE_SIZE, (page + 1) * SEARCH_PAGE_SIZE).map((v) => listItem(v, 'full', extras));
  const first = page === 0 && keyFilter !== 'shorts';
  const random = createRandom(ctx.seed, 'vs-search-extra', key);
  const channels = first ? shuffled(pool.channels, ctx.seed, 'vs-search-channels', key).slice(0, random.int(1, 3)).map(channelItem) : [];
  const playlists = first ? Array.from({ length: random.int(0, 2) }, (_, i) => playlistItem(ctx, key, i)) : [];
  const shorts = first
    ? shuffled(pool.shorts, ctx.seed, 'vs-search-shorts', key)
        .slice(0, random.int(3, 8))
        .map((v) => listItem(v, 'full', false))
    : [];
  const lives = first ? shuffled(pool.long, ctx.seed, 'vs-search-lives', key).slice(0, random.int(0, 2)).map(liveItem) : [];
  return {
    videos: keyFilter === 'shorts' ? [] : slice,
    channels,
    playlists,
    shorts: keyFilter === 'shorts' ? slice : shorts,
    lives,
    continuationToken: nextToken(ctx, 'videosite/search', key, page, pages),
  };
};

export function channelFor(ctx: ResponseContext): Channel {
  const pool = poolOf(ctx);
  const id = ctx.params.get('channelId');
  const handle = ctx.params.get('handle')?.replace(/^@/, '').toLowerCase();
  const known = pool.channels.find((c) => c.id === id || (handle !== undefined && c.handle.slice(1).toLowerCase() === handle));
  return known ?? pool.channels[hashOf(ctx.seed, id ?? '', handle ?? '') % CHANNEL_COUNT] ?? channelAt(ctx.seed, 0);
}

const channelVideos: OperationHandler = (ctx) => {
  const sort = ctx.params.get('sort') ?? 'latest';
  const { key, page } = startingPage(ctx, 'videosite/channel/videos', JSON.stringify([channelFor(ctx).index, sort]));
  const [channelText = '0', keySort = 'latest'] = keyParts(key);
  const channelIndex = Number(channelText);
  const videos = poolOf(ctx)
    .long.filter((v) => v.channel.index === channelIndex)
    .sort(keySort === 'popular' ? (a, b) => b.views - a.views : (a, b) => b.publishedMs - a.publishedMs);
  const pages = Math.max(1, Math.ceil(videos.length / CHANNEL_PAGE_SIZE));
  return {
    videos: videos
      .slice(page * CHANNEL_PAGE_SIZE, (page + 1) * CHANNEL_PAGE_SIZE)
      .map((v) => listItem(v, 'none', ctx.params.flag('includeExtras'))),
    continuationToken: nextToken(ctx, 'videosite/channel/videos', key, page, pages),
  };
};

const hashtag: OperationHandler = (ctx) => {
  const type = ctx.params.get('type') ?? 'all';
  const { key, page } = startingPage(
    ctx,
    'videosite/search/hashtag',
    JSON.stringify([(ctx.params.get('hashtag') ?? '').toLowerCase(), type]),
  );
  const [, keyType = 'all'] = keyParts(key);
  const pool = poolOf(ctx);
  const candidates = keyType === 'shorts' ? pool.shorts : [...pool.long, ...pool.shorts];
  const pages = pageCountFor(ctx.seed, 'vs-hashtag', key);
  const results = shuffled(candidates, ctx.seed, 'vs-hashtag', key).slice(0, pages * HASHTAG_PAGE_SIZE);
  return {
    videos: results.slice(page * HASHTAG_PAGE_SIZE, (page + 1) * HASHTAG_PAGE_SIZE).map((v) => listItem(v, 'brief', false)),
    continuationToken: nextToken(ctx, 'videosite/search/hashtag', key, page, pages),
  };
};

interface TranscriptAnswer {
  transcript: Record<string, string>[] | null;
  transcript_only_text: string | null;
  language: string;
}

/** The transcript in a language: the video's own by default; null when none exists in it. */
function transcriptOf(ctx: ResponseContext, v: Video, requested: string | undefined): TranscriptAnswer {
  const language = requested ?? v.language;
  if (!v.transcriptLanguages.includes(language)) return { transcript: null, transcript_only_text: null, language: languageName(language) };
  const segments = buildSegments(ctx.seed, 'videosite', v.id, language, v.lengthSeconds * 1000);
  const first = segments[0];
  if (v.hostile && first) first.text = v.hostile.title;
  return { transcript: specTranscript(segments), transcript_only_text: transcriptText(segments), language: languageName(language) };
}

const transcript: OperationHandler = (ctx) => {
  const v = videoFromUrl(ctx, ctx.params.get('url') ?? '');
  const answer = transcriptOf(ctx, v, ctx.params.get('language'));
  return { videoId: v.id, type: v.short ? 'short' : 'video', url: watchUrl(v), ...answer };
};

function details(ctx: ResponseContext, v: Video, withTranscript: boolean): Record<string, unknown> {
  const answer = withTranscript ? transcriptOf(ctx, v, undefined) : null;
  return {
    id: v.id,
    type: v.short ? 'short' : 'video',
    url: watchUrl(v),
    title: v.title,
    description: v.description,
    thumbnail: thumbnail(v.id),
    publishDate: isoWithOffset(v.publishedMs, v.offsetMinutes),
    publishDateText: dateText(v.publishedMs),
    commentCountInt: v.comments,
    likeCountInt: v.likes,
    viewCountInt: v.views,
    channel: { id: v.channel.id, handle: v.channel.handle, title: v.channel.title },
    durationMs: v.lengthSeconds * 1000,
    durationFormatted: durationFormatted(v.lengthSeconds * 1000),
    ...(answer ? { transcript: answer.transcript, transcript_only_text: answer.transcript_only_text } : {}),
  };
}

const video: OperationHandler = (ctx) => details(ctx, videoFromUrl(ctx, ctx.params.get('url') ?? ''), true);

/** Trending shorts: each call brings new ones, decided by how many calls came before. */
const trending: OperationHandler = (ctx) => {
  const call = ctx.nextCall('videosite/trending');
  const shorts: Record<string, unknown>[] = [];
  for (let i = 0; shorts.length < TRENDING_COUNT; i++) {
    const id = createRandom(ctx.seed, 'vs-trending', call, i).chars(ID_CHARS, 11);
    const v = videoFor(ctx.seed, id);
    // Only ids that are shorts by nature, so fetching one later by any URL agrees.
    if (!v.short) continue;
    const { description: _description, ...item } = details(ctx, v, false);
    shorts.push(item);
  }
  return { shorts };
};

export const videosite: PlatformHandlers<'videosite'> = {
  'videosite/search': search,
  'videosite/channel/videos': channelVideos,
  'videosite/search/hashtag': hashtag,
  'videosite/transcript': transcript,
  'videosite/video': video,
  'videosite/trending': trending,
};
