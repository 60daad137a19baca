import { createServiceClient, type ServiceClient } from '../../src/main/core/service/client';
import { createLogger } from '../../src/main/core/log';
import { DEFAULT_SERVICE_SETTINGS } from '../../src/main/core/settings/service-settings';
import { linkProblemFor, platformOfUrl } from '../../src/main/core/platforms/recognise-url';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService } from '../../src/main/demo/types';
import type { OperationId } from '../../src/shared/catalogue';

/** One valid call of each operation, under Gleaner's parameter names. */
export const SAMPLE_PARAMS: Record<OperationId, Record<string, string>> = {
  'shortvideo/search': { query: 'climate' },
  'shortvideo/video': { url: 'https://www.tiktok.com/@newsroom/video/7234567890123456789', get_transcript: 'true' },
  'shortvideo/search/hashtag': { hashtag: 'climate' },
  'shortvideo/trending': { region: 'US' },
  'videosite/search': { query: 'flood defences' },
  'videosite/channel/videos': { handle: '@newsroom' },
  'videosite/search/hashtag': { hashtag: 'climate' },
  'videosite/transcript': { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', language: 'en' },
  'videosite/video': { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  'videosite/trending': {},
  'photoshare/post': { url: 'https://www.instagram.com/p/CxYz123AbC/' },
  'photoshare/user/reels': { handle: 'newsroom' },
  'microblog/user/posts': { handle: 'newsroom.bsky.social' },
  'microblog/post': { url: 'https://bsky.app/profile/newsroom.bsky.social/post/3kabcdefghi2x' },
  'professional/post': { url: 'https://www.linkedin.com/posts/newsroom_climate-activity-7123456789012345678-AbCd' },
  'pinboard/pin': { url: 'https://www.pinterest.com/pin/123456789012345678/' },
  'socialnet/user/reels': { url: 'https://www.facebook.com/newsroom' },
  'forum/subreddit/search': { subreddit: 'journalism', query: 'climate' },
  'tweetsite/transcript': { url: 'https://x.com/newsroom/status/1712345678901234567' },
  'tweetsite/user/tweets': { handle: 'newsroom' },
};

/** The real client against an in-process demo service, on the Team plan's token. */
export async function clientOnDemo(
  options: { timeoutMs?: { normal: number; slow: number }; seed?: string } = {},
): Promise<{ demo: DemoService; client: ServiceClient; token: () => string }> {
  const demo = await startDemoService({ port: 0, seed: options.seed ?? 'client-tests' });
  const token = () => demo.teams.find((t) => t.plan === 'team')!.token;
  const client = createServiceClient({
    fetch: globalThis.fetch.bind(globalThis),
    clock: { now: () => Date.now() },
    log: createLogger(() => undefined),
    settings: () => DEFAULT_SERVICE_SETTINGS,
    target: async () => ({ baseUrl: demo.url, token: token() }),
    linkChecks: { platformOfUrl, linkProblem: linkProblemFor },
    timeoutMs: options.timeoutMs ?? { normal: 5_000, slow: 10_000 },
  });
  return { demo, client, token };
}
