import { describe, expect, it, vi } from 'vitest';
import { createServiceClient, parseRetryAfter, type ServiceClientDeps } from '../../../../src/main/core/service/client';
import { createLogger } from '../../../../src/main/core/log';
import { DEFAULT_SERVICE_SETTINGS } from '../../../../src/main/core/settings/service-settings';
import { GleanerError } from '../../../../src/shared/errors';

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
    expect(await failure(noToken.service.call('videosite/trending', {}))).toMatchObject({ code: 'TOKEN_MISSING', details: { notSent: true } });
    const locked = client(async () => new Response('{}'), {
      target: async () => {
        throw new GleanerError('SECRET_STORE_UNAVAILABLE', 'The keychain is locked.');
      },
    });
    expect(await failure(locked.service.call('videosite/trending', {}))).toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE', details: { notSent: true } });
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

  it('reads Retry-After as seconds or as an HTTP date', async () => {
    const { service } = client(async () => new Response('', { status: 429, headers: { 'retry-after': '17' } }));
    expect((await failure(service.call('videosite/trending', {}))).details.retryAfterMs).toBe(17_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter('garbage', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('reads error reasons from message, error or detail', async () => {
    for (const body of [{ error: 'bad thing' }, { detail: 'bad thing' }, { error: { message: 'bad thing' } }]) {
      const { service } = client(async () => new Response(JSON.stringify(body), { status: 500 }));
      expect((await failure(service.call('videosite/trending', {}))).message).toContain('bad thing');
    }
  });

  it.each([
    // A garbled body may come out whole next time; one in another shape will not (final: not retried).
    ['a non-JSON body', '<html>Bad gateway</html>', /not JSON/, false],
    ['an empty body', '', /empty body/, false],
    ['a truncated body', envelope('videosite', 'trending', { shorts: [] }).slice(0, 30), /not JSON/, false],
    ['no request id', JSON.stringify({ success: true, data: {}, meta: { platform: 'videosite', endpoint: 'trending' } }), /meta\.request_id/, true],
    ['a request id without req_', JSON.stringify({ success: true, data: {}, meta: { platform: 'videosite', endpoint: 'trending', request_id: 'abc' } }), /meta\.request_id/, true],
    ['data that is not an object', JSON.stringify({ success: true, data: [], meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_1' } }), /data/, true],
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

  it('turns success: false into UPSTREAM_ERROR with its reason', async () => {
    const { service } = client(async () => new Response(JSON.stringify({ success: false, message: 'upstream platform down' })));
    const error = await failure(service.call('videosite/trending', {}));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(error.message).toContain('upstream platform down');
  });

  it('times out a silent server without hanging', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    const { service } = client(hang);
    const started = Date.now();
    expect(await failure(service.call('videosite/trending', {}))).toMatchObject({ code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
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
    expect(await failure(service.call('videosite/trending', {}))).toMatchObject({ code: 'NETWORK' });

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
    expect(await failure(spy.service.call('videosite/trending', {}, { signal: alreadyCancelled.signal }))).toMatchObject({ code: 'CANCELLED' });
    expect(spy.fetchSpy).not.toHaveBeenCalled();
  });

  it('reads Retry-After on a 5xx, for the queue to wait at least that long', async () => {
    const { service } = client(async () => new Response('{}', { status: 503, headers: { 'retry-after': '20' } }));
    expect(await failure(service.call('videosite/trending', {}))).toMatchObject({ code: 'UPSTREAM_ERROR', details: { status: 503, retryAfterMs: 20_000 } });
  });

  it('refuses an answer larger than it reads, declared or streamed, without holding it', async () => {
    const body = envelope('videosite', 'trending', { shorts: [], padding: 'x'.repeat(5_000) });
    const declared = client(async () => new Response(body, { headers: { 'content-length': String(body.length) } }), { maxBodyBytes: 1_000 });
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
    const escapedSlash = client(async () => new Response(String.raw`{"message":"Invalid token SeCrEt\/TokEn\/abc123xyz"}`, { status: 404 }), { target });
    const unicode = client(async () => new Response(String.raw`{"error":{"message":"bad \u0053eCrEt/TokEn/abc123xyz"}}`, { status: 403 }), { target });
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
      JSON.stringify({ success: true, data: { debug: `Bearer ${token}` }, meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_1' } }),
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
    const error = await failure(client(async () => new Response(wrongPlatform, { status: 200 }), { target }).service.call('videosite/trending', {}));
    expect(error.message).toMatch(/for platform "\[redacted\]"/);
    // Escapes that spell other text are no reason to refuse.
    const escaped = String.raw`{"success":true,"data":{"t":"a\/b \u00e9"},"meta":{"platform":"videosite","endpoint":"trending","request_id":"req_2"}}`;
    await expect(client(async () => new Response(escaped, { status: 200 }), { target }).service.call('videosite/trending', {})).resolves.toMatchObject({ requestId: 'req_2' });
  });
});
