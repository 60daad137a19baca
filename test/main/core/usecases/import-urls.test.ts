import { describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { recogniseUrl } from '../../../../src/main/core/platforms/recognise-url';
import { planImport } from '../../../../src/main/core/usecases/import-urls';
import { alreadyFetchedItems } from '../../../../src/shared/queue';
import { createHarness } from '../queue/harness';
import { fakeResponse } from '../../../helpers/library';

const limits = { perMinute: 30, perDay: 1000 };

describe('planImport', () => {
  it('recognises each line or says why not, flags duplicates, and plans the cost', () => {
    const { db } = createHarness();
    const text = [
      '# from the tip sheet',
      '',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.tiktok.com/@a/video/7234567890123456789',
      'not a link',
      'https://example.com/page',
    ].join('\n');
    const { plan, jobs } = planImport(text, { db, recognise: (l) => recogniseUrl(l), limits, usedToday: 100 }, { transcripts: true });
    expect(plan.lines.map((l) => l.status)).toEqual(['comment', 'blank', 'fetch', 'duplicate', 'fetch', 'rejected', 'rejected']);
    expect(plan.lines[3]!.reason).toBe('Same as line 3.');
    expect(plan.lines[5]!.reason).toMatch(/\S/);
    // The video-site video gets a separate transcript request; the short-video one a flag.
    expect(jobs.map((j) => j.operation)).toEqual(['videosite/video', 'videosite/transcript', 'shortvideo/video']);
    expect(jobs[2]!.params).toMatchObject({ get_transcript: 'true' });
    expect(plan.quota).toMatchObject({ requests: 3, remainingToday: 900, fitsToday: true });
  });

  it('refuses more lines than an import takes rather than drop the rest, trailing blank lines aside', () => {
    const { db } = createHarness();
    const deps = { db, recognise: (l: string) => recogniseUrl(l), limits, usedToday: 0 };
    const comments = Array.from({ length: 100_000 }, () => '#').join('\n');
    expect(() => planImport(`${comments}\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ`, deps)).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: 'An import takes up to 100,000 lines; this one has 100,001. Split it into several imports.',
      }),
    );
    expect(planImport(`${comments}\n\n\n`, deps).plan.lines).toHaveLength(100_000);
  });

  it('skips what the library already has unless a refresh is asked for, and what is already queued', async () => {
    const h = createHarness();
    const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const recognised = recogniseUrl(link);
    if (!recognised.ok) throw new Error('the test link must be recognised');
    h.queue.enqueue({ kind: 'call', label: 'x', jobs: [{ operation: 'videosite/video', params: recognised.params }] });
    const deps = { db: h.db, recognise: (l: string) => recogniseUrl(l), limits, usedToday: 0 };
    const waitingJob = h.db.prepare('SELECT id FROM jobs').pluck().get() as number;
    expect(planImport(link, deps).plan.lines[0]).toMatchObject({ status: 'already-queued', jobId: waitingJob });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().counts.done === 1);
    const itemId = h.db.prepare('SELECT id FROM items').pluck().get() as number;
    expect(planImport(link, deps).plan.lines[0]).toMatchObject({
      status: 'already-fetched',
      reason: `Already in the library as item ${itemId}; ask for a refresh to fetch it again.`,
      itemId,
    });
    expect(planImport(link, deps, { refresh: true }).plan.lines[0]).toMatchObject({ status: 'fetch' });
    // The service may store the item under another identity: the link is known as the item it resolved to,
    h.db.prepare("UPDATE items SET native_id = 'renamed', url = 'https://www.youtube.com/watch?v=renamed'").run();
    expect(planImport(link, deps).plan.lines[0]).toMatchObject({
      status: 'already-fetched',
      reason: `Already in the library as item ${itemId}; ask for a refresh to fetch it again.`,
      itemId,
    });
    // and, in a library whose answers name no link, the finished job still says which item it brought.
    h.db.prepare('DELETE FROM resolved_links').run();
    expect(planImport(link, deps).plan.lines[0]).toMatchObject({
      status: 'already-fetched',
      reason: expect.stringMatching(/^Already fetched into the library/),
      itemId,
    });
  });

  it('takes a listing link fetched before (a channel) for every item its answer listed', async () => {
    const h = createHarness();
    const link = 'https://www.youtube.com/@newsroom';
    const recognised = recogniseUrl(link);
    if (!recognised.ok) throw new Error('the test link must be recognised');
    expect(recognised.operation).toBe('videosite/channel/videos');
    h.queue.enqueue({ kind: 'call', label: 'x', jobs: [{ operation: recognised.operation, params: recognised.params }] });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().counts.done === 1);
    const listed = h.db.prepare('SELECT item_id FROM item_sources ORDER BY position').pluck().all() as number[];
    expect(listed).toHaveLength(5);
    const { plan } = planImport(link, { db: h.db, recognise: (l: string) => recogniseUrl(l), limits, usedToday: 0 });
    expect(plan.lines[0]).toMatchObject({ status: 'already-fetched', itemId: listed[0], listedItemIds: listed });
    // An import into a collection puts all of them there, not only the first.
    expect(alreadyFetchedItems(plan)).toEqual(listed);
  });

  it('fetches a channel link whose channel the library knows only from a search (it never listed its videos)', () => {
    const h = createHarness();
    // A search answer held the channel itself, as a row of its own.
    createIngester(
      h.db,
      normaliseResponse,
    )({
      operation: 'videosite/search',
      params: { query: 'harbour' },
      requestUrl: 'https://api.example.com/api/v1/partner/videosite/search?query=harbour',
      requestId: 'req_search_channel',
      status: 200,
      fetchedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      body: '{}',
      data: {
        channels: [
          {
            type: 'channel',
            id: 'UCharbourdesk000000000',
            title: 'Harbour desk',
            handle: '@harbourdesk',
            url: 'https://www.youtube.com/@harbourdesk',
          },
        ],
      },
      nextPage: null,
    });
    const channels = h.db.prepare("SELECT url FROM items WHERE platform = 'videosite'").pluck().all();
    expect(channels).toContain('https://www.youtube.com/@harbourdesk');
    const { plan, jobs } = planImport('https://www.youtube.com/@harbourdesk', {
      db: h.db,
      recognise: (l: string) => recogniseUrl(l),
      limits,
      usedToday: 0,
    });
    expect(plan.lines[0]).toMatchObject({ status: 'fetch', operation: 'videosite/channel/videos' });
    expect(jobs).toHaveLength(1);
  });

  it('fetches only the transcript of a known item that has none, when transcripts are asked for', async () => {
    const h = createHarness();
    const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const recognised = recogniseUrl(video);
    if (!recognised.ok) throw new Error('the test link must be recognised');
    h.queue.enqueue({ kind: 'call', label: 'x', jobs: [{ operation: recognised.operation, params: recognised.params }] });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().counts.done === 1);
    const deps = { db: h.db, recognise: (l: string) => recogniseUrl(l), limits, usedToday: 0 };
    const videoId = h.db.prepare('SELECT id FROM items').pluck().get() as number;

    const { plan, jobs } = planImport(video, deps, { transcripts: true });
    expect(plan.lines).toEqual([
      expect.objectContaining({
        status: 'fetch',
        operation: 'videosite/transcript',
        requests: 1,
        itemId: videoId,
        reason: `Already in the library as item ${videoId}; only its transcript is fetched.`,
      }),
    ]);
    expect(jobs).toEqual([{ operation: 'videosite/transcript', params: { url: recognised.params.url } }]);
    expect(plan.quota.requests).toBe(1);
    // Without transcripts asked for, or once the item has one, nothing is spent.
    expect(planImport(video, deps).plan.lines[0]).toMatchObject({ status: 'already-fetched' });
    // Once the service has answered for its transcript — even "none in that language" — it is not asked again.
    const responseId = h.db.prepare('SELECT id FROM responses').pluck().get();
    h.db
      .prepare(
        "INSERT INTO transcripts (item_id, response_id, language, available, format, fetched_at) VALUES (?, ?, 'de', 0, 'none', 't')",
      )
      .run(videoId, responseId);
    expect(planImport(video, deps, { transcripts: true }).plan.lines[0]).toMatchObject({ status: 'already-fetched', itemId: videoId });
    // A transcript already waiting is not asked for twice.
    h.db.prepare('DELETE FROM transcripts').run();
    h.queue.pause('user');
    h.queue.enqueue({ kind: 'import', label: 'y', jobs });
    expect(planImport(video, deps, { transcripts: true }).plan.lines[0]).toMatchObject({
      status: 'already-queued',
      itemId: videoId,
      reason: 'Its transcript is already waiting in the queue.',
    });
  });

  it('knows a share link once fetched as the item it resolved to, whatever was asked with it or however it was spelt', () => {
    const h = createHarness();
    const deps = { db: h.db, recognise: (l: string) => recogniseUrl(l), limits, usedToday: 0 };
    // Fetched with its transcript flag, and typed with a trailing slash (as the Fetch view or `gleaner call` send it).
    const data = {
      aweme_detail: { aweme_id: '7234567890123456789', desc: 'harbour at dawn', author: { unique_id: 'newsroom' } },
      transcript: null,
    };
    const [itemId] = createIngester(
      h.db,
      normaliseResponse,
    )(fakeResponse('shortvideo/video', data, { params: { url: 'https://vm.tiktok.com/ZMshare12/', get_transcript: 'true' } })).itemIds;
    expect(itemId).toEqual(expect.any(Number));
    for (const pasted of ['https://vm.tiktok.com/ZMshare12/', 'vm.tiktok.com/ZMshare12', 'https://vm.tiktok.com/ZMshare12?_r=1']) {
      for (const options of [{}, { transcripts: true }]) {
        const { plan, jobs } = planImport(pasted, deps, options);
        expect(plan.lines[0], `${pasted} ${JSON.stringify(options)}`).toMatchObject({ status: 'already-fetched', itemId });
        expect(jobs).toEqual([]);
      }
    }
    expect(planImport('https://vm.tiktok.com/ZMshare12/', deps, { refresh: true }).plan.lines[0]).toMatchObject({ status: 'fetch' });
    // Another share link is another question: only its answer can say which video it is.
    expect(planImport('https://vm.tiktok.com/ZMother34/', deps).plan.lines[0]).toMatchObject({ status: 'fetch' });
  });

  it('knows a microblog post already kept under its DID when the link names the author by handle', () => {
    const { db } = createHarness();
    const did = 'did:plc:z72i7hdynmk6r22z27h6tvur';
    const post = (rkey: string, handle: string) => ({
      uri: `at://${did}/app.bsky.feed.post/${rkey}`,
      author: { handle, did },
      record: { text: rkey, createdAt: '2024-01-15T17:30:00.000Z' },
    });
    // Kept from a listing of the author's posts, under the handle the author had then and has now.
    const ingest = createIngester(db, normaliseResponse);
    const data = { feed: [post('3kgq2pdhzjs2c', 'reporter.example'), post('3kgq2pdhzjs2d', 'old-name.example')] };
    ingest({
      operation: 'microblog/user/posts',
      params: { handle: 'reporter.example' },
      requestUrl: 'http://127.0.0.1/x',
      requestId: 'req_mb',
      status: 200,
      fetchedAt: '2024-02-01T00:00:00.000Z',
      durationMs: 1,
      body: JSON.stringify({ success: true, data }),
      data,
      nextPage: null,
    });
    const idOf = (rkey: string) =>
      db.prepare('SELECT id FROM items WHERE native_id = ?').pluck().get(`at://${did}/app.bsky.feed.post/${rkey}`) as number;
    const deps = { db, recognise: (l: string) => recogniseUrl(l), limits, usedToday: 0 };
    const statusOf = (link: string) => planImport(link, deps).plan.lines[0];

    // The handle form people share, in any case, and the DID form: both are the kept post.
    expect(statusOf('https://bsky.app/profile/reporter.example/post/3kgq2pdhzjs2c')).toMatchObject({
      status: 'already-fetched',
      itemId: idOf('3kgq2pdhzjs2c'),
    });
    expect(statusOf('https://bsky.app/profile/Reporter.Example/post/3kgq2pdhzjs2c')).toMatchObject({
      status: 'already-fetched',
      itemId: idOf('3kgq2pdhzjs2c'),
    });
    expect(statusOf(`https://bsky.app/profile/${did}/post/3kgq2pdhzjs2c`)).toMatchObject({
      status: 'already-fetched',
      itemId: idOf('3kgq2pdhzjs2c'),
    });
    // Any handle the library has seen for the author leads to the DID; a post not kept, or another author's, is fetched.
    expect(statusOf('https://bsky.app/profile/old-name.example/post/3kgq2pdhzjs2c')).toMatchObject({
      status: 'already-fetched',
      itemId: idOf('3kgq2pdhzjs2c'),
    });
    expect(statusOf('https://bsky.app/profile/reporter.example/post/3kgq2pdhzjs2x')).toMatchObject({ status: 'fetch', requests: 1 });
    expect(statusOf('https://bsky.app/profile/someone-else.example/post/3kgq2pdhzjs2c')).toMatchObject({ status: 'fetch', requests: 1 });
  });

  it('says when the work does not fit today', () => {
    const { db } = createHarness();
    const text = Array.from({ length: 50 }, (_, i) => `https://www.youtube.com/watch?v=a${String(i).padStart(10, '0')}`).join('\n');
    const { plan } = planImport(text, { db, recognise: (l) => recogniseUrl(l), limits, usedToday: 980 });
    expect(plan.quota).toMatchObject({ requests: 50, remainingToday: 20, fitsToday: false, extraDays: 1 });
  });
});
