import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createServiceClient, type ServiceClientDeps } from '../../../../src/main/core/service/client';
import { readRetryAfter } from '../../../../src/main/core/queue/retry-after';
import { createLogger } from '../../../../src/main/core/log';
import { DEFAULT_SERVICE_SETTINGS } from '../../../../src/main/core/settings/service-settings';
import { GleanerError } from '../../../../src/shared/errors';

const parseRetryAfter = (header: string | null, now: number) => readRetryAfter(header, now).ms;

const TOKEN = 'tok_secret_1234567890abcdef';
const NOW = Date.parse('2026-03-01T12:00:00Z');

const envelope = (platform: string, endpoint: string, data: unknown) =>
  JSON.stringify({ success: true, data, meta: { platform, endpoint, request_id: 'req_abc123' } });

function client(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, overrides: Partial<ServiceClientDeps> = {}) {
  const fetchSpy = vi.fn(fetchImpl);
  const lines: string[] = [];
  const deps: ServiceClientDeps = {
    fetch: fetchSpy as unknown as typeof fetch,
    clock: { now: () => NOW },
    log: createLogger((line) => lines.push(line)),
    settings: () => DEFAULT_SERVICE_SETTINGS,
    target: async () => ({ baseUrl: 'https://api.example.com', token: TOKEN }),
    timeoutMs: { normal: 200, slow: 400 },
    ...overrides,
  };
  return { service: createServiceClient(deps), fetchSpy, lines };
}

async function failure(promise: Promise<unknown>): Promise<GleanerError> {
  try {
    await promise;
  } catch (error) {
    return error as GleanerError;
  }
  throw new Error('expected a failure');
}

describe('service client', () => {
  it('sends the bearer token and returns the body as received with provenance', async () => {
    const body = envelope('videosite', 'search', { videos: [{ id: 'v1' }], continuationToken: 'next', unknownField: 1 });
    const { service, fetchSpy } = client(async () => new Response(body, { status: 200 }));
    const response = await service.call('videosite/search', { query: 'climate' });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/api/v1/partner/videosite/search?query=climate');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);
    expect(response).toMatchObject({
      operation: 'videosite/search',
      requestId: 'req_abc123',
      status: 200,
      body,
      fetchedAt: '2026-03-01T12:00:00.000Z',
      nextPage: { continuationToken: 'next' },
      params: { query: 'climate' },
    });
    expect(response.requestUrl).not.toContain(TOKEN);
    expect((response.data as { unknownField: number }).unknownField).toBe(1);
  });

  it('accepts any 2xx as success', async () => {
    const { service } = client(async () => new Response(envelope('videosite', 'trending', { shorts: [] }), { status: 203 }));
    await expect(service.call('videosite/trending', {})).resolves.toMatchObject({ status: 203 });
  });

  it('spends no request on invalid parameters or a missing token', async () => {
    const { service, fetchSpy } = client(async () => new Response('{}'));
    expect(await failure(service.call('forum/subreddit/search', { subreddit: 'r/x' }))).toMatchObject({ code: 'INVALID_INPUT' });
    const noToken = client(async () => new Response('{}'), { target: async () => ({ baseUrl: 'https://api.example.com', token: null }) });
    // Marked as never sent, so the queue gives back the budget it counted.
    expect(await failure(noToken.service.call('videosite/trending', {}))).toMatchObject({
      code: 'TOKEN_MISSING',
      details: { notSent: true },
    });
    const locked = client(async () => new Response('{}'), {
      target: async () => {
        throw new GleanerError('SECRET_STORE_UNAVAILABLE', 'The keychain is locked.');
      },
    });
    expect(await failure(locked.service.call('videosite/trending', {}))).toMatchObject({
      code: 'SECRET_STORE_UNAVAILABLE',
      details: { notSent: true },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(noToken.fetchSpy).not.toHaveBeenCalled();
    expect(locked.fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    [401, {}, 'TOKEN_REJECTED'],
    [403, {}, 'SUBSCRIPTION_INACTIVE'],
    [404, {}, 'NOT_FOUND'],
    [400, {}, 'INVALID_INPUT'],
    [500, {}, 'UPSTREAM_ERROR'],
    [502, {}, 'UPSTREAM_ERROR'],
    [503, {}, 'UPSTREAM_ERROR'],
    [418, {}, 'UPSTREAM_ERROR'],
    [429, { 'retry-after': '17' }, 'RATE_LIMITED'],
  ])('maps HTTP %i to %s', async (status, headers, code) => {
    const { service } = client(async () => new Response(JSON.stringify({ message: 'nope' }), { status, headers }));
    const error = await failure(service.call('videosite/trending', {}));
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    expect(error.message).toContain('The service said: nope');
  });

  it('keeps the request id and words of an error answer with the error, so a watch can cite the answer that said an item is gone', async () => {
    const refusal = { success: false, message: 'This content is private.', data: null, meta: { request_id: 'req_gone42' } };
    const unsuccessful = client(async () => new Response(JSON.stringify(refusal), { status: 200 }));
    const refused = await failure(unsuccessful.service.call('videosite/trending', {}));
    expect(refused.message).toMatch(
      /^The service could not complete videosite\/trending: This content is private\. \(request id req_gone42\)$/,
    );
    expect(refused.details).toMatchObject({ status: 200, requestId: 'req_gone42', serviceWords: 'This content is private.' });
    const notFound = client(async () => new Response(JSON.stringify(refusal), { status: 410 }));
    const gone = await failure(notFound.service.call('videosite/trending', {}));
    expect(gone.message).toMatch(/The service said: This content is private\. \(request id req_gone42\)$/);
    expect(gone.details).toMatchObject({ status: 410, requestId: 'req_gone42', serviceWords: 'This content is private.' });
    // Only an id of the documented form is kept; a body without one adds nothing.
    const odd = client(async () => new Response(JSON.stringify({ ...refusal, meta: { request_id: 'see <a href>' } }), { status: 410 }));
    const oddError = await failure(odd.service.call('videosite/trending', {}));
    expect(oddError.message).not.toContain('request id');
    expect(oddError.details.requestId).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', async () => {
    const { service } = client(async () => new Response('', { status: 429, headers: { 'retry-after': '17' } }));
    expect((await failure(service.call('videosite/trending', {}))).details.retryAfterMs).toBe(17_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    // Seconds with a fraction are seconds, not a date (Date.parse reads "30.5" as a day in 2001).
    expect(parseRetryAfter('30.5', NOW)).toBe(30_500);
    expect(parseRetryAfter(' 0.25 ', NOW)).toBe(250);
    expect(parseRetryAfter('1.', NOW)).toBeUndefined();
    expect(parseRetryAfter('garbage', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('reads error reasons from message, error or detail', async () => {
    for (const body of [{ error: 'bad thing' }, { detail: 'bad thing' }, { error: { message: 'bad thing' } }]) {
      const { service } = client(async () => new Response(JSON.stringify(body), { status: 500 }));
      expect((await failure(service.call('videosite/trending', {}))).message).toContain('bad thing');
    }
  });

  it('reads a list of problems (a FastAPI validation error) as its first few messages, with where each is', async () => {
    const problem = (n: number) => ({ type: 'missing', loc: ['query', `p${n}`], msg: `Field ${n} required`, input: null });
    const cases: [unknown, string][] = [
      [{ detail: [problem(1)] }, 'The service said: Field 1 required (query.p1)'],
      [
        { detail: [problem(1), problem(2), problem(3), problem(4), problem(5)] },
        'The service said: Field 1 required (query.p1); Field 2 required (query.p2); Field 3 required (query.p3) (and 2 more)',
      ],
      [{ detail: [{ msg: 'bad\nvalue' }, 'plain words', 42] }, 'The service said: bad value; plain words'],
    ];
    for (const [body, reason] of cases) {
      const { service } = client(async () => new Response(JSON.stringify(body), { status: 422 }));
      const error = await failure(service.call('videosite/trending', {}));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toContain(reason);
    }
    // A list with nothing readable gives no reason rather than an empty one.
    const { service } = client(async () => new Response(JSON.stringify({ detail: [{ loc: ['query'] }] }), { status: 422 }));
    expect((await failure(service.call('videosite/trending', {}))).message).not.toContain('The service said');
  });

  it('says a 404 may come from a wrong base URL or path setting, naming the path asked for and never the token', async () => {
    const settings = { ...DEFAULT_SERVICE_SETTINGS, paths: { 'tweetsite/user/tweets': '/api/v1/partner/tweetsite/user-tweets' } };
    const { service } = client(async () => new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 }), {
      settings: () => settings,
      target: async () => ({ baseUrl: 'https://api.example.com/prefix', token: TOKEN }),
    });
    const error = await failure(service.call('tweetsite/user/tweets', { handle: 'newsroom' }));
    expect(error).toMatchObject({ code: 'NOT_FOUND', details: { status: 404 } });
    expect(error.message).toBe(
      'The service found nothing for tweetsite/user/tweets (404 at /prefix/api/v1/partner/tweetsite/user-tweets). If the content should exist, the base URL or this operation’s path in Settings may be wrong. The service said: Not Found',
    );
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain('newsroom');
  });

  it.each([
    // A garbled body may come out whole next time; an empty one, or one in another shape, will not (final: not retried).
    ['a non-JSON body', '<html>Bad gateway</html>', /not JSON/, false],
    ['an empty body', '', /empty body \(status 200\)/, true],
    ['a body of white space', ' \r\n', /empty body/, true],
    ['a truncated body', envelope('videosite', 'trending', { shorts: [] }).slice(0, 30), /not JSON/, false],
    [
      'no request id',
      JSON.stringify({ success: true, data: {}, meta: { platform: 'videosite', endpoint: 'trending' } }),
      /meta\.request_id/,
      true,
    ],
    [
      'a request id without req_',
      JSON.stringify({ success: true, data: {}, meta: { platform: 'videosite', endpoint: 'trending', request_id: 'abc' } }),
      /meta\.request_id/,
      true,
    ],
    [
      'data that is not an object',
      JSON.stringify({ success: true, data: [], meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_1' } }),
      /data/,
      true,
    ],
    ['another platform', envelope('forum', 'trending', {}), /platform "forum"/, true],
    ['another endpoint', envelope('videosite', 'search', {}), /endpoint "search"/, true],
  ])('calls %s MALFORMED_RESPONSE', async (_label, body, message, final) => {
    const { service } = client(async () => new Response(body, { status: 200 }));
    const error = await failure(service.call('videosite/trending', {}));
    expect(error.code).toBe('MALFORMED_RESPONSE');
    expect(error.message).toMatch(message);
    expect(error.details.final === true).toBe(final);
  });

  it('accepts any endpoint value where the spec lists none (pins)', async () => {
    const { service } = client(async () => new Response(envelope('pinboard', 'pin', { description: 'x' })));
    await expect(service.call('pinboard/pin', { url: 'https://www.pinterest.com/pin/1/' })).resolves.toMatchObject({ endpoint: 'pin' });
  });

  it('turns success: false into a final UPSTREAM_ERROR with its reason', async () => {
    const { service } = client(async () => new Response(JSON.stringify({ success: false, message: 'upstream platform down' })));
    const error = await failure(service.call('videosite/trending', {}));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', details: { status: 200, final: true } });
    expect(error.message).toContain('upstream platform down');
  });

  // The queue retries UPSTREAM_ERROR and MALFORMED_RESPONSE unless final: each of these would cost five requests for one answer.
  it.each<[string, () => Response, string]>([
    ['success: false with status 200', () => new Response(JSON.stringify({ success: false, error: 'No such handle' })), 'UPSTREAM_ERROR'],
    ['402', () => new Response(JSON.stringify({ message: 'Payment required' }), { status: 402 }), 'UPSTREAM_ERROR'],
    ['405', () => new Response('', { status: 405 }), 'UPSTREAM_ERROR'],
    ['414', () => new Response('<html>URI Too Long</html>', { status: 414 }), 'UPSTREAM_ERROR'],
    ['418', () => new Response('{}', { status: 418 }), 'UPSTREAM_ERROR'],
    ['451', () => new Response('{}', { status: 451 }), 'UPSTREAM_ERROR'],
    ['a 3xx without a Location', () => new Response(null, { status: 304 }), 'UPSTREAM_ERROR'],
    ['204', () => new Response(null, { status: 204 }), 'MALFORMED_RESPONSE'],
  ])('makes an answer that would not change final: %s', async (_label, answer, code) => {
    const { service, fetchSpy } = client(async () => answer());
    const error = await failure(service.call('videosite/trending', {}));
    expect(error).toMatchObject({ code, details: { final: true } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it.each<[string, () => Promise<Response>, string]>([
    ['500', async () => new Response('{}', { status: 500 }), 'UPSTREAM_ERROR'],
    ['503', async () => new Response('{}', { status: 503 }), 'UPSTREAM_ERROR'],
    ['408', async () => new Response('{}', { status: 408 }), 'UPSTREAM_ERROR'],
    ['429', async () => new Response('{}', { status: 429 }), 'RATE_LIMITED'],
    [
      'a dropped connection',
      async () => {
        throw new TypeError('fetch failed');
      },
      'NETWORK',
    ],
  ])('leaves a passing failure to be tried again: %s', async (_label, answer, code) => {
    const { service } = client(answer);
    const error = await failure(service.call('videosite/trending', {}));
    expect(error.code).toBe(code);
    expect(error.details.final).toBeUndefined();
  });

  it('times out a silent server without hanging', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    const { service } = client(hang);
    const started = Date.now();
    expect(await failure(service.call('videosite/trending', {}))).toMatchObject({ code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out a body that trickles past the time limit, and stops reading it', async () => {
    const body = envelope('videosite', 'trending', { shorts: [] });
    let sent = 0;
    let cancelled = false;
    // Headers at once, then a byte every 20 ms: the whole body would take seconds.
    const trickle = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            if (sent >= body.length) return controller.close();
            controller.enqueue(new TextEncoder().encode(body[sent]));
            sent += 1;
          },
          cancel() {
            cancelled = true;
          },
        }),
      );
    const { service } = client(trickle);
    const started = Date.now();
    const error = await failure(service.call('videosite/trending', {}));
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(error.message).toContain('within 0 seconds (the setting timeouts.request)');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(sent).toBeLessThan(body.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancelled).toBe(true);

    // A cancel while the body arrives is a cancel, not a time-out.
    sent = 0;
    const controller = new AbortController();
    const call = client(trickle, { timeoutMs: { normal: 5_000, slow: 5_000 } }).service.call(
      'videosite/trending',
      {},
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    expect(await failure(call)).toMatchObject({ code: 'CANCELLED' });
  });

  it('takes its time limits from the settings, read for each request, the longer one for speech recognition', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    let settings = { ...DEFAULT_SERVICE_SETTINGS, timeouts: { normal: 100, slow: 700 } };
    const { service } = client(hang, { settings: () => settings, timeoutMs: undefined });
    const timed = async (operation: Parameters<typeof service.call>[0], params: Record<string, string>) => {
      const started = Date.now();
      const error = await failure(service.call(operation, params));
      return { error, ms: Date.now() - started };
    };
    const normal = await timed('videosite/trending', {});
    expect(normal.error).toMatchObject({ code: 'TIMEOUT' });
    expect(normal.error.message).toBe('The service did not answer videosite/trending within 0 seconds (the setting timeouts.request).');
    const slow = await timed('tweetsite/transcript', { url: 'https://x.com/newsroom/status/1712345678901234567' });
    expect(slow.error.message).toContain('(the setting timeouts.slow-request)');
    expect(slow.ms).toBeGreaterThanOrEqual(650);
    settings = { ...settings, timeouts: { normal: 1_000, slow: 700 } };
    expect((await timed('videosite/trending', {})).ms).toBeGreaterThanOrEqual(950);
  });

  it('reports a dropped connection as NETWORK and a user cancel as CANCELLED', async () => {
    const { service } = client(async () => {
      throw new TypeError('fetch failed', { cause: new Error('other side closed') });
    });
    // A dropped connection may have reached the service: it counts against the plan.
    const dropped = await failure(service.call('videosite/trending', {}));
    expect(dropped).toMatchObject({ code: 'NETWORK' });
    expect(dropped.details.notSent).toBeUndefined();

    // Refused, or no such host: it never arrived, so it is marked as not sent (no budget used).
    for (const [code, words] of [
      ['ECONNREFUSED', 'connection refused'],
      ['ENOTFOUND', 'host not found'],
    ] as const) {
      const refused = await failure(
        client(async () => {
          throw new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code }) });
        }).service.call('videosite/trending', {}),
      );
      expect(refused).toMatchObject({ code: 'NETWORK', message: expect.stringContaining(`(${words})`), details: { notSent: true } });
    }

    const controller = new AbortController();
    let started!: () => void;
    const fetchStarted = new Promise<void>((resolve) => (started = resolve));
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
        started();
      });
    const cancelled = client(hang).service.call('videosite/trending', {}, { signal: controller.signal });
    await fetchStarted;
    controller.abort();
    expect(await failure(cancelled)).toMatchObject({ code: 'CANCELLED' });

    const alreadyCancelled = new AbortController();
    alreadyCancelled.abort();
    const spy = client(hang);
    expect(await failure(spy.service.call('videosite/trending', {}, { signal: alreadyCancelled.signal }))).toMatchObject({
      code: 'CANCELLED',
    });
    expect(spy.fetchSpy).not.toHaveBeenCalled();
  });

  it('never follows a redirect: it names the status and the host, once, without the token', async () => {
    const { service, fetchSpy } = client(
      async () => new Response(null, { status: 301, headers: { location: `https://elsewhere.example.net:8443/v2/search?token=${TOKEN}` } }),
    );
    const error = await failure(service.call('videosite/trending', {}));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', details: { status: 301, final: true } });
    expect(error.message).toBe(
      'The service answered videosite/trending with a redirect (301) to https://elsewhere.example.net:8443. Gleaner does not follow redirects, so your token is not sent anywhere else; if the service has moved, set its new base URL in Settings.',
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]![1].redirect).toBe('manual');
    // A relative Location is on the service's own host; a fetch that hides the redirect (opaque) still reads as one.
    const relative = client(async () => new Response(null, { status: 307, headers: { location: '/api/v2/trending' } }));
    expect((await failure(relative.service.call('videosite/trending', {}))).message).toContain(
      'a redirect (307) to https://api.example.com.',
    );
    const opaque = client(async () => Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' }));
    expect(await failure(opaque.service.call('videosite/trending', {}))).toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { final: true },
    });
  });

  it('sends nothing to where a real server redirects', async () => {
    const seen: string[] = [];
    const elsewhere = createServer((request, response) => {
      seen.push(String(request.headers.authorization));
      response.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const service = createServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/steal` });
      response.end();
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const real = client(globalThis.fetch.bind(globalThis) as unknown as (url: string, init: RequestInit) => Promise<Response>, {
        target: async () => ({ baseUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`, token: TOKEN }),
      });
      const error = await failure(real.service.call('videosite/trending', {}));
      expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', details: { status: 302, final: true } });
      expect(error.message).toContain(`a redirect (302) to http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}.`);
      expect(seen).toEqual([]);
    } finally {
      for (const server of [service, elsewhere]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });

  it('offers no next page that repeats the one just asked for, and says why', async () => {
    const { service } = client(async () => new Response(envelope('videosite', 'search', { videos: [], continuationToken: 'same' })));
    const repeated = await service.call('videosite/search', { query: 'climate', continuationToken: 'same' });
    expect(repeated.nextPage).toBeNull();
    expect(repeated.warnings).toEqual([
      'The service gave the same next-page value (continuationToken) as the request for this page, so no further page is asked for: the listing may end here.',
    ]);
    const moving = await service.call('videosite/search', { query: 'climate', continuationToken: 'before' });
    expect(moving).toMatchObject({ nextPage: { continuationToken: 'same' }, warnings: [] });
  });

  it('reads Retry-After on a 5xx, for the queue to wait at least that long', async () => {
    const { service } = client(async () => new Response('{}', { status: 503, headers: { 'retry-after': '20' } }));
    expect(await failure(service.call('videosite/trending', {}))).toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { status: 503, retryAfterMs: 20_000 },
    });
  });

  it('refuses an answer larger than it reads, declared or streamed, without holding it', async () => {
    const body = envelope('videosite', 'trending', { shorts: [], padding: 'x'.repeat(5_000) });
    const declared = client(async () => new Response(body, { headers: { 'content-length': String(body.length) } }), {
      maxBodyBytes: 1_000,
    });
    const streamed = client(
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode(body.slice(i * 600, (i + 1) * 600)));
              controller.close();
            },
          }),
        ),
      { maxBodyBytes: 1_000 },
    );
    for (const { service } of [declared, streamed]) {
      expect(await failure(service.call('videosite/trending', {}))).toMatchObject({ code: 'MALFORMED_RESPONSE', details: { final: true } });
    }
    // Within the limit, and with a byte-order mark, it reads as before.
    const fits = client(async () => new Response(`\uFEFF${body}`), { maxBodyBytes: 10_000 });
    await expect(fits.service.call('videosite/trending', {})).resolves.toMatchObject({ body });
  });

  it('never lets the token into an error message or the log, even when the server echoes it', async () => {
    const { service, lines } = client(async () => new Response(JSON.stringify({ message: `bad token ${TOKEN}` }), { status: 401 }));
    const error = await failure(service.call('videosite/trending', {}));
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toContain('[redacted]');
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('redacts a token the server echoes with JSON escapes, as the message reads once parsed', async () => {
    const token = 'SeCrEt/TokEn/abc123xyz';
    const target = async () => ({ baseUrl: 'https://api.example.com', token });
    const escapedSlash = client(
      async () => new Response(String.raw`{"message":"Invalid token SeCrEt\/TokEn\/abc123xyz"}`, { status: 404 }),
      { target },
    );
    const unicode = client(async () => new Response(String.raw`{"error":{"message":"bad \u0053eCrEt/TokEn/abc123xyz"}}`, { status: 403 }), {
      target,
    });
    const spaced = client(async () => new Response(JSON.stringify({ detail: 'a  token  with  spaces' }), { status: 400 }), {
      target: async () => ({ baseUrl: 'https://api.example.com', token: 'token  with' }),
    });
    for (const { service } of [escapedSlash, unicode, spaced]) {
      const error = await failure(service.call('videosite/trending', {}));
      expect(error.message).toContain('The service said:');
      expect(error.message).toContain('[redacted]');
      expect(error.message).not.toMatch(/SeCrEt|token {2}with/);
    }
  });

  it('refuses an answer that repeats the token, in any spelling, rather than keep it', async () => {
    const token = 'SeCrEt/TokEn/abc123xyz';
    const target = async () => ({ baseUrl: 'https://api.example.com', token });
    const bodies = [
      JSON.stringify({
        success: true,
        data: { debug: `Bearer ${token}` },
        meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_1' },
      }),
      String.raw`{"success":true,"data":{},"meta":{"platform":"videosite","endpoint":"trending","request_id":"req_SeCrEt\/TokEn\/abc123xyz"}}`,
      String.raw`{"success":true,"data":{"x":"\u0053eCrEt/TokEn/abc123xyz"},"meta":{"platform":"videosite","endpoint":"trending","request_id":"req_1"}}`,
    ];
    for (const body of bodies) {
      const { service } = client(async () => new Response(body, { status: 200 }), { target });
      const error = await failure(service.call('videosite/trending', {}));
      expect(error).toMatchObject({ code: 'MALFORMED_RESPONSE', details: { final: true } });
      expect(error.message).toContain('contains your API token');
      expect(error.message).not.toContain('SeCrEt');
    }
    // A platform or endpoint that repeats it is named without it.
    const wrongPlatform = JSON.stringify({ success: true, data: {}, meta: { platform: token, endpoint: 'trending', request_id: 'req_1' } });
    const error = await failure(
      client(async () => new Response(wrongPlatform, { status: 200 }), { target }).service.call('videosite/trending', {}),
    );
    expect(error.message).toMatch(/for platform "\[redacted\]"/);
    // Escapes that spell other text are no reason to refuse.
    const escaped = String.raw`{"success":true,"data":{"t":"a\/b \u00e9"},"meta":{"platform":"videosite","endpoint":"trending","request_id":"req_2"}}`;
    await expect(
      client(async () => new Response(escaped, { status: 200 }), { target }).service.call('videosite/trending', {}),
    ).resolves.toMatchObject({ requestId: 'req_2' });
  });
});
