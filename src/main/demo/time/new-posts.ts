/**
 * New items of listings: accounts post, searches gain results. The n-th new item of a listing is
 * a pure function of the seed, the listing and n, made by the platform's own item builder so
 * that fetching it by its URL later gives the same item. New items go at the top of the first
 * page only (a request with a page marker gets none), into the list named here.
 */
import type { OperationId } from '../../../shared/catalogue';
import { ID_CHARS, createRandom, numericId } from '../random';
import type { ResponseContext } from '../responses/context';
import { urlKey } from '../responses/context';
import { forumResult } from '../responses/forum';
import { BASE32, findUser, postItem } from '../responses/microblog';
import { postFor, reelItem, reelsUser } from '../responses/photoshare';
import { aweme, clipFor } from '../responses/shortvideo';
import { reel } from '../responses/socialnet';
import { tweetFor, userFor } from '../responses/tweetsite';
import { channelFor, listItem, videoFor, type Video } from '../responses/videosite';
import type { Path } from './item-shapes';

export interface Listing {
  /** Identity of the listing (operation and what it lists), as truth names it. */
  key: string;
  /** The account whose listing this is; absent for searches. */
  account?: string;
  /** The list of `data` new entries go into. */
  into: Path;
  /** The list entry of the n-th new item (0-based). */
  entry(n: number): Record<string, unknown>;
}

/** Attempts at drawing an id whose item belongs where it must (1 in 40 belong to a given channel). */
const MAX_DRAWS = 2000;

/** The first candidate that belongs, drawn once per service and new item (listings ask again every hour). */
function drawn<T>(ctx: ResponseContext, key: string, n: number, accept: (candidate: T) => boolean, make: (attempt: number) => T): T {
  return ctx.memo(`new-item\u001f${key}\u001f${n}`, () => {
    let last = make(0);
    for (let attempt = 0; attempt < MAX_DRAWS && !accept(last); attempt++) last = make(attempt + 1);
    return last;
  });
}

const onFirstPage = (ctx: ResponseContext, markers: readonly string[]): boolean =>
  markers.every((name) => {
    const value = ctx.params.get(name);
    return value === undefined || value === '0';
  });

type ListingOf = (ctx: ResponseContext) => Listing | null;

const videoSearch: ListingOf = (ctx) => {
  if (!onFirstPage(ctx, ['continuationToken'])) return null;
  const shorts = (ctx.params.get('filter') ?? 'all') === 'shorts';
  const key = `videosite/search:${JSON.stringify([ctx.params.get('query') ?? '', ctx.params.get('uploadDate') ?? '', ctx.params.get('sortBy') ?? '', shorts])}`;
  const extras = ctx.params.flag('includeExtras');
  return {
    key,
    into: [shorts ? 'shorts' : 'videos'],
    entry: (n) => {
      const video = drawn<Video>(
        ctx,
        key,
        n,
        (v) => v.short === shorts,
        (attempt) => videoFor(ctx.seed, createRandom(ctx.seed, 'vs-new', key, n, attempt).chars(ID_CHARS, 11)),
      );
      return listItem(video, 'full', extras);
    },
  };
};

const videoChannel: ListingOf = (ctx) => {
  if (!onFirstPage(ctx, ['continuationToken'])) return null;
  const channel = channelFor(ctx);
  const key = `videosite/channel/videos:${channel.id}`;
  const extras = ctx.params.flag('includeExtras');
  return {
    key,
    account: channel.id,
    into: ['videos'],
    entry: (n) => {
      const video = drawn<Video>(
        ctx,
        key,
        n,
        (v) => !v.short && v.channel.index === channel.index,
        (attempt) => videoFor(ctx.seed, createRandom(ctx.seed, 'vs-new', key, n, attempt).chars(ID_CHARS, 11)),
      );
      return listItem(video, 'none', extras);
    },
  };
};

const videoHashtag: ListingOf = (ctx) => {
  if (!onFirstPage(ctx, ['continuationToken'])) return null;
  const key = `videosite/search/hashtag:${JSON.stringify([(ctx.params.get('hashtag') ?? '').toLowerCase(), ctx.params.get('type') ?? 'all'])}`;
  const shortsOnly = ctx.params.get('type') === 'shorts';
  return {
    key,
    into: ['videos'],
    entry: (n) => {
      const video = drawn<Video>(
        ctx,
        key,
        n,
        (v) => !shortsOnly || v.short,
        (attempt) => videoFor(ctx.seed, createRandom(ctx.seed, 'vs-new', key, n, attempt).chars(ID_CHARS, 11)),
      );
      return listItem(video, 'brief', false);
    },
  };
};

const clipSearch =
  (operation: 'shortvideo/search' | 'shortvideo/search/hashtag'): ListingOf =>
  (ctx) => {
    if (!onFirstPage(ctx, ['cursor'])) return null;
    const what =
      operation === 'shortvideo/search'
        ? [ctx.params.get('query') ?? '', ctx.params.get('date_posted') ?? '', ctx.params.get('sort_by') ?? '']
        : [(ctx.params.get('hashtag') ?? '').toLowerCase()];
    const key = `${operation}:${JSON.stringify([...what, ctx.params.get('region') ?? ''])}`;
    const trim = ctx.params.flag('trim');
    return {
      key,
      into: [operation === 'shortvideo/search' ? 'search_item_list' : 'aweme_list'],
      entry: (n) => {
        const item = aweme(clipFor(ctx.seed, numericId(createRandom(ctx.seed, 'sv-new', key, n), 19)), false, trim);
        return operation === 'shortvideo/search' ? { type: 1, aweme_info: item } : item;
      },
    };
  };

const photoReels: ListingOf = (ctx) => {
  if (!onFirstPage(ctx, ['max_id'])) return null;
  const user = reelsUser(ctx);
  const key = `photoshare/user/reels:${user.id}`;
  const trim = ctx.params.flag('trim');
  return {
    key,
    account: user.id,
    into: ['items'],
    entry: (n) =>
      reelItem(
        drawn(
          ctx,
          key,
          n,
          (p) => p.owner.index === user.index,
          (attempt) => postFor(ctx.seed, createRandom(ctx.seed, 'ps-new', key, n, attempt).chars(ID_CHARS, 11)),
        ),
        trim,
      ),
  };
};

const microblogPosts: ListingOf = (ctx) => {
  const user = findUser(ctx, ctx.params.get('handle'), ctx.params.get('user_id'));
  const key = `microblog/user/posts:${user.did}`;
  return {
    key,
    account: user.did,
    into: ['feed'],
    entry: (n) => postItem(ctx.seed, user, `3l${createRandom(ctx.seed, 'mb-new', key, n).chars(BASE32, 11)}`),
  };
};

const userTweets: ListingOf = (ctx) => {
  const user = userFor(ctx.seed, ctx.params.get('handle') ?? '');
  const key = `tweetsite/user/tweets:${user.handle.toLowerCase()}`;
  return {
    key,
    account: user.restId,
    into: ['tweets'],
    entry: (n) => tweetFor(ctx.seed, user, numericId(createRandom(ctx.seed, 'tw-new', key, n), 19)).object,
  };
};

/** Far past the sample results' indexes, so new reels and results never repeat old ones. */
const NEW_INDEX_BASE = 1_000_000;

const pageReels: ListingOf = (ctx) => {
  if (!onFirstPage(ctx, ['cursor', 'next_page_id'])) return null;
  const page = urlKey(ctx.params.get('url') ?? '');
  return { key: `socialnet/user/reels:${page}`, account: page, into: ['reels'], entry: (n) => reel(ctx.seed, page, NEW_INDEX_BASE + n) };
};

const communitySearch: ListingOf = (ctx) => {
  const name = ctx.params.get('subreddit') ?? '';
  const query = ctx.params.get('query') ?? '';
  const filter = ctx.params.get('filter') ?? 'posts';
  const key = `forum/subreddit/search:${JSON.stringify([name.toLowerCase(), query, filter])}`;
  return { key, into: [filter], entry: (n) => forumResult(ctx.seed, name, query, filter, NEW_INDEX_BASE + n) };
};

/** The listings that gain items; trending feeds change on their own and are left out. */
export const LISTINGS: Partial<Record<OperationId, ListingOf>> = {
  'videosite/search': videoSearch,
  'videosite/channel/videos': videoChannel,
  'videosite/search/hashtag': videoHashtag,
  'shortvideo/search': clipSearch('shortvideo/search'),
  'shortvideo/search/hashtag': clipSearch('shortvideo/search/hashtag'),
  'photoshare/user/reels': photoReels,
  'microblog/user/posts': microblogPosts,
  'tweetsite/user/tweets': userTweets,
  'socialnet/user/reels': pageReels,
  'forum/subreddit/search': communitySearch,
};
