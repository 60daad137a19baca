/**
 * Decentralized microblog: a user's posts (`data.feed[]`) and single posts (`data.post`),
 * one item shape for both, as the spec shows.
 */
import { hostileTextFor, isHostileItem } from '../hostile';
import { createRandom, hashOf } from '../random';
import { pickLanguage, sampleParagraph, samplePerson, type SampleLanguage } from '../sample-text';
import { pastTime } from '../time-format';
import { urlKey, type PlatformHandlers, type ResponseContext } from './context';
import { PAGE_HOSTS, media, pathMatch } from './sample-urls';

const USER_COUNT = 30;
const MAX_FEED = 50;
export const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const RKEY = /^[a-z0-9]{3,20}$/i;

export interface User {
  did: string;
  handle: string;
  displayName: string;
  language: SampleLanguage;
  posts: number;
}

function userFor(seed: string, key: string, handle?: string, did?: string): User {
  const random = createRandom(seed, 'mb-user', key);
  const language = pickLanguage(random);
  const person = samplePerson(random, language);
  return {
    did: did ?? `did:plc:${random.chars(BASE32, 24)}`,
    handle: handle ?? `${person.handle.replace(/_/g, '-').toLowerCase()}.bsky.social`,
    displayName: person.name,
    language,
    posts: random.int(15, 45),
  };
}

const usersOf = (ctx: ResponseContext): User[] =>
  ctx.memo('microblog-users', () => Array.from({ length: USER_COUNT }, (_, i) => userFor(ctx.seed, `pool-${i}`)));

/** A known user by handle or did; an unknown one is made up around the name given. */
export function findUser(ctx: ResponseContext, handle: string | undefined, did: string | undefined): User {
  const wanted = handle?.toLowerCase();
  const known = usersOf(ctx).find((u) => u.did === did || u.handle === wanted);
  if (known) return known;
  return userFor(ctx.seed, `other-${did ?? ''}-${wanted ?? ''}`, wanted, did);
}

const rkeyOf = (seed: string, user: User, index: number): string => `3l${createRandom(seed, 'mb-rkey', user.did, index).chars(BASE32, 11)}`;

export function postItem(seed: string, user: User, rkey: string): Record<string, unknown> {
  const random = createRandom(seed, 'mb-post', user.did, rkey);
  const language = random.chance(0.85) ? user.language : pickLanguage(random);
  let text = sampleParagraph(random, language, random.int(1, 3));
  if (isHostileItem(seed, 'microblog', rkey)) {
    const hostile = hostileTextFor(seed, 'microblog', rkey);
    text = `${hostile.title} ${text} ${hostile.body}`;
  }
  const likeCount = random.skewed(20_000);
  const createdMs = pastTime(random.next());
  return {
    uri: `at://${user.did}/app.bsky.feed.post/${rkey}`,
    cid: `bafyrei${random.chars(BASE32, 52)}`,
    author: {
      did: user.did,
      handle: user.handle,
      displayName: user.displayName,
      avatar: media('microblog', `avatar/${user.did.replace(/:/g, '_')}.jpg`),
    },
    record: { $type: 'app.bsky.feed.post', text, createdAt: new Date(createdMs).toISOString(), langs: [language] },
    likeCount,
    repostCount: Math.floor(likeCount * random.next() * 0.3),
    replyCount: Math.floor(likeCount * random.next() * 0.1),
    quoteCount: Math.floor(likeCount * random.next() * 0.05),
    indexedAt: new Date(createdMs + 1500).toISOString(),
    url: `${PAGE_HOSTS.microblog}/profile/${user.handle}/post/${rkey}`,
  };
}

const posts: PlatformHandlers<'microblog'>['microblog/user/posts'] = (ctx) => {
  const user = findUser(ctx, ctx.params.get('handle'), ctx.params.get('user_id'));
  const feed = Array.from({ length: Math.min(MAX_FEED, user.posts) }, (_, i) => postItem(ctx.seed, user, rkeyOf(ctx.seed, user, i)));
  // Newest first, as a profile shows them.
  feed.sort((a, b) =>
    String((b.record as { createdAt: string }).createdAt).localeCompare(String((a.record as { createdAt: string }).createdAt)),
  );
  return { feed };
};

const post: PlatformHandlers<'microblog'>['microblog/post'] = (ctx) => {
  const url = ctx.params.get('url') ?? '';
  const actor = pathMatch(url, /^\/profile\/([^/]+)\/post\//);
  const rkey = pathMatch(url, /^\/profile\/[^/]+\/post\/([^/?#]+)/);
  const actorText = actor === null ? undefined : decodeURIComponentSafe(actor);
  const user = actorText?.startsWith('did:')
    ? findUser(ctx, undefined, actorText)
    : actorText !== undefined && /^[A-Za-z0-9.-]{3,253}$/.test(actorText)
      ? findUser(ctx, actorText, undefined)
      : (usersOf(ctx)[hashOf(ctx.seed, 'mb-url', urlKey(url)) % USER_COUNT] ?? findUser(ctx, undefined, undefined));
  const key = rkey !== null && RKEY.test(rkey) ? rkey : `3l${createRandom(ctx.seed, 'mb-url', urlKey(url)).chars(BASE32, 11)}`;
  return { post: postItem(ctx.seed, user, key) };
};

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const microblog: PlatformHandlers<'microblog'> = {
  'microblog/user/posts': posts,
  'microblog/post': post,
};
