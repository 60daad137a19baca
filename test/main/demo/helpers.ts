/** Shared helpers of the demo service tests: real HTTP against a service on a free port. */
import type { OperationId } from '../../../src/shared/catalogue';
import type { DemoService } from '../../../src/main/demo/types';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export const pathOf = (operationId: OperationId): string => `/api/v1/partner/${operationId}`;

export async function request(
  service: DemoService,
  path: string,
  init: { token?: string | null; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const token = init.token === undefined ? tokenOf(service, 'team') : init.token;
  const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...init.headers };
  const response = await fetch(`${service.url}${path}`, { method: init.method ?? 'GET', headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Calls an operation with parameters by their wire names; the `team` plan's token unless told otherwise. */
export function call(
  service: DemoService,
  operationId: OperationId,
  params: Record<string, string> = {},
  token?: string | null,
): Promise<Answer> {
  const query = new URLSearchParams(params).toString();
  return request(service, `${pathOf(operationId)}${query ? `?${query}` : ''}`, { token });
}

export function tokenOf(service: DemoService, plan: 'starter' | 'pro' | 'team'): string {
  const team = service.teams.find((t) => t.plan === plan);
  if (!team) throw new Error(`no ${plan} team`);
  return team.token;
}

/** Valid parameters for each operation, with real-looking URLs pasted from each platform. */
export const SAMPLE_PARAMS: Readonly<Record<OperationId, Record<string, string>>> = {
  'shortvideo/search': { query: 'street food' },
  'shortvideo/video': { url: 'https://www.tiktok.com/@someone/video/7301234567890123456' },
  'shortvideo/search/hashtag': { hashtag: 'citylife' },
  'shortvideo/trending': { region: 'DE' },
  'videosite/search': { query: 'night market' },
  'videosite/channel/videos': { handle: '@civicdesk' },
  'videosite/search/hashtag': { hashtag: 'localnews' },
  'videosite/transcript': { url: 'https://www.youtube.com/watch?v=abcdefghijk' },
  'videosite/video': { url: 'https://www.youtube.com/watch?v=abcdefghijk' },
  'videosite/trending': {},
  'photoshare/post': { url: 'https://www.instagram.com/reel/C1a2B3c4D5e/' },
  'photoshare/user/reels': { handle: 'someone' },
  'microblog/user/posts': { handle: 'someone.bsky.social' },
  'microblog/post': { url: 'https://bsky.app/profile/someone.bsky.social/post/3kq2xyzabc7' },
  'professional/post': { url: 'https://www.linkedin.com/posts/someone_topic-activity-7123456789012345678-abcd' },
  'pinboard/pin': { url: 'https://www.pinterest.com/pin/123456789012345678/' },
  'socialnet/user/reels': { url: 'https://www.facebook.com/somepage' },
  'forum/subreddit/search': { subreddit: 'AskHistorians', query: 'bridges' },
  'tweetsite/transcript': { url: 'https://x.com/someone/status/1790000000000000000' },
  'tweetsite/user/tweets': { handle: 'someone' },
};

export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.UTC(2025, 0, 1)): FakeClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

/** The body without `meta.request_id`, the one part that differs between equal requests. */
export function withoutRequestId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { meta, ...rest } = body as { meta?: Record<string, unknown> };
  if (!meta) return rest;
  const { request_id: _id, ...otherMeta } = meta;
  return { ...rest, meta: otherMeta };
}

/** `data` of a successful answer. */
export function dataOf(answer: Answer): Record<string, unknown> {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${answer.text.slice(0, 200)}`);
  return (answer.json as { data: Record<string, unknown> }).data;
}

/**
 * A body as two services with the same seed should both give it: without its request id, and
 * with the service's own origin in media addresses written as `<origin>`.
 */
export function originFree(service: DemoService, body: unknown): unknown {
  return JSON.parse(JSON.stringify(withoutRequestId(body)).split(`${service.url}/media/`).join('<origin>/media/')) as unknown;
}

/** Every string inside a value, for scanning responses. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** A clock that moves on by `stepMs` at every reading, so long test runs stay under the rate limits. */
export function tickingClock(stepMs = 1000, start = Date.UTC(2025, 0, 1)): { now(): number } {
  let now = start;
  return {
    now: () => {
      now += stepMs;
      return now;
    },
  };
}
