import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/main/hosts/cli/program';
import type { CliIo } from '../../../../src/main/hosts/cli/io';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createTestCore } from '../../../helpers/core';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

function captureIo(env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    stdin: new PassThrough(),
    env,
    waitForShutdown: () => Promise.resolve(),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

/** Runs `work` with a fresh temporary folder, removed afterwards whatever happens. */
async function inTempDir(prefix: string, work: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('gleaner CLI', () => {
  it('lists its commands in --help', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['--help'], io, '/nowhere')).toBe(0);
    expect(out()).toMatch(/serve/);
    expect(out()).toMatch(/--data-dir/);
  });

  it('prints its version', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['--version'], io, '/nowhere')).toBe(0);
    expect(out()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reports an unknown command as one error line and exit status 2', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['frobnicate'], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: .*frobnicate.*\n$/);
  });

  it('keeps a suggestion for a mistyped command on the one error line', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['serv'], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: Unknown command 'serv' \(Did you mean serve\?\) \(see gleaner --help\)\.\n$/);
  });

  it.each([
    [['queue'], 'gleaner queue'],
    [['collections'], 'gleaner collections'],
    [['config'], 'gleaner config'],
  ])('answers %j, a command group without its command, with one error line', async (argv, usage) => {
    const { io, err, out } = captureIo();
    expect(await runCli(argv, io, '/nowhere')).toBe(2);
    expect(err()).toBe(`error INVALID_INPUT: ${usage} needs a command; ${usage} --help lists them.\n`);
    expect(out()).toBe('');
  });

  it.each(['abc', '-1', '70000', '1.5'])('rejects --port %s before starting anything', async (port) => {
    const { io, err } = captureIo();
    expect(await runCli(['serve', '--no-open', '--port', port], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: --port must be a whole number/);
  });

  it('writes errors as JSON with --json', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['serve', '--json', '--port', 'x'], io, '/nowhere')).toBe(2);
    expect(JSON.parse(err())).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  });
});

describe('gleaner CLI output', () => {
  it('never passes a terminal control sequence from platform text to the terminal', async () => {
    await inTempDir('gleaner-cli-controls-', async (dir) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const hostile = item({
        nativeId: 'esc1',
        title: 'Clear\u001b[2J title',
        text: 'invoice\u202egnp.exe \u2066isolated\u2069',
        author: { name: 'Name\u001b]0;pwned\u0007', handle: '@x\u001b[2J', id: null, url: null },
        publishedText: '3 days\u009b ago',
      });
      createIngester(db, stubNormalise)(fakeResponse('tweetsite/user/tweets', { items: [hostile] }));
      db.close();
      const { io, out, err } = captureIo();
      expect(await runCli(['items', 'show', '1', '--data-dir', dir], io, '/nowhere'), err()).toBe(0);
      expect(out()).toContain('Author:     Name]0;pwned @x[2J');
      const controls = [...out()].filter(
        (char) => char !== '\n' && char !== '\t' && (char < ' ' || (char >= '\u007f' && char <= '\u009f')),
      );
      expect(controls).toEqual([]);
      // Bidirectional overrides would make "invoice…gnp.exe" read as "invoiceexe.png".
      expect(out()).toContain('invoice⟨RLO⟩gnp.exe ⟨LRI⟩isolated⟨PDI⟩');
      expect(out()).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      // With --json the same text stays whole, escaped.
      const json = captureIo();
      expect(await runCli(['items', 'show', '1', '--json', '--data-dir', dir], json.io, '/nowhere')).toBe(0);
      expect(json.out()).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      const shown = JSON.parse(json.out()) as { item: { authorHandle: string; text: string; publishedText: string } };
      expect(shown.item).toMatchObject({
        authorHandle: '@x\u001b[2J',
        text: 'invoice\u202egnp.exe \u2066isolated\u2069',
        publishedText: '3 days\u009b ago',
      });
    });
  });
});

describe('gleaner queue status', () => {
  it('says why nothing is sent while a 429 holds the queue back, and until when', async () => {
    await inTempDir('gleaner-cli-wait-', async (dir) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const until = Date.now() + 30 * 60_000;
      const message = 'The team’s rate limit was reached (429): no request is sent for 30 min.';
      db.prepare('INSERT INTO queue_state (key, value) VALUES (?, ?), (?, ?)').run(
        'not_before',
        JSON.stringify(until),
        'service_wait',
        JSON.stringify({ until, message }),
      );
      db.close();
      const { io, out, err } = captureIo();
      expect(await runCli(['queue', 'status', '--data-dir', dir], io, '/nowhere'), err()).toBe(0);
      expect(out().split('\n')[0]).toBe(`Waiting (rate limit): ${message}`);
    });
  });
});

describe('gleaner collections show', () => {
  it('lists each item with its note and tags here, library-wide tags marked, and keeps the level in --json', async () => {
    await inTempDir('gleaner-cli-collection-', async (dir) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const { itemIds } = createIngester(
        db,
        stubNormalise,
      )(
        fakeResponse('videosite/search', {
          items: [item({ nativeId: 'v1', title: 'Harbour wall' }), item({ nativeId: 'v2', title: 'Tide gauge' })],
        }),
      );
      const collections = createCollectionRepository(db, () => '2026-01-02T03:04:05Z');
      collections.create('Harbour story');
      collections.add('Harbour story', itemIds);
      collections.setNote(itemIds[0]!, 'Call the\nharbour master', 'Harbour story');
      collections.tag([itemIds[0]!], 'eyewitness');
      collections.tag([itemIds[0]!], 'eyewitness', 'Harbour story');
      collections.tag([itemIds[0]!], 'verified');
      db.close();

      const { io, out, err } = captureIo();
      expect(await runCli(['collections', 'show', 'Harbour story', '--data-dir', dir], io, '/nowhere'), err()).toBe(0);
      expect(out()).toBe(
        [
          'Harbour story: 2 item(s)',
          `  #${itemIds[0]} [videosite video] Harbour wall`,
          '      note: Call the harbour master',
          '      tags: eyewitness (library-wide), eyewitness, verified (library-wide)',
          `  #${itemIds[1]} [videosite video] Tide gauge`,
          '',
        ].join('\n'),
      );

      const json = captureIo();
      expect(await runCli(['collections', 'show', 'Harbour story', '--json', '--data-dir', dir], json.io, '/nowhere')).toBe(0);
      const shown = JSON.parse(json.out()) as { items: { tags: unknown[] }[] };
      expect(shown.items[0]!.tags).toEqual([
        { collection: null, tag: 'eyewitness' },
        { collection: 'Harbour story', tag: 'eyewitness' },
        { collection: null, tag: 'verified' },
      ]);
    });
  });
});

describe('gleaner items show', () => {
  it('says which collections hold the item, and its tags and notes with where each holds', async () => {
    await inTempDir('gleaner-cli-item-', async (dir) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const { itemIds } = createIngester(
        db,
        stubNormalise,
      )(fakeResponse('videosite/search', { items: [item({ nativeId: 'v1', title: 'Harbour wall' })] }));
      const id = itemIds[0]!;
      const collections = createCollectionRepository(db, () => '2026-01-02T03:04:05Z');
      collections.create('Harbour story');
      collections.add('Harbour story', [id]);
      collections.setNote(id, 'Check the\ndate', 'Harbour story');
      collections.setNote(id, 'Seen on the evening news');
      collections.tag([id], 'verified');
      collections.tag([id], 'lead', 'Harbour story');
      db.close();

      const { io, out, err } = captureIo();
      expect(await runCli(['items', 'show', String(id), '--data-dir', dir], io, '/nowhere'), err()).toBe(0);
      expect(out()).toContain(
        [
          'Collections: Harbour story',
          'Tags:       verified (library-wide), lead (in Harbour story)',
          'Notes:',
          '  library-wide, 2026-01-02T03:04:05Z: Seen on the evening news',
          '  in Harbour story, 2026-01-02T03:04:05Z: Check the date',
        ].join('\n'),
      );
    });
  });
});

describe('the label of an untitled item in the CLI', () => {
  it('is the start of its text, else a description, in search, collections show and items show', async () => {
    await inTempDir('gleaner-cli-labels-', async (dir) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const { itemIds } = createIngester(
        db,
        stubNormalise,
      )(
        fakeResponse('videosite/search', {
          items: [
            item({
              nativeId: 'u1',
              text: 'Water over the harbour wall\nthis morning',
              author: { name: 'Liam Brooks', handle: 'liam', id: null, url: null },
            }),
            item({ nativeId: 'u2', author: { name: 'Liam Brooks', handle: '@liam', id: null, url: null } }),
          ],
        }),
      );
      const collections = createCollectionRepository(db, () => '2026-01-02T03:04:05Z');
      collections.create('Harbour story');
      collections.add('Harbour story', itemIds);
      db.close();

      const shown = captureIo();
      expect(await runCli(['collections', 'show', 'Harbour story', '--data-dir', dir], shown.io, '/nowhere'), shown.err()).toBe(0);
      expect(shown.out()).toContain(`  #${itemIds[0]} [videosite video] Water over the harbour wall this morning\n`);
      expect(shown.out()).toContain(`  #${itemIds[1]} [videosite video] Untitled video by @liam\n`);

      const found = captureIo();
      expect(await runCli(['search', '', '--data-dir', dir], found.io, '/nowhere'), found.err()).toBe(0);
      expect(found.out()).toContain(`#${itemIds[1]} [videosite video] Untitled video by @liam\n`);

      const one = captureIo();
      expect(await runCli(['items', 'show', String(itemIds[1]), '--data-dir', dir], one.io, '/nowhere'), one.err()).toBe(0);
      expect(one.out()).toContain('Label:      Untitled video by @liam\n');
    });
  });
});

describe('gleaner items cite', () => {
  /** A video with its details and an English transcript, each from a request of its own. */
  async function withCitedVideo(
    work: (dir: string, id: number, requests: { item: string; transcript: string }) => Promise<void>,
  ): Promise<void> {
    await inTempDir('gleaner-cli-cite-', async (dir) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const ingest = createIngester(db, stubNormalise);
      const details = fakeResponse('videosite/video', {
        items: [
          item({
            nativeId: 'dQw4w9WgXcQ',
            title: 'Harbour wall\ncollapse',
            author: { name: 'Harbour News', handle: '@harbournews', id: null, url: null },
            publishedAt: '2025-03-08T10:00:00Z',
          }),
        ],
      });
      const [id] = ingest(details).itemIds;
      const segments = [
        { startMs: 0, endMs: 4600, text: 'Good evening.' },
        // Shown at 0:04 in the window, though it starts a little after.
        { startMs: 4600, endMs: 9000, text: 'The wall gave way at \u001b[2Jdawn.' },
      ];
      const words = fakeResponse('videosite/transcript', {
        transcripts: [
          { nativeId: 'dQw4w9WgXcQ', url: null, language: 'English', available: true, format: 'segments', fullText: null, segments },
        ],
      });
      ingest(words);
      db.close();
      await work(dir, id!, { item: details.requestId, transcript: words.requestId });
    });
  }

  it('prints the item’s citation on one line, ready to paste', async () => {
    await withCitedVideo(async (dir, id, requests) => {
      const { io, out, err } = captureIo();
      expect(await runCli(['items', 'cite', `#${id}`, '--data-dir', dir], io, '/nowhere'), err()).toBe(0);
      expect(out()).toMatch(
        new RegExp(
          `^Harbour News \\(@harbournews\\), “Harbour wall collapse”, YouTube video, published 8 March 2025\\. https://www\\.youtube\\.com/watch\\?v=dQw4w9WgXcQ\\. Fetched \\d{1,2} \\w+ \\d{4}, \\d\\d:\\d\\d UTC by videosite/video, request id ${requests.item}\\.\\n$`,
        ),
      );
    });
  });

  it('quotes the segment said at a moment, with the link to it and the transcript’s own request', async () => {
    await withCitedVideo(async (dir, id, requests) => {
      const { io, out, err } = captureIo();
      expect(
        await runCli(['items', 'cite', String(id), '--at', '0:07', '--language', 'en', '--data-dir', dir], io, '/nowhere'),
        err(),
      ).toBe(0);
      const lines = out().split('\n');
      expect(lines[0]).toBe('“The wall gave way at [2Jdawn.”');
      expect(lines[1]).toMatch(/^— at 0:04 in: Harbour News \(@harbournews\), “Harbour wall collapse”/);
      expect(lines[2]).toBe('Open at 0:04: https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4s');
      expect(lines[3]).toMatch(
        new RegExp(
          `^Transcript in English \\(en\\) fetched \\d{1,2} \\w+ \\d{4}, \\d\\d:\\d\\d UTC by videosite/transcript, request id ${requests.transcript}\\.$`,
        ),
      );

      const json = captureIo();
      expect(await runCli(['items', 'cite', String(id), '--at', '3', '--json', '--data-dir', dir], json.io, '/nowhere'), json.err()).toBe(
        0,
      );
      const cited = JSON.parse(json.out()) as {
        id: number;
        citation: { requestId: string };
        segment: { startMs: number; text: string; language: string };
        text: string;
      };
      expect(cited).toMatchObject({
        id,
        citation: { requestId: requests.item },
        segment: { startMs: 0, text: 'Good evening.', language: 'en' },
      });
      expect(cited.text.split('\n')[0]).toBe('“Good evening.”');
    });
  });

  it('cites in the style asked for, and quotes at a moment the line the window shows at that clock', async () => {
    await withCitedVideo(async (dir, id, requests) => {
      const apa = captureIo();
      expect(await runCli(['items', 'cite', String(id), '--style', 'apa', '--data-dir', dir], apa.io, '/nowhere'), apa.err()).toBe(0);
      expect(apa.out()).toMatch(
        new RegExp(
          `^Harbour News \\[@harbournews\\]\\. \\(2025, March 8\\)\\. Harbour wall collapse \\[Video\\]\\. YouTube\\. Retrieved .+ UTC, from https://www\\.youtube\\.com/watch\\?v=dQw4w9WgXcQ \\(request id ${requests.item}, videosite/video\\)\\.\\n$`,
        ),
      );
      const chicago = captureIo();
      expect(
        await runCli(['items', 'cite', String(id), '--style', 'chicago', '--at', '0:04', '--data-dir', dir], chicago.io, '/nowhere'),
      ).toBe(0);
      const lines = chicago.out().split('\n');
      // The window shows the second line at 0:04 (it starts at 4.6 s): that is the line quoted.
      expect(lines[0]).toBe('“The wall gave way at [2Jdawn.”');
      expect(lines[1]).toMatch(/^— at 0:04 in: Harbour News \(@harbournews\), “Harbour wall collapse,” YouTube video, March 8, 2025, /);
      const bad = captureIo();
      expect(await runCli(['items', 'cite', String(id), '--style', 'mla', '--data-dir', dir], bad.io, '/nowhere')).toBe(2);
      expect(bad.err()).toBe('error INVALID_INPUT: --style is one of newsroom, apa, chicago; "mla" is not.\n');
    });
  });

  it('quotes a timed transcript when a newer one is untimed, and finds a region’s transcript by its language', async () => {
    await withCitedVideo(async (dir, id) => {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      // Newer, and without times: it cannot be quoted at a moment.
      createIngester(
        db,
        stubNormalise,
      )(
        fakeResponse('videosite/transcript', {
          transcripts: [
            { nativeId: 'dQw4w9WgXcQ', url: null, language: 'de', available: true, format: 'text', fullText: 'Guten Abend.', segments: [] },
          ],
        }),
      );
      db.prepare("UPDATE transcripts SET language = 'en-US' WHERE language = 'en'").run();
      db.close();
      for (const argv of [
        ['--at', '5'],
        ['--at', '5', '--language', 'en'],
        ['--at', '5', '--language', 'en-US'],
      ]) {
        const { io, out, err } = captureIo();
        expect(await runCli(['items', 'cite', String(id), ...argv, '--data-dir', dir], io, '/nowhere'), `${argv.join(' ')}: ${err()}`).toBe(
          0,
        );
        expect(out().split('\n')[0]).toBe('“The wall gave way at [2Jdawn.”');
      }
      const german = captureIo();
      expect(await runCli(['items', 'cite', String(id), '--at', '5', '--language', 'de', '--data-dir', dir], german.io, '/nowhere')).toBe(
        2,
      );
      expect(german.err()).toMatch(
        /has no timed transcript in German \(de\) to quote \(it has one in English \(United States, en-US\)\)\./,
      );
    });
  });

  it('refuses a moment it cannot read, a language without a moment, and a transcript the item does not have', async () => {
    await withCitedVideo(async (dir, id) => {
      for (const [argv, code, message] of [
        [['--at', 'soon'], 2, /^error INVALID_INPUT: --at takes a moment such as 1:02:03/],
        [['--language', 'en'], 2, /^error INVALID_INPUT: --language chooses the transcript to quote, so it needs --at\./],
        [
          ['--at', '5', '--language', 'de'],
          2,
          /^error INVALID_INPUT: Item #\d+ has no timed transcript in German \(de\) to quote \(it has one in English \(en\)\)\./,
        ],
      ] as const) {
        const { io, out, err } = captureIo();
        expect(await runCli(['items', 'cite', String(id), ...argv, '--data-dir', dir], io, '/nowhere'), argv.join(' ')).toBe(code);
        expect(err()).toMatch(message);
        expect(out()).toBe('');
      }
      const past = captureIo();
      expect(await runCli(['items', 'cite', String(id), '--at', '1:30:00', '--data-dir', dir], past.io, '/nowhere')).toBe(2);
      expect(past.err()).toMatch(/^error INVALID_INPUT: Item #\d+'s transcript ends at 0:09; 1:30:00 is past it\.\n$/);
      const missing = captureIo();
      expect(await runCli(['items', 'cite', '999', '--data-dir', dir], missing.io, '/nowhere')).toBe(1);
      expect(missing.err()).toBe('error NOT_FOUND: No item with id 999 is in the library.\n');
    });
  });
});

describe('gleaner CLI on names the library does not have', () => {
  it('reports a collection or a job that does not exist as NOT_FOUND (exit 1), not as an empty answer', async () => {
    await inTempDir('gleaner-cli-missing-', async (dir) => {
      // A library to look in (a config command makes one, as the first fetch would).
      expect(await runCli(['config', 'get', '--data-dir', dir], captureIo().io, '/nowhere')).toBe(0);
      for (const [argv, message] of [
        [['search', '', '--collection', 'Nope'], 'error NOT_FOUND: There is no collection named "Nope".\n'],
        [['queue', 'cancel', '99999'], /^error NOT_FOUND: There is no job 99999 in the queue/],
        [['queue', 'retry', '99999'], /^error NOT_FOUND: There is no job 99999 in the queue/],
      ] as const) {
        const { io, err, out } = captureIo();
        expect(await runCli([...argv, '--data-dir', dir], io, '/nowhere'), argv.join(' ')).toBe(1);
        expect(err()).toMatch(message);
        expect(out()).toBe('');
      }
    });
  });
});

describe('gleaner CLI on a folder with no library in it', () => {
  it('says so for commands that only read, instead of making an empty library that finds nothing', async () => {
    await inTempDir('gleaner-cli-nolibrary-', async (dir) => {
      const typo = join(dir, 'Gleaner-typo');
      for (const argv of [
        ['search', 'flood'],
        ['export', '--all', '--format', 'csv', '--out', join(dir, 'out.csv')],
        ['items', 'show', '1'],
        ['items', 'cite', '1'],
        ['collections', 'list'],
        ['collections', 'show', 'Story'],
        ['queue', 'status'],
      ]) {
        const { io, err, out } = captureIo();
        expect(await runCli([...argv, '--data-dir', typo], io, '/nowhere'), argv.join(' ')).toBe(1);
        expect(err()).toBe(
          `error NOT_FOUND: There is no Gleaner library in ${typo}. Check --data-dir (or GLEANER_DATA_DIR); a library starts there when something is fetched into it (call or import).\n`,
        );
        expect(out()).toBe('');
      }
      // Nothing was made: not the folder, not a database, not an export.
      expect(existsSync(typo)).toBe(false);
      expect(existsSync(join(dir, 'out.csv'))).toBe(false);
    });
  });
});

describe('gleaner CLI on input it cannot use', () => {
  it('refuses an empty --data-dir instead of opening another library', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['collections', 'list', '--data-dir', ''], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: --data-dir needs a folder/);
  });

  it('serve opens the browser on a page only this user can read, with no key on the opener’s command line', async () => {
    await inTempDir('gleaner-cli-serve-', async (dir) => {
      const { io, out } = captureIo();
      const opened: string[] = [];
      const seen: { mode: number; folderMode: number; html: string; answers: number[]; goneAfterUse: boolean } = {
        mode: 0,
        folderMode: 0,
        html: '',
        answers: [],
        goneAfterUse: false,
      };
      io.openBrowser = (url) => opened.push(url);
      // While serve runs: the page the browser was given, and what posting its form does.
      io.waitForShutdown = async () => {
        if (!opened[0]?.startsWith('file:')) return;
        const page = fileURLToPath(opened[0]);
        seen.mode = statSync(page).mode & 0o777;
        seen.folderMode = statSync(dirname(page)).mode & 0o777;
        seen.html = readFileSync(page, 'utf8');
        const action = /action="([^"]+)"/.exec(seen.html)![1]!;
        const key = /name="key" value="([^"]+)"/.exec(seen.html)![1]!;
        for (let i = 0; i < 2; i += 1) {
          const answer = await fetch(action, { method: 'POST', body: new URLSearchParams({ key }), redirect: 'manual' });
          seen.answers.push(answer.status);
        }
        seen.goneAfterUse = !existsSync(dirname(page));
      };
      const code = await runCli(['serve', '--port', '0', '--json', '--data-dir', dir], io, '/nowhere');
      const printed = new URL((JSON.parse(out()) as { url: string }).url);
      const secret = printed.searchParams.get('key')!;
      expect(opened).toHaveLength(1);
      // What the opener puts on its command line: a file's address, no key of any kind.
      expect(opened[0]).not.toContain(secret);
      expect(opened[0]).not.toMatch(/key=/);
      expect(opened[0]!.startsWith('file://')).toBe(true);
      expect(code).toBe(0);
      expect(opened[0]).not.toContain(/name="key" value="([^"]+)"/.exec(seen.html)![1]!);
      expect(seen.mode).toBe(0o600);
      expect(seen.folderMode).toBe(0o700);
      expect(seen.html).not.toContain(secret);
      expect(new URL(/action="([^"]+)"/.exec(seen.html)![1]!).origin).toBe(printed.origin);
      expect(seen.answers).toEqual([200, 401]);
      expect(seen.goneAfterUse).toBe(true);
    });
  });

  it('serve deletes an opener page nobody used when it stops', async () => {
    await inTempDir('gleaner-cli-serve-', async (dir) => {
      const { io } = captureIo();
      const opened: string[] = [];
      io.openBrowser = (url) => opened.push(url);
      expect(await runCli(['serve', '--port', '0', '--json', '--data-dir', dir], io, '/nowhere')).toBe(0);
      expect(opened).toHaveLength(1);
      expect(existsSync(dirname(fileURLToPath(opened[0]!)))).toBe(false);
    });
  });

  it('says a port in use is in use (exit 2), for the demo service and browser mode alike', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as AddressInfo).port);
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-port-'));
    try {
      for (const argv of [
        ['demo-service', '--port', port],
        ['serve', '--no-open', '--port', port, '--data-dir', dir],
      ]) {
        const { io, err } = captureIo();
        expect(await runCli(argv, io, '/nowhere'), argv[0]).toBe(2);
        expect(err()).toBe(
          `error INVALID_INPUT: Port ${port} is in use by another program; choose another with --port, or leave it out for a free one.\n`,
        );
      }
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('calls an import list with no fetchable link a mistake (exit 2), after showing why for each line', async () => {
    await inTempDir('gleaner-cli-import-', async (dir) => {
      const { io, err, out } = captureIo();
      (io.stdin as PassThrough).end('not a link\nhttps://example.com/page\n');
      expect(await runCli(['import', '-', '--data-dir', dir], io, '/nowhere')).toBe(2);
      expect(out()).toMatch(/0 to fetch, 2 rejected/);
      expect(err()).toBe('error INVALID_INPUT: None of the 2 line(s) is a link Gleaner can fetch; the plan above says why for each.\n');
    });
  });
});

describe('gleaner CLI and a service that refuses', () => {
  it('ends an import whose requests failed with a service error (exit 3), on one line however the service words it', async () => {
    const service = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, message: 'No such video.\nerror FAKE: a forged second line\r\n' }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-refused-'));
    try {
      const env = { GLEANER_TOKEN: 'tok_cli_refused_1234567890' };
      expect(
        await runCli(
          ['config', 'set', 'base-url', `http://127.0.0.1:${(service.address() as AddressInfo).port}`, '--data-dir', dir],
          captureIo(env).io,
          '/nowhere',
        ),
      ).toBe(0);
      const links = 'https://www.youtube.com/watch?v=aaaaaaaaaaa\nhttps://www.youtube.com/watch?v=bbbbbbbbbbb\n';

      const human = captureIo(env);
      (human.io.stdin as PassThrough).end(links);
      expect(await runCli(['import', '-', '--data-dir', dir], human.io, '/nowhere')).toBe(3);
      expect(human.out()).toContain('Finished: 0 done, 2 failed.');
      expect(human.err()).toMatch(/^error NOT_FOUND: 2 of 2 request\(s\) failed .*`gleaner queue retry --all` tries them again\.\n$/);
      // The service's own words stay on their line: no forged "error FAKE" line anywhere.
      expect(human.out()).toContain('No such video. error FAKE: a forged second line');
      expect(`${human.out()}${human.err()}`).not.toMatch(/^error FAKE/m);

      const json = captureIo(env);
      expect(
        await runCli(
          ['call', 'videosite', 'video', 'url=https://www.youtube.com/watch?v=ccccccccccc', '--json', '--data-dir', dir],
          json.io,
          '/nowhere',
        ),
      ).toBe(3);
      expect(json.err().split('\n')).toHaveLength(2);
      expect((JSON.parse(json.err()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringContaining('No such video. error FAKE'),
      });
    } finally {
      service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('gleaner call on an operation without pages', () => {
  it('says that --pages changes nothing, and fetches the one page', async () => {
    await inTempDir('gleaner-cli-pages-', async (dir) => {
      const { io, out, err } = captureIo();
      expect(
        await runCli(
          ['call', 'videosite', 'video', 'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ', '--pages', '3', '--data-dir', dir],
          io,
          '/nowhere',
        ),
        err(),
      ).toBe(0);
      expect(err()).toBe('note: videosite video answers in one page, so --pages and --max-items change nothing.\n');
      expect(out()).toMatch(/^videosite\/video page 1: 200 /);
    });
  });
});

describe('gleaner config get', () => {
  it('gives the default a parameter name or path takes when it is not set, and the override when it is', async () => {
    await inTempDir('gleaner-cli-config-', async (dir) => {
      const get = async (...argv: string[]) => {
        const { io, out } = captureIo();
        expect(await runCli(['config', 'get', ...argv, '--data-dir', dir], io, '/nowhere')).toBe(0);
        return out();
      };
      expect(await get('param.videosite.search.filter')).toBe('filter (the default)\n');
      expect(await get('path.tweetsite.user/tweets')).toBe('/api/v1/partner/tweetsite/user/tweets (the default)\n');
      expect(await get('hosts.forum')).toBe('(not set)\n');
      expect(JSON.parse(await get('param.videosite.search.filter', '--json'))).toEqual({
        'param.videosite.search.filter': 'filter',
        default: true,
      });
      expect(await runCli(['config', 'set', 'param.videosite.search.filter', 'kind', '--data-dir', dir], captureIo().io, '/nowhere')).toBe(
        0,
      );
      expect(await get('param.videosite.search.filter')).toBe('kind\n');
      expect(JSON.parse(await get('param.videosite.search.filter', '--json'))).toEqual({ 'param.videosite.search.filter': 'kind' });
    });
  });

  it('sets when the daily budget starts afresh, and `queue status` counts today from it', async () => {
    await inTempDir('gleaner-cli-config-', async (dir) => {
      const run = async (...argv: string[]) => {
        const { io, out, err } = captureIo();
        const code = await runCli([...argv, '--data-dir', dir], io, '/nowhere');
        return { code, out: out(), err: err() };
      };
      expect(await run('config', 'get', 'limits.day-reset')).toMatchObject({ code: 0, out: 'rolling\n' });
      expect((await run('queue', 'status')).out).toContain('Used today (last 24 hours): 0 of 1000\n');
      expect(await run('config', 'set', 'limits.day-reset', '8:00')).toMatchObject({ code: 0, out: 'limits.day-reset = 08:00\n' });
      expect((await run('queue', 'status')).out).toContain('Used today (since 08:00 UTC): 0 of 1000\n');
      const refused = await run('config', 'set', 'limits.day-reset', 'noon');
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/^error INVALID_INPUT: limits\.day-reset must be "rolling"/);
      expect(await run('config', 'get', 'limits.day-reset')).toMatchObject({ out: '08:00\n' });
    });
  });
});

describe('gleaner queue status', () => {
  it('lists the waiting jobs with the ids that `queue cancel ID` takes', async () => {
    const { core, dataDir } = createTestCore();
    try {
      core.context.queue.pause('user');
      const { jobIds } = core.context.queue.enqueue({
        kind: 'call',
        label: 'x',
        jobs: [
          { operation: 'videosite/search', params: { query: 'harbour floods' } },
          { operation: 'videosite/search', params: { query: 'council budget' } },
        ],
      });
      await core.close();
      const { io, out } = captureIo();
      expect(await runCli(['queue', 'status', '--data-dir', dataDir], io, '/nowhere')).toBe(0);
      // In the order they will be sent.
      expect(out()).toContain(
        `Waiting:\n  #${jobIds[0]} queued videosite/search query=harbour floods\n  #${jobIds[1]} queued videosite/search query=council budget\n`,
      );
      // Paused, nothing is on its way: no estimate of when it will be.
      expect(out()).toContain('Recent rate: 0/min\n');
      const json = captureIo();
      expect(await runCli(['queue', 'status', '--json', '--data-dir', dataDir], json.io, '/nowhere')).toBe(0);
      expect((JSON.parse(json.out()) as { waiting: { id: number }[] }).waiting.map((job) => job.id)).toEqual(jobIds);
      const cancel = captureIo();
      expect(await runCli(['queue', 'cancel', String(jobIds[0]), '--data-dir', dataDir], cancel.io, '/nowhere')).toBe(0);
      expect(cancel.out()).toBe('Cancelled 1 job(s).\n');
      // A job that has ended is named as such: "Cancelled 0" or "Queued 0 again" with status 0 said nothing.
      for (const [action, said] of [
        ['cancel', `Job ${jobIds[0]} is cancelled; only a job still waiting can be cancelled. Nothing was changed.`],
        ['retry', `Job ${jobIds[1]} is queued; only a failed or cancelled job can be retried. Nothing was changed.`],
      ] as const) {
        const again = captureIo();
        expect(
          await runCli(['queue', action, String(action === 'cancel' ? jobIds[0] : jobIds[1]), '--data-dir', dataDir], again.io, '/nowhere'),
        ).toBe(2);
        expect(again.err()).toBe(`error INVALID_INPUT: ${said}\n`);
      }

      // Resuming runs the rest here, and says so at once rather than after the last job.
      const resume = captureIo();
      expect(await runCli(['queue', 'resume', '--data-dir', dataDir], resume.io, '/nowhere'), resume.err()).toBe(0);
      expect(resume.out()).toMatch(
        /^Resumed; running the queue here until every waiting job has ended \(Ctrl\+C stops it; the jobs stay queued\)\.\n1 waiting, 0 done, 0 failed/,
      );
      expect(resume.out()).toContain('0 waiting, 1 done, 0 failed\nRunning\n');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says so when today’s budget is spent, beside the slot it waits for', async () => {
    const { core, dataDir } = createTestCore();
    try {
      await core.close();
      expect(await runCli(['config', 'set', 'limits.per-day', '2', '--data-dir', dataDir], captureIo().io, '/nowhere')).toBe(0);
      // Requests sent a moment ago, as the queue logs them.
      const send = (agoMs: number) => {
        const db = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
        db.prepare('INSERT INTO send_log (sent_at, outcome) VALUES (?, ?)').run(Date.now() - agoMs, 'ok');
        db.close();
      };
      const status = async () => {
        const { io, out } = captureIo();
        expect(await runCli(['queue', 'status', '--data-dir', dataDir], io, '/nowhere')).toBe(0);
        return out();
      };
      send(60_000);
      expect(await status()).not.toContain('budget is spent');
      send(30_000);
      expect(await status()).toMatch(
        /^Used today \(last 24 hours\): 2 of 2\nNext free slot: \S+ \(today's budget is spent; nothing more is sent before then\)$/m,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('speaks of the command line, not of Settings, when the queue is paused for want of a token', async () => {
    const { core, dataDir } = createTestCore();
    try {
      core.context.queue.pause('TOKEN_REJECTED');
      await core.close();
      const { io, out } = captureIo();
      expect(await runCli(['queue', 'status', '--data-dir', dataDir], io, '/nowhere')).toBe(0);
      expect(out()).toMatch(/^PAUSED \(TOKEN_REJECTED\): The service rejected the API token\. Set a new one with `gleaner token set`/);
      expect(out()).not.toContain('Settings');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
