/**
 * A hostile (or broken) service, played by a scripted HTTP server on 127.0.0.1, against the real
 * core and client on simulated time:
 *
 * - a 429's Retry-After, in every shape, never holds the queue back for more than an hour, the
 *   status says how long it waits and how the service's value was taken, a later answer clears
 *   that, and no timer is set that Node would fire at once (TimeoutOverflowWarning, a busy loop);
 * - an answer's own id or link never renames the item asked for, nor files an item under an id
 *   that is not one or a link of another site: the item keeps the link asked for, the warning
 *   says so, and the raw response keeps what was sent;
 * - a next-page value too long (or otherwise impossible) to send back ends the listing as the
 *   service's fault, MALFORMED_RESPONSE, without another request and without "Load more".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobSpec } from '../../src/main/core/queue/fetch-queue';
import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { getOperation, type OperationId } from '../../src/shared/catalogue';
import type { CallOutcome } from '../../src/shared/call';
import { createTestCore, type TestCore } from '../helpers/core';
import { createSimTime, type SimTime } from '../helpers/sim-time';

const TOKEN = 'tok_hostile_service_1234567890ab';
const HOUR = 60 * 60_000;
const ASKED = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** What the scripted service answers to its `n`th request (1 first). */
type Answer = { status?: number; headers?: Record<string, string | string[]>; body: unknown };
type Script = (n: number, url: URL) => Answer;

let testCore: TestCore | undefined;
let server: Server | undefined;
afterEach(async () => {
  await testCore?.dispose();
  testCore = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The envelope of a successful answer to `operation`. */
function ok(operation: OperationId, data: unknown, n: number): Answer {
  const op = getOperation(operation);
  return { body: { success: true, data, meta: { platform: op.platform, endpoint: op.endpoint, request_id: `req_hostile_${n}` } } };
}

const video = (n: number, fields: Record<string, unknown> = {}) =>
  ok('videosite/video', { id: 'dQw4w9WgXcQ', title: 'The video asked for', ...fields }, n);

/**
 * The real core against a scripted service on 127.0.0.1, on simulated time. `timers: 'system'`
 * runs the queue on Node's own timers (the clock stays simulated).
 */
async function start(script: Script, options: { timers?: 'system' } = {}) {
  const sim = createSimTime();
  const requests: { at: number; url: URL }[] = [];
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ at: sim.now(), url });
    const answer = script(requests.length, url);
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    res.setHeader('content-type', 'application/json');
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  testCore = createTestCore({
    fetch: globalThis.fetch.bind(globalThis),
    clock: sim.clock,
    ...(options.timers === 'system' ? {} : { timers: sim.timers }),
    random: () => 0.5,
    secretStore: createMemorySecretStore(TOKEN),
    timeoutMs: { normal: 5_000, slow: 5_000 },
  });
  const { core } = testCore;
  await core.dispatch('settings.set', { key: 'base-url', value: `http://127.0.0.1:${port}` });
  const queue = core.context.queue;
  const run = (done: () => boolean) => sim.runUntil(done, { idle: () => queue.whenIdle() });
  return { sim, requests, core, queue, run, db: core.context.db };
}

/** Runs one call to its end; what the user is shown of it. */
async function call(harness: Awaited<ReturnType<typeof start>>, job: JobSpec): Promise<CallOutcome> {
  const { batchId } = harness.queue.enqueue({ kind: 'call', label: job.operation, jobs: [job] });
  await harness.run(() => harness.queue.batchProgress(batchId).finished);
  const outcome = await harness.core.dispatch('service.results', { batchId });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.value as CallOutcome;
}

const videoCall: JobSpec = { operation: 'videosite/video', params: { url: ASKED } };

describe('a 429’s Retry-After', () => {
  const at = (sim: SimTime, ms: number) => new Date(sim.now() + ms);
  const imf = (date: Date) => date.toUTCString();
  const rfc850 = (date: Date) => {
    const [day, , month, year, time] = date.toUTCString().replace(',', '').split(' ');
    const long = { Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday', Sun: 'Sunday' };
    return `${long[day as keyof typeof long]}, ${String(date.getUTCDate()).padStart(2, '0')}-${month}-${year!.slice(2)} ${time} GMT`;
  };
  const asctime = (date: Date) => {
    const [day, , month, year, time] = date.toUTCString().replace(',', '').split(' ');
    return `${day} ${month} ${String(date.getUTCDate()).padStart(2, ' ')} ${time} ${year}`;
  };

  // The wait before the request after the 429, and what the status says meanwhile.
  it.each<[string, (sim: SimTime) => string | string[], number, string]>([
    [
      'a huge number of seconds',
      () => '99999999',
      HOUR,
      'asked to wait over 3 years (Retry-After: "99999999"); Gleaner waits at most an hour',
    ],
    ['more digits than a number holds', () => '9'.repeat(400), HOUR, 'asked to wait for ever'],
    ['an IMF date years ahead', (sim) => imf(at(sim, 4 * 365 * 24 * HOUR)), HOUR, 'asked to wait over 4 years'],
    ['an RFC 850 date years ahead', (sim) => rfc850(at(sim, 3 * 365 * 24 * HOUR)), HOUR, 'asked to wait over 3 years'],
    ['an asctime date hours ahead', (sim) => asctime(at(sim, 5 * HOUR)), HOUR, 'asked to wait 5 h'],
    ['zero', () => '0', 1_500, 'asked to try again at once'],
    ['a negative number', () => '-30', 1_500, 'is a negative number of seconds'],
    ['garbage', () => 'soon', 1_500, 'is neither a number of seconds nor a date'],
    ['a date already past', () => 'Sun, 06 Nov 1994 08:49:37 GMT', 1_500, 'names a time already past'],
    ['two different headers', () => ['120', '30'], 1_500, 'several different Retry-After values ("120, 30")'],
  ])('is bounded or not gone by, and said: %s', async (_label, header, waitMs, said) => {
    let retryAfter: string | string[] = '';
    const h = await start((n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': retryAfter }, body: { message: 'slow down' } } : video(n),
    );
    retryAfter = header(h.sim);
    const { batchId } = h.queue.enqueue({ kind: 'call', label: 'x', jobs: [videoCall] });
    await h.run(() => h.queue.status().serviceWait !== null);
    const wait = h.queue.status().serviceWait!;
    expect(wait.message).toContain(said);
    expect(Date.parse(wait.until) - h.requests[0]!.at).toBe(waitMs);
    await h.run(() => h.queue.batchProgress(batchId).finished);
    expect(h.requests).toHaveLength(2);
    expect(h.requests[1]!.at - h.requests[0]!.at).toBe(waitMs);
    // The service answered again: nothing holds the queue back, nothing is said of a wait.
    expect(h.queue.status().serviceWait).toBeNull();
    expect(Date.parse(h.queue.status().gauge.nextFreeSlot)).toBeLessThanOrEqual(h.sim.now());
  });

  it('sets no timer Node would fire at once on the system timers (no TimeoutOverflowWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      // A 503 whose Retry-After is years ahead, five times over (an outage), then a 429 alike.
      const h = await start(
        (n) =>
          n <= 5
            ? { status: 503, headers: { 'retry-after': '99999999' }, body: { message: 'down' } }
            : { status: 429, headers: { 'retry-after': '99999999' }, body: { message: 'slow down' } },
        { timers: 'system' },
      );
      h.queue.enqueue({
        kind: 'import',
        label: 'x',
        jobs: Array.from({ length: 6 }, (_, i) => ({
          operation: 'videosite/video' as const,
          params: { url: `${ASKED.slice(0, -1)}${i}` },
        })),
      });
      await new Promise<void>((resolve) => {
        const check = () => {
          if (h.queue.status().paused === null) return;
          unsubscribe();
          resolve();
        };
        const unsubscribe = h.core.context.events.subscribe(check);
        check();
      });
      await h.queue.whenIdle();
      // Node warns on the tick after such a timer is set.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('TimeoutOverflowWarning');
      expect(h.queue.status().paused?.message).toContain('Gleaner waits at most an hour');
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('an answer’s own id or link', () => {
  const itemRows = (db: Awaited<ReturnType<typeof start>>['db']) =>
    db.prepare('SELECT native_id AS nativeId, url FROM items ORDER BY id').all() as { nativeId: string | null; url: string | null }[];

  it.each<[string, Record<string, unknown>, string]>([
    ['an id of path segments', { id: '../../etc/passwd' }, 'id "../../etc/passwd"'],
    ['a number for an id', { id: 12345 }, 'id "12345"'],
    ['another video’s id and link', { id: 'aaaaaaaaaaa', url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa' }, 'id "aaaaaaaaaaa"'],
    [
      'the right id with another video’s link',
      { url: 'https://www.youtube.com/watch?v=bbbbbbbbbbb' },
      'id "dQw4w9WgXcQ", link "https://www.youtube.com/watch?v=bbbbbbbbbbb"',
    ],
  ])('does not rename the item asked for: %s', async (_label, fields, claim) => {
    const h = await start((n) => video(n, fields));
    const { results, items } = await call(h, videoCall);
    expect(items.map(({ nativeId, url }) => ({ nativeId, url }))).toEqual([{ nativeId: 'dQw4w9WgXcQ', url: ASKED }]);
    expect(itemRows(h.db)).toEqual([{ nativeId: 'dQw4w9WgXcQ', url: ASKED }]);
    expect(results[0]!.warnings).toEqual([
      expect.stringContaining(`The service answered the request for ${ASKED} with an identity that is not that item’s (${claim}`),
    ]);
    // The raw response is kept as received, the claim with it.
    const body = h.db.prepare('SELECT body FROM responses').pluck().get() as string;
    expect(JSON.parse(body).data).toMatchObject(fields);
  });

  it('keeps a link of another site out of the item, and says so', async () => {
    const h = await start((n) => video(n, { url: 'https://evil.example/watch?v=dQw4w9WgXcQ' }));
    const { results, items } = await call(h, videoCall);
    expect(items.map(({ nativeId, url }) => ({ nativeId, url }))).toEqual([{ nativeId: 'dQw4w9WgXcQ', url: ASKED }]);
    expect(results[0]!.warnings).toEqual([
      expect.stringContaining(
        'with an identity that is not that item’s (id "dQw4w9WgXcQ", link "https://evil.example/watch?v=dQw4w9WgXcQ")',
      ),
    ]);
  });

  it('files no listing record under an id that is not one, or a link of another site', async () => {
    const h = await start((n) =>
      ok(
        'videosite/search',
        {
          videos: [
            { type: 'video', id: '../../etc/passwd', title: 'A' },
            { type: 'video', id: 'ccccccccccc', url: 'https://evil.example/watch?v=ccccccccccc', title: 'B' },
            { type: 'video', id: 'x'.repeat(600), title: 'C' },
          ],
        },
        n,
      ),
    );
    const { results } = await call(h, { operation: 'videosite/search', params: { query: 'harbour' } });
    const rows = itemRows(h.db);
    expect(rows.map((row) => row.nativeId)).toEqual([null, 'ccccccccccc', null]);
    expect(rows.map((row) => row.url)).toEqual([null, null, null]);
    expect(results[0]!.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('2 of 3 records have an id too long or not made of an id’s characters (the first: "../../etc/passwd")'),
        expect.stringContaining('1 of 3 records has a link that is not a YouTube link ("https://evil.example/watch?v=ccccccccccc")'),
      ]),
    );
  });

  it('attaches a transcript to the video asked for, whatever video the answer names', async () => {
    const h = await start((n) =>
      ok('videosite/transcript', { videoId: 'ddddddddddd', transcript: [{ text: 'hello', start: 0, duration: 1 }] }, n),
    );
    const { results } = await call(h, { operation: 'videosite/transcript', params: { url: ASKED, language: 'en' } });
    expect(itemRows(h.db).map((row) => row.nativeId)).toEqual(['dQw4w9WgXcQ']);
    expect(results[0]!.warnings).toEqual([expect.stringContaining('with an identity that is not that item’s (id "ddddddddddd"')]);
  });

  it('takes a microblog post named by its account’s DID for the post asked for by handle, but not another post', async () => {
    const link = (rkey: string) => `https://bsky.app/profile/newsroom.bsky.social/post/${rkey}`;
    const answered = {
      post: {
        uri: 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3kabcdefghi2x',
        author: { handle: 'newsroom.bsky.social' },
        record: { text: 'hi' },
      },
    };
    const h = await start((n) => ok('microblog/post', answered, n));
    const same = await call(h, { operation: 'microblog/post', params: { url: link('3kabcdefghi2x') } });
    expect(same.results[0]!.warnings).toEqual([]);
    const other = await call(h, { operation: 'microblog/post', params: { url: link('3kqqqqqqqqq2x') } });
    expect(other.results[0]!.warnings).toEqual([expect.stringContaining('with an identity that is not that item’s')]);
    expect(other.items.map((item) => item.nativeId)).toEqual(['at://newsroom.bsky.social/app.bsky.feed.post/3kqqqqqqqqq2x']);
  });
});

describe('a next-page value Gleaner cannot send back', () => {
  const search = (token: string) => (n: number) =>
    ok('videosite/search', { videos: [{ type: 'video', id: 'eeeeeeeeeee', title: 'E' }], continuationToken: token }, n);

  it.each<[string, string, string]>([
    ['200 KB long', 'x'.repeat(200_000), 'of 200,000 characters, too long to send back'],
    ['with control characters', 'abc\u0001def', 'with control characters or line breaks in it'],
  ])('ends the listing as the service’s fault, without another request: %s', async (_label, token, why) => {
    const h = await start(search(token));
    const { results } = await call(h, { operation: 'videosite/search', params: { query: 'harbour' }, pages: 3 });
    expect(h.requests).toHaveLength(1);
    expect(results.map((result) => result.state)).toEqual(['done', 'failed']);
    expect(results[0]!.nextPage).toBeNull();
    expect(results[0]!.warnings).toEqual([expect.stringContaining(why)]);
    expect(results[1]!.error).toEqual({ code: 'MALFORMED_RESPONSE', message: expect.stringContaining(why) });
    expect(results[1]!.error!.message).toContain('“Load more” is not offered');
    // Retried, it fails the same way, still without a request.
    const failedJob = h.queue.jobs({ state: 'failed' })[0]!;
    h.queue.retry({ jobId: failedJob.id });
    await h.run(() => h.queue.job(failedJob.id)!.state === 'failed');
    expect(h.queue.jobs({ state: 'failed' })[0]).toMatchObject({ errorCode: 'MALFORMED_RESPONSE' });
    expect(h.requests).toHaveLength(1);
  });

  it('offers no “Load more” for a single page, and says why', async () => {
    const h = await start(search('y'.repeat(5_000)));
    const { results } = await call(h, { operation: 'videosite/search', params: { query: 'harbour' } });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ state: 'done', nextPage: null, error: null });
    expect(results[0]!.warnings).toEqual([expect.stringContaining('of 5,000 characters, too long to send back')]);
  });
});
