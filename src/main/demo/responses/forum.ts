/**
 * Community forum: search inside one community. `data` holds only the key chosen by
 * `filter` (posts by default). Not shown by the spec, chosen here: comment items carry
 * `id` (t1_…), `body`, `author`, `score`, `created_utc`, `permalink`, `post_id` (t3_…) and
 * `subreddit`; media items carry `id` (t3_…), `title`, `url`, `media_type`, `thumbnail`,
 * `permalink` and `subreddit`.
 */
import { hostileTextFor, isHostileItem } from '../hostile';
import { createRandom } from '../random';
import { pickLanguage, sampleParagraph, samplePerson, sampleTitle } from '../sample-text';
import { pastTime } from '../time-format';
import type { PlatformHandlers } from './context';
import { PAGE_HOSTS, media, slug } from './sample-urls';

const RESULT_COUNT = 25;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

const base36Id = (...key: readonly (string | number)[]): string => createRandom(...key).chars(BASE36, 7);

/** The i-th result of a search in a community, by filter (posts, comments or media). */
export function forumResult(seed: string, name: string, query: string, filter: string, i: number): Record<string, unknown> {
  const community = { id: `t5_${base36Id(seed, 'forum-sub', name.toLowerCase()).slice(0, 6)}`, name };
  const random = createRandom(seed, 'forum', name.toLowerCase(), query, filter, i);
  const language = pickLanguage(random);
  const postId = base36Id(seed, 'forum-post', name.toLowerCase(), query, i);
  let title = sampleTitle(random, language);
  let body = sampleParagraph(random, language, random.int(1, 5));
  if (isHostileItem(seed, 'forum', `${filter}:${postId}`)) {
    const hostile = hostileTextFor(seed, 'forum', postId);
    title = `${hostile.title} ${title}`;
    body = `${hostile.body} ${body}`;
  }
  const permalink = `/r/${name}/comments/${postId}/${slug(title, 'post')}/`;
  const author = samplePerson(random, language).handle;
  const score = random.skewed(30_000) - random.int(0, 20);
  const created = Math.floor(pastTime(random.next()) / 1000);
  if (filter === 'comments') {
    return {
      id: `t1_${base36Id(seed, 'forum-comment', name, query, i)}`,
      body,
      author,
      score,
      created_utc: created,
      permalink: `${permalink}${base36Id(seed, 'forum-comment-link', i)}/`,
      post_id: `t3_${postId}`,
      post_title: title,
      subreddit: community,
    };
  }
  if (filter === 'media') {
    const video = random.chance(0.3);
    return {
      id: `t3_${postId}`,
      title,
      url: media('forum', `${postId}.${video ? 'mp4' : 'jpg'}`),
      media_type: video ? 'video' : 'image',
      thumbnail: media('forum', `thumb/${postId}.jpg`),
      permalink,
      subreddit: community,
    };
  }
  const isLink = random.chance(0.4);
  return {
    id: `t3_${postId}`,
    title,
    url: isLink ? `https://news.example/${slug(title, 'story')}` : `${PAGE_HOSTS.forum}${permalink}`,
    permalink,
    selftext: isLink ? '' : body,
    author,
    score,
    num_comments: random.skewed(2_000),
    created_utc: created,
    over_18: false,
    subreddit: community,
  };
}

const search: PlatformHandlers<'forum'>['forum/subreddit/search'] = (ctx) => {
  const name = ctx.params.get('subreddit') ?? '';
  const query = ctx.params.get('query') ?? '';
  const filter = ctx.params.get('filter') ?? 'posts';
  return { [filter]: Array.from({ length: RESULT_COUNT }, (_, i) => forumResult(ctx.seed, name, query, filter, i)) };
};

export const forum: PlatformHandlers<'forum'> = { 'forum/subreddit/search': search };
