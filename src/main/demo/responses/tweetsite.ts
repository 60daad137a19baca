/**
 * Short-message site: a profile's most popular messages and the transcript of a video message.
 *
 * Not shown by the spec, chosen here: user tweets lay the tweet objects out at
 * `data.tweets[]` (up to 100, most popular first); the transcript response is the tweet
 * object itself in `data` plus `data.transcript`, plain text (null when the message has no
 * video with speech).
 */
import { hostileTextFor, isHostileItem } from '../hostile';
import { createRandom, hashOf, numericId } from '../random';
import { pickLanguage, sampleHashtag, sampleParagraph, samplePerson } from '../sample-text';
import { messageDate, pastTime } from '../time-format';
import { urlKey, type PlatformHandlers, type ResponseContext } from './context';
import { media, pathMatch } from './sample-urls';
import { buildSegments, transcriptText } from './transcripts';

const MAX_TWEETS = 100;

interface User {
  restId: string;
  handle: string;
  name: string;
  followers: number;
}

export function userFor(seed: string, handle: string): User {
  const random = createRandom(seed, 'tw-user', handle.toLowerCase());
  return {
    restId: numericId(random, 18),
    handle,
    name: samplePerson(random, pickLanguage(random)).name,
    followers: random.skewed(5_000_000),
  };
}

interface Tweet {
  object: Record<string, unknown>;
  favorites: number;
  transcript: string | null;
}

export function tweetFor(seed: string, user: User, id: string): Tweet {
  const random = createRandom(seed, 'tw-tweet', id);
  const language = pickLanguage(random);
  let text = `${sampleParagraph(random, language, random.int(1, 2))} #${sampleHashtag(random, language)}`;
  const hostile = isHostileItem(seed, 'tweetsite', id) ? hostileTextFor(seed, 'tweetsite', id) : null;
  if (hostile) text = `${hostile.title} ${text} ${hostile.body}`;
  const favorites = random.skewed(200_000);
  const hasVideo = random.chance(0.7);
  const durationMs = random.int(8, 140) * 1000;
  const object = {
    __typename: 'Tweet',
    rest_id: id,
    core: {
      user_results: {
        result: {
          __typename: 'User',
          rest_id: user.restId,
          legacy: { screen_name: user.handle, name: user.name, followers_count: user.followers },
        },
      },
    },
    legacy: {
      id_str: id,
      full_text: text,
      created_at: messageDate(pastTime(random.next())),
      lang: language,
      favorite_count: favorites,
      retweet_count: Math.floor(favorites * random.next() * 0.3),
      reply_count: Math.floor(favorites * random.next() * 0.1),
      quote_count: Math.floor(favorites * random.next() * 0.05),
      entities: { hashtags: [], urls: [] },
      ...(hasVideo
        ? {
            extended_entities: {
              media: [
                {
                  type: 'video',
                  media_url_https: media('tweetsite', `ext_tw_video_thumb/${id}/pu/img/thumb.jpg`),
                  video_info: {
                    duration_millis: durationMs,
                    variants: [
                      { content_type: 'video/mp4', bitrate: 832000, url: media('tweetsite', `ext_tw_video/${id}/pu/vid/640x360/clip.mp4`) },
                    ],
                  },
                },
              ],
            },
          }
        : {}),
    },
    views: { count: String(favorites * random.int(8, 40)), state: 'EnabledWithCount' },
  };
  const speech = hasVideo && random.chance(0.85);
  const segments = speech ? buildSegments(seed, 'tweetsite', id, language, durationMs) : [];
  const first = segments[0];
  if (hostile && first) first.text = hostile.title;
  return { object, favorites, transcript: speech ? transcriptText(segments) : null };
}

const userTweets: PlatformHandlers<'tweetsite'>['tweetsite/user/tweets'] = (ctx) => {
  const handle = ctx.params.get('handle') ?? '';
  const user = userFor(ctx.seed, handle);
  const count = 40 + (hashOf(ctx.seed, 'tw-count', handle.toLowerCase()) % (MAX_TWEETS - 39));
  const tweets = Array.from({ length: count }, (_, i) =>
    tweetFor(ctx.seed, user, numericId(createRandom(ctx.seed, 'tw-id', handle.toLowerCase(), i), 19)),
  );
  // The service offers a profile's most popular messages, not its latest.
  tweets.sort((a, b) => b.favorites - a.favorites);
  return { tweets: tweets.map((t) => t.object) };
};

function tweetFromUrl(ctx: ResponseContext, url: string): Tweet {
  const handle =
    pathMatch(url, /^\/([A-Za-z0-9_]{1,15})\/status\//) ?? userFor(ctx.seed, `user${hashOf(ctx.seed, urlKey(url)) % 10_000}`).handle;
  const id = pathMatch(url, /\/status(?:es)?\/(\d{5,25})/) ?? numericId(createRandom(ctx.seed, 'tw-url', urlKey(url)), 19);
  return tweetFor(ctx.seed, userFor(ctx.seed, handle), id);
}

const transcript: PlatformHandlers<'tweetsite'>['tweetsite/transcript'] = (ctx) => {
  const tweet = tweetFromUrl(ctx, ctx.params.get('url') ?? '');
  return { ...tweet.object, transcript: tweet.transcript };
};

export const tweetsite: PlatformHandlers<'tweetsite'> = {
  'tweetsite/transcript': transcript,
  'tweetsite/user/tweets': userTweets,
};
