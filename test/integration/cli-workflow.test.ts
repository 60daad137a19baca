/**
 * The command-line story the issues check by hand: a demo service in one process, the
 * `gleaner` CLI in others, a fresh data folder, every operation called, the library
 * searched, collections round-tripped, and the token nowhere but the request header.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATIONS, type OperationId } from '../../src/shared/catalogue';
import { repoRoot, runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';

/** One valid call of each operation (wire names), as a user would type it. */
const SAMPLE_CALLS: Record<OperationId, string[]> = {
  'shortvideo/search': ['query=climate'],
  'shortvideo/video': ['url=https://www.tiktok.com/@newsroom/video/7234567890123456789', 'get_transcript=true'],
  'shortvideo/search/hashtag': ['hashtag=climate'],
  'shortvideo/trending': ['region=US'],
  'videosite/search': ['query=flood defences'],
  'videosite/channel/videos': ['handle=@newsroom'],
  'videosite/search/hashtag': ['hashtag=climate'],
  'videosite/transcript': ['url=https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'language=en'],
  'videosite/video': ['url=https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  'videosite/trending': [],
  'photoshare/post': ['url=https://www.instagram.com/p/CxYz123AbC/'],
  'photoshare/user/reels': ['handle=newsroom'],
  'microblog/user/posts': ['handle=newsroom.bsky.social'],
  'microblog/post': ['url=https://bsky.app/profile/newsroom.bsky.social/post/3kabcdefghi2x'],
  'professional/post': ['url=https://www.linkedin.com/posts/newsroom_climate-activity-7123456789012345678-AbCd'],
  'pinboard/pin': ['url=https://www.pinterest.com/pin/123456789012345678/'],
  'socialnet/user/reels': ['url=https://www.facebook.com/newsroom'],
  'forum/subreddit/search': ['subreddit=journalism', 'query=climate'],
  'tweetsite/transcript': ['url=https://x.com/newsroom/status/1712345678901234567'],
  'tweetsite/user/tweets': ['handle=newsroom'],
};

// Each story starts several `gleaner` processes; on a busy shared machine one start can take seconds.
vi.setConfig({ testTimeout: 60_000 });

let demo: RunningDemo;
let dataDir: string;
let token: string;
let env: Record<string, string>;

const gleaner = (...args: string[]) => runGleaner([...args, '--data-dir', dataDir], { env });
const requestsSeen = async () => ((await (await fetch(`${demo.url}/__demo/requests`)).json()) as { requests: { path: string }[] }).requests;

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'cli-workflow']);
  token = demo.teams.find((t) => t.plan === 'team')!.token;
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-cli-'));
  env = { GLEANER_TOKEN: token };
  const set = await gleaner('config', 'set', 'base-url', demo.url);
  expect(set.code, set.stderr).toBe(0);
  await gleaner('config', 'set', 'plan', 'team');
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('gleaner call against the demo service', () => {
  it.each(OPERATIONS.map((op) => [op.id] as const))('%s answers with request ids and stored items', async (id) => {
    const op = OPERATIONS.find((o) => o.id === id)!;
    const run = await gleaner('call', op.platform, op.path, ...SAMPLE_CALLS[id], '--json');
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { requests: { request_id: string; status: number }[]; items: { id: number; platform: string }[] };
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0]!.request_id).toMatch(/^req_/);
    expect(out.requests[0]!.status).toBe(200);
    expect(out.items.length).toBeGreaterThan(0);
    for (const item of out.items) expect(item.platform).toBe(op.platform);
    expect(run.stdout + run.stderr).not.toContain(token);
  });

  it('follows the next page with --pages', async () => {
    const run = await gleaner('call', 'videosite', 'search', 'query=drought', '--pages', '2', '--json');
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { requests: { request_id: string }[] };
    expect(out.requests).toHaveLength(2);
    expect(new Set(out.requests.map((r) => r.request_id)).size).toBe(2);
  });

  it('follows pages until enough items are stored with --max-items, and stops there', async () => {
    const all = JSON.parse(
      (await gleaner('call', 'videosite', 'channel/videos', 'handle=@tidewatch', '--max-items', '100000', '--json')).stdout,
    ) as { requests: unknown[]; items: unknown[] };
    expect(all.requests.length).toBeGreaterThan(2);
    const some = JSON.parse(
      (await gleaner('call', 'videosite', 'channel/videos', 'handle=@tidewatch', '--max-items', '10', '--json')).stdout,
    ) as { requests: unknown[]; items: unknown[] };
    expect(some.items.length).toBeGreaterThanOrEqual(10);
    expect(some.requests.length).toBeLessThan(all.requests.length);
  });

  it.each([
    [['videosite', 'search'], /Query \(query\) is required/],
    [['forum', 'subreddit/search', 'subreddit=r/journalism'], /without r\//],
    [['forum', 'subreddit/search', 'subreddit=https://www.reddit.com/r/journalism'], /not a link/],
    [['shortvideo', 'search/hashtag', 'hashtag=#climate'], /without the leading #/],
    [['videosite', 'video', 'url=not-a-url'], /not a link/],
    [['videosite', 'search', 'query=x', 'uploadDate=yesterday'], /must be one of/],
    [['videosite', 'nothing'], /has no operation "nothing"/],
    [['videosite', 'search', 'query'], /name=value/],
  ])('rejects %j with exit 2 and spends no request', async (args, message) => {
    const before = (await requestsSeen()).length;
    const run = await gleaner('call', ...(args as string[]));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error INVALID_INPUT: /);
    expect(run.stderr).toMatch(message);
    expect((await requestsSeen()).length).toBe(before);
  });

  it('exits 3 when the service finds nothing, and 1 when the library has no such collection', async () => {
    const fault = { kind: 'status', status: 404, operations: ['videosite/video'], nextN: 1 };
    expect((await fetch(`${demo.url}/__demo/faults`, { method: 'POST', body: JSON.stringify({ rules: [fault] }) })).status).toBe(200);
    try {
      const gone = await gleaner('call', 'videosite', 'video', 'url=https://www.youtube.com/watch?v=G0neV1deo01');
      expect(gone.stderr).toMatch(/^error NOT_FOUND: The service found nothing/);
      expect(gone.code).toBe(3);
    } finally {
      await fetch(`${demo.url}/__demo/faults`, { method: 'DELETE' });
    }
    const missing = await gleaner('collections', 'show', 'No such collection');
    expect(missing.stderr).toBe('error NOT_FOUND: There is no collection named "No such collection".\n');
    expect(missing.code).toBe(1);
  });

  it('reports a rejected token as exit 3 without showing it, and leaves no request behind to be sent later', async () => {
    const bad = 'demo_wrong_token_0123456789abcdef';
    const trendingSeen = async () => (await requestsSeen()).filter((r) => r.path.endsWith('/videosite/trending')).length;
    const before = await trendingSeen();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const run = await runGleaner(['call', 'videosite', 'trending', '--data-dir', dataDir], { env: { GLEANER_TOKEN: bad } });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/^error TOKEN_REJECTED: .*`gleaner token set`.*not left waiting in the queue\.\n$/);
      expect(run.stderr).not.toContain(bad);
    }
    // With the right token, one request: the two failed calls did not stay queued.
    const good = await gleaner('call', 'videosite', 'trending', '--json');
    expect(good.code, good.stderr).toBe(0);
    expect((JSON.parse(good.stdout) as { requests: unknown[] }).requests).toHaveLength(1);
    expect((await trendingSeen()) - before).toBe(3);
  });

  it('still reports, with --json, the pages it stored before a later page failed', async () => {
    const fault = { kind: 'status', status: 404, operations: ['videosite/search'], everyNth: 2, nextN: 1 };
    expect((await fetch(`${demo.url}/__demo/faults`, { method: 'POST', body: JSON.stringify({ rules: [fault] }) })).status).toBe(200);
    try {
      const run = await gleaner('call', 'videosite', 'search', 'query=second page fails', '--pages', '3', '--json');
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/^\{"error":\{"code":"NOT_FOUND"/);
      const stored = JSON.parse(run.stdout) as { requests: { request_id: string }[]; items: unknown[] };
      expect(stored.requests).toHaveLength(1);
      expect(stored.items.length).toBeGreaterThan(0);
    } finally {
      await fetch(`${demo.url}/__demo/faults`, { method: 'DELETE' });
    }
  });
});

describe('the library those calls built', () => {
  it('keeps one item with two snapshots when the same thing is fetched twice', async () => {
    const url = 'https://www.youtube.com/watch?v=Zx9Yw8Vu7Ts';
    const first = JSON.parse((await gleaner('call', 'videosite', 'video', `url=${url}`, '--json')).stdout) as { items: { id: number }[] };
    const second = JSON.parse((await gleaner('call', 'videosite', 'video', `url=${url}`, '--json')).stdout) as { items: { id: number }[] };
    expect(second.items[0]!.id).toBe(first.items[0]!.id);
    const show = JSON.parse((await gleaner('items', 'show', String(first.items[0]!.id), '--json')).stdout) as {
      metricsHistory: unknown[];
      provenance: { requestId: string }[];
    };
    expect(show.metricsHistory).toHaveLength(2);
    expect(show.provenance.map((p) => p.requestId)).toHaveLength(2);
    // The video operation's record is the response's whole data, which the text names rather than leaving blank.
    expect((await gleaner('items', 'show', String(first.items[0]!.id))).stdout).toMatch(/ at \(the whole response\)$/m);
  });

  it('finds items by words in titles and transcripts, with snippets', async () => {
    const listed = JSON.parse((await gleaner('search', '', '--limit', '1000', '--json')).stdout) as {
      hits: { id: number; title: string | null }[];
      total: number;
    };
    expect(listed.total).toBeGreaterThan(20);
    const withTitle = listed.hits.find((h) => h.title && /(?<![\p{L}\p{N}])\p{L}{5,}(?![\p{L}\p{N}])/u.test(h.title))!;
    const word = withTitle.title!.match(/(?<![\p{L}\p{N}])\p{L}{5,}(?![\p{L}\p{N}])/u)![0];
    const byTitle = JSON.parse((await gleaner('search', word, '--json')).stdout) as { hits: { id: number; snippet: string }[] };
    expect(byTitle.hits.some((h) => h.id === withTitle.id)).toBe(true);
    expect(byTitle.hits[0]!.snippet).toContain('**');

    const transcripts = JSON.parse((await gleaner('search', '', '--has-transcript', '--json')).stdout) as { hits: { id: number }[] };
    expect(transcripts.hits.length).toBeGreaterThan(0);
    // A whole word of a timed segment (the index splits on anything that is not a letter or digit).
    const wholeWord = /(?<![\p{L}\p{N}])\p{L}{6,}(?![\p{L}\p{N}])/u;
    let found: { id: number; word: string } | undefined;
    for (const hit of transcripts.hits) {
      const detail = JSON.parse((await gleaner('items', 'show', String(hit.id), '--json')).stdout) as {
        transcripts: { segments: { text: string }[] }[];
      };
      const word = detail.transcripts
        .flatMap((t) => t.segments)
        .map((segment) => segment.text.match(wholeWord)?.[0])
        .find(Boolean);
      if (word) {
        found = { id: hit.id, word };
        break;
      }
    }
    expect(found, 'an item with a timed transcript').toBeDefined();
    const bySegment = JSON.parse((await gleaner('search', found!.word, '--has-transcript', '--limit', '1000', '--json')).stdout) as {
      hits: { id: number; segment_start_ms?: number }[];
    };
    expect(bySegment.hits.find((h) => h.id === found!.id)?.segment_start_ms).toEqual(expect.any(Number));
  });

  it('shows an item that only its transcript brought as the kind the service named, with dashes for the unknown', async () => {
    const fetched = JSON.parse(
      (await gleaner('call', 'videosite', 'transcript', 'url=https://www.youtube.com/shorts/Ab3dEf6hIjK', '--json')).stdout,
    ) as { items: { id: number }[] };
    const { item } = JSON.parse((await gleaner('items', 'show', String(fetched.items[0]!.id), '--json')).stdout) as {
      item: { id: number; kind: string; url: string; title: string | null };
    };
    expect(item).toMatchObject({ kind: 'short', url: 'https://www.youtube.com/shorts/Ab3dEf6hIjK', title: null });
    const text = (await gleaner('items', 'show', String(item.id))).stdout;
    expect(text).toContain(`#${item.id} videosite short Ab3dEf6hIjK`);
    expect(text).toMatch(/^Title: +–$/m);
    expect(text).toMatch(/^Author: +–$/m);
    expect(text).toMatch(/^Metrics history:\n {2}none/m);
  });

  it('keeps, shows and exports the fields a record has beyond the common model (a pin’s colour, size and alt text)', async () => {
    const fetched = JSON.parse((await gleaner('call', 'pinboard', 'pin', ...SAMPLE_CALLS['pinboard/pin'], '--json')).stdout) as {
      items: { id: number }[];
    };
    const id = String(fetched.items[0]!.id);
    const { item } = JSON.parse((await gleaner('items', 'show', id, '--json')).stdout) as { item: { extras: Record<string, unknown> } };
    expect(item.extras).toMatchObject({
      dominantColor: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      imageWidth: expect.any(Number),
      imageHeight: expect.any(Number),
    });
    const text = (await gleaner('items', 'show', id)).stdout;
    expect(text).toContain(`Dominant colour: ${item.extras.dominantColor as string}\n`);
    expect(text).toMatch(/^Image width: +\d+$/m);
    const out = join(dataDir, 'pin.json');
    expect((await gleaner('export', '--item', id, '--format', 'json', '--out', out)).code).toBe(0);
    const exported = JSON.parse(readFileSync(out, 'utf8')) as { items: { extras: Record<string, unknown> }[] };
    expect(exported.items[0]!.extras).toEqual(item.extras);
  });

  it('stops quietly when the reader of its output goes away (gleaner search | head)', async () => {
    const run = await runGleaner(['search', '', '--limit', '1000', '--data-dir', dataDir], { closeStdout: true });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('imports a list into a collection, putting links already in the library there without a request', async () => {
    const known = 'https://www.youtube.com/watch?v=Zx9Yw8Vu7Ts'; // fetched twice above
    const fresh = 'https://www.youtube.com/watch?v=Fr3shL1nk01';
    const before = (await requestsSeen()).length;
    const run = await runGleaner(['import', '-', '--collection', 'From a list', '--data-dir', dataDir], {
      env,
      stdin: `${known}\n${fresh}\n`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 already in the library: now in “From a list”.');
    expect((await requestsSeen()).length).toBe(before + 1);
    const shown = JSON.parse((await gleaner('collections', 'show', 'From a list', '--json')).stdout) as { items: { url: string }[] };
    expect(shown.items.map((i) => i.url).sort()).toEqual([fresh, known].sort());
    expect((await gleaner('collections', 'delete', 'From a list')).code).toBe(0);
  });

  it('stops an import when the service fails request after request, and a second run finishes it', async () => {
    const links = Array.from({ length: 12 }, (_, i) => `https://www.youtube.com/watch?v=0utage${String(i).padStart(5, '0')}`);
    const fault = { kind: 'status', status: 503, operations: ['videosite/video'], nextN: 1000 };
    expect((await fetch(`${demo.url}/__demo/faults`, { method: 'POST', body: JSON.stringify({ rules: [fault] }) })).status).toBe(200);
    const before = (await requestsSeen()).length;
    let down: Awaited<ReturnType<typeof runGleaner>>;
    try {
      down = await runGleaner(['import', '-', '--collection', 'Outage', '--data-dir', dataDir], { env, stdin: `${links.join('\n')}\n` });
    } finally {
      await fetch(`${demo.url}/__demo/faults`, { method: 'DELETE' });
    }
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(
      /error UPSTREAM_ERROR: The service failed several different requests in a row, so the queue stopped sending; nothing is lost\./,
    );
    // A few requests found the outage; the other links were not tried five times each.
    expect((await requestsSeen()).length - before).toBeLessThan(links.length);
    const again = await runGleaner(['import', '-', '--collection', 'Outage', '--data-dir', dataDir], {
      env,
      stdin: `${links.join('\n')}\n`,
    });
    expect(again.code, again.stderr).toBe(0);
    const shown = JSON.parse((await gleaner('collections', 'show', 'Outage', '--json')).stdout) as { items: unknown[] };
    expect(shown.items).toHaveLength(links.length);
    expect((await gleaner('collections', 'delete', 'Outage')).code).toBe(0);
  });

  it('imports with --transcripts: a known video without one costs only its transcript request', async () => {
    const searched = JSON.parse((await gleaner('call', 'videosite', 'search', 'query=harbour', '--json')).stdout) as {
      items: { id: number; url: string }[];
    };
    const known = searched.items[0]!;
    expect(
      (JSON.parse((await gleaner('items', 'show', String(known.id), '--json')).stdout) as { transcripts: unknown[] }).transcripts,
    ).toEqual([]);
    const before = (await requestsSeen()).length;
    const run = await runGleaner(['import', '-', '--transcripts', '--data-dir', dataDir], { env, stdin: `${known.url}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`videosite/transcript — Already in the library as item ${known.id}; only its transcript is fetched.`);
    const sent = (await requestsSeen()).slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/api/v1/partner/videosite/transcript']);
    const detail = JSON.parse((await gleaner('items', 'show', String(known.id), '--json')).stdout) as {
      transcripts: { available: boolean }[];
    };
    expect(detail.transcripts).toHaveLength(1);
  });

  it('refuses published dates it cannot compare, or a range that ends first, naming the options typed', async () => {
    const vague = await gleaner('search', 'flood', '--from', 'May 1 2024');
    expect(vague.code).toBe(2);
    expect(vague.stderr).toBe(
      'error INVALID_INPUT: Invalid search: --from: must be a date such as 2024-05-01, or a time such as 2024-05-01T14:30:00Z.\n',
    );
    const reversed = await gleaner('search', 'flood', '--from', '2024-06-01', '--to', '2024-05-01');
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toBe('error INVALID_INPUT: Invalid search: --from: is after the end of the range (--to).\n');
    expect((await gleaner('search', 'flood', '--from', '2024-05-01', '--to', '2024-05-01')).code).toBe(0);
  });

  it('round-trips a collection', async () => {
    const ids = (JSON.parse((await gleaner('search', '', '--limit', '3', '--json')).stdout) as { hits: { id: number }[] }).hits.map((h) =>
      String(h.id),
    );
    expect((await gleaner('collections', 'create', 'Flood story')).code).toBe(0);
    expect((await gleaner('collections', 'add', 'Flood story', ...ids)).code).toBe(0);
    expect((await gleaner('collections', 'rename', 'Flood story', 'Water story')).code).toBe(0);
    const shown = JSON.parse((await gleaner('collections', 'show', 'Water story', '--json')).stdout) as { items: { id: number }[] };
    expect(shown.items.map((i) => String(i.id))).toEqual(ids);
    const filtered = JSON.parse((await gleaner('search', '', '--collection', 'Water story', '--json')).stdout) as { total: number };
    expect(filtered.total).toBe(3);
    expect((await gleaner('collections', 'remove', 'Water story', ids[0]!)).code).toBe(0);
    expect((await gleaner('collections', 'delete', 'Water story')).code).toBe(0);
    const list = JSON.parse((await gleaner('collections', 'list', '--json')).stdout) as { collections: unknown[] };
    expect(list.collections).toEqual([]);
  });

  it('finishes a call while `gleaner serve` runs the library’s queue: the serving process fetches it', async () => {
    const serve = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--port', '0', '--data-dir', dataDir],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await new Promise<string>((resolve, reject) => {
        createInterface({ input: serve.stdout }).once('line', resolve);
        serve.once('exit', (code) => reject(new Error(`gleaner serve exited with ${code}`)));
      });
      const before = (await requestsSeen()).length;
      const call = await gleaner('call', 'videosite', 'search', 'query=while serving', '--json');
      expect(call.code, call.stderr).toBe(0);
      expect(call.stderr).toMatch(/Another Gleaner process is running this library’s queue/);
      expect((JSON.parse(call.stdout) as { items: unknown[] }).items.length).toBeGreaterThan(0);
      expect((await requestsSeen()).length).toBe(before + 1);
    } finally {
      const exited = new Promise((resolve) => serve.once('exit', resolve));
      serve.kill('SIGTERM');
      await exited;
    }
  });

  it('passes SQLite’s integrity check, and holds the token nowhere in the data folder', async () => {
    const db = join(dataDir, 'gleaner.sqlite3');
    expect(execFileSync('sqlite3', [db, 'PRAGMA integrity_check'], { encoding: 'utf8' }).trim()).toBe('ok');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    for (const file of files(dataDir)) expect(readFileSync(file).includes(Buffer.from(token)), file).toBe(false);
  });
});
