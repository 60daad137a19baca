import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import srtParser2 from 'srt-parser-2';
import { WebVTTParser } from 'webvtt-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportFormat, ExportRequest, ExportScope } from '../../../../src/shared/export';
import type { NormalisedItem, TranscriptSegment } from '../../../../src/shared/model';
import { destinationError, diskFullError, runExport, type RunExportOptions } from '../../../../src/main/core/export/run-export';
import { HOSTILE_FORMULAS } from '../../../../src/main/demo/hostile';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';
import { createExportLibrary, type ExportLibrary } from './library-fixture';

const GOLDEN_DIR = join(__dirname, '../../../fixtures/export');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

let lib: ExportLibrary;
beforeEach(() => {
  lib = createExportLibrary();
  // The folder an export goes into must exist (runExport refuses to invent one).
  mkdirSync(join(lib.dir, 'out'));
});
afterEach(() => lib.dispose());

const collection: ExportScope = { kind: 'collection', name: 'Harbour story' };

async function exportTo(
  name: string,
  request: Partial<ExportRequest> & { format: ExportFormat },
  extra: Pick<RunExportOptions, 'signal' | 'onProgress'> = {},
) {
  const outPath = join(lib.dir, 'out', name);
  const result = await runExport({
    library: lib.db,
    request: { scope: collection, transcripts: false, manifest: false, ...request },
    outPath,
    now: () => new Date('2026-01-06T07:08:09.000Z'),
    appVersion: '0.0.0-test',
    timeZone: 'Europe/Berlin',
    ...extra,
  });
  return { outPath, result };
}

let added = 0;
/** Adds a video to the library, with an English transcript of these segments when given; returns its id. */
function addVideo(fields: Partial<NormalisedItem>, segments?: TranscriptSegment[]): number {
  added += 1;
  const nativeId = `added${added}`;
  const ingest = createIngester(lib.db, stubNormalise);
  const [id] = ingest(fakeResponse('videosite/search', { items: [item({ nativeId, ...fields })] })).itemIds;
  if (segments) {
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [{ nativeId, url: null, kind: null, language: 'en', available: true, format: 'segments', fullText: null, segments }],
      }),
    );
  }
  return id!;
}

/** Compares with test/fixtures/export/<name>; UPDATE_GOLDEN=1 rewrites the fixture. */
function expectGolden(name: string, actual: string): void {
  const path = join(GOLDEN_DIR, name);
  if (UPDATE || !existsSync(path)) {
    if (!UPDATE) throw new Error(`missing golden file ${name}; run with UPDATE_GOLDEN=1 and review it`);
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(path, actual);
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('golden files', () => {
  it.each<[string, { format: ExportFormat; transcripts?: boolean; scope?: ExportScope }]>([
    ['items.csv', { format: 'csv' as const }],
    ['items.md', { format: 'md' as const }],
    ['items.json', { format: 'json' as const }],
    ['items.jsonl', { format: 'jsonl' as const }],
    ['transcripts.csv', { format: 'csv' as const, transcripts: true }],
    ['transcripts.md', { format: 'md' as const, transcripts: true }],
    ['transcripts.json', { format: 'json' as const, transcripts: true }],
    ['transcripts.jsonl', { format: 'jsonl' as const, transcripts: true }],
    ['transcript.srt', { format: 'srt' as const, scope: { kind: 'item', id: 0 } as ExportScope }],
    ['transcript.vtt', { format: 'vtt' as const, scope: { kind: 'item', id: 0 } as ExportScope }],
    ['transcript.txt', { format: 'txt' as const, scope: { kind: 'item', id: 0 } as ExportScope }],
  ])('%s', async (name, request) => {
    const scope = request.scope?.kind === 'item' ? { kind: 'item' as const, id: lib.ids.harbour } : collection;
    const { outPath } = await exportTo(name, { ...request, scope });
    expectGolden(name, readFileSync(outPath, 'utf8'));
  });
});

describe('CSV', () => {
  it('is UTF-8 with a BOM and CRLF records, and parses back to the data', async () => {
    const { outPath, result } = await exportTo('items.csv', { format: 'csv' });
    const bytes = readFileSync(outPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(/^\uFEFFid,platform,kind,/);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(result.items).toBe(3);
    expect(rows.map((row) => Number(row.id))).toEqual([lib.ids.hostile, lib.ids.harbour, lib.ids.untimed]);
    const harbour = rows[1]!;
    expect(harbour.text).toBe('Water reached the quay.\nSecond line.\n\nA new paragraph, with "quotes", commas and a CRLF\r\nbreak.');
    expect(harbour).toMatchObject({
      title: 'Harbour flooding explained',
      published_at_utc: '2026-01-01T10:00:00.000Z',
      published_local: '2026-01-01 11:00:00',
      local_time_zone: 'Europe/Berlin',
      fetched_at_utc: '2026-01-02T08:00:00.000Z',
      operation: 'videosite/search',
      request_id: 'req_videos_1',
      views: '1200',
      tags: "'=tag; water",
    });
    expect(harbour.notes).toBe('Ask the port authority.\n# not a heading');
  });

  it('neutralises every cell a spreadsheet would read as a formula, and keeps numbers numeric', async () => {
    const { outPath } = await exportTo('all.csv', { format: 'csv', scope: { kind: 'all' } });
    const rows = parse(readFileSync(outPath, 'utf8'), { bom: true }) as string[][];
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
    const byId = new Map(
      (parse(readFileSync(outPath, 'utf8'), { bom: true, columns: true }) as Record<string, string>[]).map((row) => [Number(row.id), row]),
    );
    expect(byId.get(lib.ids.hostile)).toMatchObject({ title: `'${HOSTILE_FORMULAS[0]}`, author_handle: `'${HOSTILE_FORMULAS[3]}` });
    // Text that looks like a negative number is text; a negative count (impossible data) is kept visible as text.
    expect(byId.get(lib.ids.minus)).toMatchObject({ title: "'-2", text: `'${HOSTILE_FORMULAS[4]}`, likes: "'-3", views: '10' });
    // Positive numbers stay numbers.
    expect(readFileSync(outPath, 'utf8')).toMatch(/,10,'-3,0,/);
  });

  it('writes one row per transcript segment with h:mm:ss times and timestamp links', async () => {
    const { outPath, result } = await exportTo('segments.csv', { format: 'csv', transcripts: true });
    const rows = parse(readFileSync(outPath, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.start_ms, row.end_ms, row.start])).toEqual([
      ['0', '2500', '0:00:00'],
      ['2500', '', '0:00:02'],
      ['3725400', '3730000', '1:02:05'],
      // The untimed transcript: its text, with no times.
      ['', '', ''],
    ]);
    expect(rows[1]!.text).toBe(`'=cmd|' /C calc'!A0 and <b>bold</b> --> arrow`);
    expect(rows[2]).toMatchObject({
      text: 'Line one\nline two\n\nafter a blank line',
      link: 'https://www.youtube.com/watch?v=aaaaaaaaaa1&t=3725s',
      request_id: 'req_transcript_1',
    });
    expect(result.skipped).toEqual([]);
  });

  it('writes an untimed transcript as one row of its whole text, with no segment number or times', async () => {
    const { outPath, result } = await exportTo('untimed.csv', {
      format: 'csv',
      transcripts: true,
      scope: { kind: 'item', id: lib.ids.untimed },
    });
    const rows = parse(readFileSync(outPath, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        item_id: String(lib.ids.untimed),
        language: 'en',
        segment: '',
        start_ms: '',
        end_ms: '',
        start: '',
        end: '',
        text: 'An untimed transcript, text only.',
        link: '',
      }),
    ]);
    expect(rows[0]!.request_id).toMatch(/\w/);
    expect(result).toMatchObject({ transcripts: 1, segments: 0, skipped: [] });
  });

  it('quotes cells holding a semicolon or a tab, so a spreadsheet that also splits on them keeps each cell whole', async () => {
    const id = addVideo({ title: 'Rates; =1+1', text: 'up\t=2+2' }, [{ startMs: 0, endMs: 1000, text: 'said; =3+3' }]);
    const scope = { kind: 'item' as const, id };
    for (const transcripts of [false, true]) {
      const text = readFileSync((await exportTo(`semi-${String(transcripts)}.csv`, { format: 'csv', scope, transcripts })).outPath, 'utf8');
      // As a spreadsheet reads it when the semicolon and the tab are separators as well as the comma.
      const rows = parse(text, { bom: true, delimiter: [',', ';', '\t'] }) as string[][];
      expect(rows.length).toBe(2);
      for (const cell of rows.flat()) expect(cell).not.toMatch(/^\s*[=+\-@]/);
      expect(text).toContain(transcripts ? '"said; =3+3"' : '"Rates; =1+1","up\t=2+2"');
    }
  });
});

describe('JSON and JSON Lines', () => {
  it('re-parse to the same items with citations', async () => {
    const json = JSON.parse(readFileSync((await exportTo('a.json', { format: 'json' })).outPath, 'utf8')) as {
      export: { scope: unknown };
      items: Record<string, unknown>[];
    };
    const lines = readFileSync((await exportTo('a.jsonl', { format: 'jsonl' })).outPath, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(json.items).toEqual(lines);
    expect(json.export.scope).toEqual(collection);
    expect(lines[1]).toMatchObject({
      id: lib.ids.harbour,
      text: 'Water reached the quay.\nSecond line.\n\nA new paragraph, with "quotes", commas and a CRLF\r\nbreak.',
      citation: {
        url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
        platform: 'videosite',
        author: 'Port News @portnews',
        published_at: '2026-01-01T10:00:00.000Z',
        fetched_at: '2026-01-02T08:00:00.000Z',
        operation: 'videosite/search',
        request_id: 'req_videos_1',
      },
    });
    // An unsafe URL is kept as data but never offered as the citation's link.
    expect(lines[0]).toMatchObject({ url: 'javascript:alert(1)', citation: { url: null } });
  });

  it('nest transcripts with their segments', async () => {
    const lines = readFileSync((await exportTo('t.jsonl', { format: 'jsonl', transcripts: true })).outPath, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; transcripts: { full_text: string | null; segments: unknown[] }[] });
    expect(lines.map((line) => line.id)).toEqual([lib.ids.harbour, lib.ids.untimed]);
    expect(lines[0]!.transcripts[0]!.segments).toHaveLength(3);
    expect(lines[1]!.transcripts[0]).toMatchObject({ full_text: 'An untimed transcript, text only.', segments: [] });
  });
});

/** Lines that Markdown would read as structure, other than the ones the exporter writes itself. */
function foreignStructure(markdown: string): string[] {
  const ours = [
    /^# Gleaner export: /,
    /^## \d+\. /,
    /^## Sources$/,
    /^### Transcript/,
    /^- (Source|Platform|Author|Published|Fetched|Tags): /,
    /^\d+\. /,
    /^\*\*Note/,
  ];
  return markdown.split('\n').filter((line) => {
    if (ours.some((pattern) => pattern.test(line))) return false;
    return /^(\s{4,}|\s*(#|>|[-+*] |\d+[.)] |```|~~~|\||={2,}|-{2,}))/.test(line);
  });
}

describe('Markdown', () => {
  it('escapes hostile platform text so it cannot change the document structure', async () => {
    for (const transcripts of [false, true]) {
      const markdown = readFileSync(
        (await exportTo(`m${String(transcripts)}.md`, { format: 'md', transcripts, scope: { kind: 'all' } })).outPath,
        'utf8',
      );
      expect(foreignStructure(markdown)).toEqual([]);
      // No raw HTML, and the only links are the ones built from safe https URLs.
      expect(markdown).not.toMatch(/(^|[^\\])</m);
      for (const [, target] of markdown.matchAll(/(?<!\\)\]\(([^)]*)\)/g)) expect(target).toMatch(/^https:\/\//);
      expect(markdown).not.toMatch(/(?<!\\)\]\(javascript:/i);
    }
  });

  it('links each transcript timestamp to that moment of the video and ends with a Sources list', async () => {
    const markdown = readFileSync((await exportTo('t.md', { format: 'md', transcripts: true })).outPath, 'utf8');
    expect(markdown).toContain('[1:02:05](https://www.youtube.com/watch?v=aaaaaaaaaa1&t=3725s) Line one line two after a blank line');
    const sources = markdown.slice(markdown.indexOf('## Sources'));
    // Every item of the scope, those without a transcript too: the collection for the newsroom.
    expect(sources.trim().split('\n').slice(1).filter(Boolean)).toHaveLength(3);
    expect(sources).toContain('request id req\\_videos\\_1');
    expect(markdown.match(/^## \d+\. /gm)).toHaveLength(3);
  });

  it("keeps web and e-mail addresses in platform text as plain text: only the item's own https link is a link", async () => {
    const text = [
      'see http://evil.example/a and HTTPS://evil.example/b or ftp://evil.example',
      'www.evil.example (www.evil.example/x) _www.evil.example',
      'write me@evil.example, mailto:me@evil.example or xmpp:me@evil.example/home',
      '<me@evil.example> <https://evil.example>',
    ].join('\n');
    const id = addVideo({
      title: 'Call www.evil.example',
      text,
      author: { name: 'a@evil.example', handle: '@handle', id: null, url: null },
    });
    const markdown = readFileSync((await exportTo('links.md', { format: 'md', scope: { kind: 'item', id } })).outPath, 'utf8');
    // Each pattern a GFM renderer would link is broken by a backslash before its `:`, `.` or `@`.
    expect(markdown).toContain(
      [
        'see http\\://evil.example/a and HTTPS\\://evil.example/b or ftp\\://evil.example\\',
        'www\\.evil.example (www\\.evil.example/x) \\_www\\.evil.example\\',
        'write me\\@evil.example, mailto:me\\@evil.example or xmpp:me\\@evil.example/home\\',
        '\\<me\\@evil.example\\> \\<https\\://evil.example\\>',
      ].join('\n'),
    );
    expect(markdown).toContain(`## 1. Call www\\.evil.example\n`);
    expect(markdown).toContain('- Author: a\\@evil.example (@handle)\n');
    // Gleaner's own link to the item, and nothing else a renderer would link.
    const ownLinks = markdown.match(/(?<!\\)\[[^\]]*\]\(https:\/\/[^)]*\)/g) ?? [];
    expect(ownLinks).toEqual([
      `[https://www.youtube.com/watch?v=added${added}](https://www.youtube.com/watch?v=added${added})`,
      expect.any(String),
    ]);
    expect(autolinkLiterals(ownLinks.reduce((rest, link) => rest.replace(link, ''), markdown))).toEqual([]);
  });

  it('keeps the hashes that end a title, which a heading would otherwise drop', async () => {
    for (const [title, heading] of [
      ['Flood warning #', 'Flood warning \\#'],
      ['Level ##', 'Level \\##'],
      ['# #', '\\# \\#'],
      ['C#', 'C#'],
    ]) {
      const id = addVideo({ title });
      const markdown = readFileSync((await exportTo(`hash-${id}.md`, { format: 'md', scope: { kind: 'item', id } })).outPath, 'utf8');
      expect(markdown).toContain(`\n## 1. ${heading}\n`);
    }
  });
});

/** Text GFM would turn into a link without markup (autolink literals: a scheme's `://`, `www.`, an address's `@`), where no backslash breaks it. */
function autolinkLiterals(markdown: string): string[] {
  return markdown.replace(/\\[\s\S]/g, ' ').match(/:\/\/|(?<![A-Za-z0-9])www\.|[A-Za-z0-9.+\-_]@/gi) ?? [];
}

describe('subtitles and plain text', () => {
  it('write one numbered, increasing, well-formed cue per segment', async () => {
    const srt = readFileSync((await exportTo('one.srt', { format: 'srt', scope: { kind: 'item', id: lib.ids.harbour } })).outPath, 'utf8');
    const cues = srt.trim().split(/\r\n\r\n/);
    expect(cues.map((cue) => cue.split('\r\n')[0])).toEqual(['1', '2', '3']);
    expect(cues.map((cue) => cue.split('\r\n')[1])).toEqual([
      '00:00:00,000 --> 00:00:02,500',
      // No stored end: the cue ends where the next one starts.
      '00:00:02,500 --> 01:02:05,400',
      '01:02:05,400 --> 01:02:10,000',
    ]);
  });

  it('write one transcript per subtitle file: an item with several asks for a language, and a language picks them', async () => {
    createIngester(
      lib.db,
      stubNormalise,
    )(
      fakeResponse(
        'videosite/transcript',
        {
          transcripts: [
            {
              nativeId: 'aaaaaaaaaa1',
              url: null,
              language: 'ja',
              available: true,
              format: 'segments',
              fullText: null,
              segments: [{ startMs: 0, endMs: 1000, text: 'こんばんは' }],
            },
          ],
        },
        {
          requestId: 'req_transcript_ja',
          fetchedAt: '2026-01-03T08:30:00.000Z',
          params: { url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1', language: 'ja' },
        },
      ),
    );
    const scope = { kind: 'item' as const, id: lib.ids.harbour };
    for (const format of ['srt', 'vtt'] as const) {
      await expect(exportTo(`both.${format}`, { format, scope })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/2 transcripts \(English \(en\), Japanese \(ja\)\).*choose its language/),
      });
      expect(existsSync(join(lib.dir, 'out', `both.${format}`))).toBe(false);
    }
    const japanese = await exportTo('ja.vtt', { format: 'vtt', scope, language: 'ja' });
    const vtt = new WebVTTParser().parse(readFileSync(japanese.outPath, 'utf8'), 'metadata');
    expect([vtt.errors, vtt.cues.map((cue: { text: string }) => cue.text)]).toEqual([[], ['こんばんは']]);
    expect(japanese.result).toMatchObject({ transcripts: 1, segments: 1 });
    // A language narrows any export's transcripts; plain text may hold several.
    // (The collection's untimed English transcript is one of them, as its text alone.)
    expect((await exportTo('all.csv', { format: 'csv', transcripts: true })).result).toMatchObject({ transcripts: 3, segments: 4 });
    expect((await exportTo('en.csv', { format: 'csv', transcripts: true, language: 'en' })).result).toMatchObject({
      transcripts: 2,
      segments: 3,
    });
    // A language can be asked for by its name too, in any case.
    expect((await exportTo('english.csv', { format: 'csv', transcripts: true, language: 'english' })).result).toMatchObject({
      transcripts: 2,
      segments: 3,
    });
    expect((await exportTo('japanese.vtt', { format: 'vtt', scope, language: 'Japanese' })).result).toMatchObject({
      transcripts: 1,
      segments: 1,
    });
    expect((await exportTo('all.txt', { format: 'txt', scope })).result).toMatchObject({ transcripts: 2 });
  });

  it('validate with SRT and WebVTT parsers', async () => {
    const scope = { kind: 'item' as const, id: lib.ids.harbour };
    const vtt = new WebVTTParser().parse(readFileSync((await exportTo('one.vtt', { format: 'vtt', scope })).outPath, 'utf8'), 'metadata');
    expect(vtt.errors).toEqual([]);
    expect(vtt.cues.map((cue) => [cue.id, cue.startTime, cue.endTime])).toEqual([
      ['1', 0, 2.5],
      ['2', 2.5, 3725.4],
      ['3', 3725.4, 3730],
    ]);
    // Cue text is markup, so platform angle brackets arrive escaped.
    expect(vtt.cues[1]!.text).toBe("=cmd|' /C calc'!A0 and &lt;b&gt;bold&lt;/b&gt; → arrow");
    const srt = new srtParser2().fromSrt(readFileSync((await exportTo('one.srt', { format: 'srt', scope })).outPath, 'utf8'));
    expect(srt.map((cue) => [cue.id, cue.startSeconds, cue.endSeconds])).toEqual([
      ['1', 0, 2.5],
      ['2', 2.5, 3725.4],
      ['3', 3725.4, 3730],
    ]);
  });

  it('write a folder with one file per transcript for several items, skipping untimed transcripts', async () => {
    const { outPath, result } = await exportTo('subs', { format: 'vtt', manifest: true });
    expect(readdirSync(outPath).sort()).toEqual([`${lib.ids.harbour}-harbour-flooding-explained.en.vtt`]);
    expect(result.files.map((file) => file.path)).toEqual([`subs/${lib.ids.harbour}-harbour-flooding-explained.en.vtt`]);
    expect(result.skipped).toHaveLength(1);
    const txt = await exportTo('texts', { format: 'txt', scope: { kind: 'all' } });
    expect(readdirSync(txt.outPath).sort()).toEqual(
      [
        `${lib.ids.harbour}-harbour-flooding-explained.en.txt`,
        `${lib.ids.drought}-dry-summer-in-spain.txt`,
        `${lib.ids.untimed}-short-clip.en.txt`,
      ].sort(),
    );
    expect(readFileSync(join(txt.outPath, `${lib.ids.untimed}-short-clip.en.txt`), 'utf8')).toContain('An untimed transcript, text only.');
  });

  it('refuse a subtitle export of a transcript without timings, writing nothing, and point to the formats that hold its text', async () => {
    for (const format of ['srt', 'vtt'] as const) {
      await expect(exportTo(`untimed.${format}`, { format, scope: { kind: 'item', id: lib.ids.untimed } })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: `This item’s transcript has no timings, so there are no ${format} cues to write: export it as txt (or md or json), which keep a transcript’s text without timings.`,
      });
      await expect(
        exportTo(`untimed-${format}`, { format, scope: { kind: 'items', ids: [lib.ids.untimed, lib.ids.hostile] } }),
      ).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/^The transcripts of these items have no timings, .* export them as txt/),
      });
    }
    expect(readdirSync(join(lib.dir, 'out'))).toEqual([]);
    // The formats that hold an untimed transcript's text still write it.
    const txt = await exportTo('untimed.txt', { format: 'txt', scope: { kind: 'item', id: lib.ids.untimed } });
    expect(readFileSync(txt.outPath, 'utf8')).toMatch(/\n\nAn untimed transcript, text only\.\n$/);
    const md = await exportTo('untimed.md', { format: 'md', transcripts: true, scope: { kind: 'item', id: lib.ids.untimed } });
    expect(readFileSync(md.outPath, 'utf8')).toContain('\nAn untimed transcript, text only.\n');
  });

  it('end a cue whose stored end is not after its start where the next one starts, or a few seconds on', async () => {
    const id = addVideo({ title: 'Ends at zero' }, [
      { startMs: 0, endMs: 0, text: 'no end' },
      { startMs: 2000, endMs: 1500, text: 'ends before it starts' },
      { startMs: 4000, endMs: 6000, text: 'a stored end' },
      { startMs: 7000, endMs: 7000, text: 'the last, ending where it starts' },
    ]);
    const srt = new srtParser2().fromSrt(
      readFileSync((await exportTo('ends.srt', { format: 'srt', scope: { kind: 'item', id } })).outPath, 'utf8'),
    );
    expect(srt.map((cue) => [cue.startTime, cue.endTime])).toEqual([
      ['00:00:00,000', '00:00:02,000'],
      ['00:00:02,000', '00:00:04,000'],
      ['00:00:04,000', '00:00:06,000'],
      ['00:00:07,000', '00:00:10,000'],
    ]);
    const vtt = new WebVTTParser().parse(
      readFileSync((await exportTo('ends.vtt', { format: 'vtt', scope: { kind: 'item', id } })).outPath, 'utf8'),
      'metadata',
    );
    expect([vtt.errors, vtt.cues.map((cue) => [cue.startTime, cue.endTime])]).toEqual([
      [],
      [
        [0, 2],
        [2, 4],
        [4, 6],
        [7, 10],
      ],
    ]);
  });

  it('put a blank line between transcripts that share a plain-text file', async () => {
    createIngester(
      lib.db,
      stubNormalise,
    )(
      fakeResponse(
        'videosite/transcript',
        {
          transcripts: [
            {
              nativeId: 'aaaaaaaaaa1',
              url: null,
              language: 'ja',
              available: true,
              format: 'segments',
              fullText: null,
              segments: [{ startMs: 0, endMs: 1000, text: 'こんばんは' }],
            },
          ],
        },
        {
          requestId: 'req_transcript_ja',
          fetchedAt: '2026-01-03T08:30:00.000Z',
          params: { url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1', language: 'ja' },
        },
      ),
    );
    const text = readFileSync(
      (await exportTo('both.txt', { format: 'txt', scope: { kind: 'item', id: lib.ids.harbour } })).outPath,
      'utf8',
    );
    expect(text).toContain('[1:02:05] Line one line two after a blank line\n\nHarbour flooding explained\nSource: ');
    expect(text.match(/^Harbour flooding explained$/gm)).toHaveLength(2);
    expect(text).not.toMatch(/^\n/);
  });

  it('refuses a folder that already holds files, and a folder given as a file name', async () => {
    mkdirSync(join(lib.dir, 'out', 'busy'), { recursive: true });
    writeFileSync(join(lib.dir, 'out', 'busy', 'mine.txt'), 'keep me');
    await expect(exportTo('busy', { format: 'srt' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/not empty/),
    });
    await expect(exportTo('busy', { format: 'csv' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/is a folder/),
    });
    expect(readFileSync(join(lib.dir, 'out', 'busy', 'mine.txt'), 'utf8')).toBe('keep me');
  });

  it('writes into an empty folder the user already has without replacing it: its permissions stay, its parent is not written', async () => {
    const chosen = join(lib.dir, 'out', 'stick');
    mkdirSync(chosen);
    chmodSync(chosen, 0o770);
    const inode = statSync(chosen).ino;
    const parentBefore = readdirSync(join(lib.dir, 'out'));
    // Left inside by an export killed midway (its process is gone): Gleaner's own, so not "in the way".
    mkdirSync(join(chosen, '.stick.999999-0123456789ab.partial'));
    const { result } = await exportTo('stick', { format: 'srt', scope: { kind: 'all' } });
    expect(statSync(chosen).ino).toBe(inode);
    expect(statSync(chosen).mode & 0o777).toBe(0o770);
    expect(readdirSync(chosen).sort()).toEqual(result.files.map((file) => file.path.replace('stick/', '')).sort());
    expect(readdirSync(join(lib.dir, 'out'))).toEqual(parentBefore);
  });
});

describe('manifest', () => {
  it('lists every exported file with its SHA-256 in sha256sum format', async () => {
    const { outPath } = await exportTo('items.csv', { format: 'csv', manifest: true });
    const manifest = readFileSync(join(lib.dir, 'out', 'manifest.sha256'), 'utf8');
    const hash = createHash('sha256').update(readFileSync(outPath)).digest('hex');
    expect(manifest).toBe(`${hash}  items.csv\n`);

    // A second export into the same folder adds its files; the first one's entry stays.
    const folder = await exportTo('subs', { format: 'srt', scope: { kind: 'all' }, manifest: true });
    const lines = readFileSync(join(lib.dir, 'out', 'manifest.sha256'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`${hash}  items.csv`);
    for (const line of lines) {
      const [digest, path] = line.split('  ') as [string, string];
      expect(
        createHash('sha256')
          .update(readFileSync(join(lib.dir, 'out', path)))
          .digest('hex'),
      ).toBe(digest);
    }
    expect(folder.result.files).toHaveLength(2);
  });

  it("keeps earlier exports' entries: a file written again gets its new hash, a file gone loses its entry", async () => {
    const manifestPath = join(lib.dir, 'out', 'manifest.sha256');
    await exportTo('items.csv', { format: 'csv', manifest: true });
    const md = await exportTo('items.md', { format: 'md', manifest: true });
    writeFileSync(manifestPath, `# checked by the desk\n${readFileSync(manifestPath, 'utf8')}`);
    // items.csv again, with other content (a different scope); items.md removed by hand.
    const csv = await exportTo('items.csv', { format: 'csv', scope: { kind: 'all' }, manifest: true });
    rmSync(md.outPath);
    await exportTo('other.json', { format: 'json', manifest: true });
    const hashOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(readFileSync(manifestPath, 'utf8')).toBe(
      `# checked by the desk\n${hashOf(csv.outPath)}  items.csv\n${hashOf(join(lib.dir, 'out', 'other.json'))}  other.json\n`,
    );
  });
});

describe('scopes', () => {
  it('exports a selection in its order, a search result, and one item', async () => {
    const ids = async (scope: ExportScope) =>
      readFileSync((await exportTo(`s${Math.random()}.jsonl`, { format: 'jsonl', scope })).outPath, 'utf8')
        .trimEnd()
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(await ids({ kind: 'items', ids: [lib.ids.minus, lib.ids.harbour] })).toEqual([lib.ids.minus, lib.ids.harbour]);
    // An id named twice is one item, where it first appears (a subtitle file would repeat its cues).
    expect(await ids({ kind: 'items', ids: [lib.ids.harbour, lib.ids.minus, lib.ids.harbour] })).toEqual([lib.ids.harbour, lib.ids.minus]);
    expect(await ids({ kind: 'search', search: { query: 'harbour' } })).toEqual([lib.ids.harbour]);
    expect(await ids({ kind: 'search', search: { platform: 'tweetsite', sort: 'likes' } })).toEqual([lib.ids.minus, lib.ids.hostile]);
    expect(await ids({ kind: 'search', search: { query: 'spain OR harbour', sort: 'title' } })).toEqual([lib.ids.drought, lib.ids.harbour]);
    expect(await ids({ kind: 'item', id: lib.ids.untimed })).toEqual([lib.ids.untimed]);
  });

  it('says clearly when the collection or item does not exist, and writes nothing', async () => {
    await expect(exportTo('x.csv', { format: 'csv', scope: { kind: 'collection', name: 'Nope' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no collection named "Nope".',
    });
    await expect(exportTo('x.csv', { format: 'csv', scope: { kind: 'item', id: 999 } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(existsSync(join(lib.dir, 'out', 'x.csv'))).toBe(false);
  });

  it('refuses a subtitle export of items without transcripts instead of writing an empty file', async () => {
    await expect(exportTo('none.vtt', { format: 'vtt', scope: { kind: 'item', id: lib.ids.hostile } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/None of these items has a transcript/),
    });
    expect(existsSync(join(lib.dir, 'out', 'none.vtt'))).toBe(false);
  });

  it('says that a platform’s own time words ("3 days ago") count from when the item was fetched', async () => {
    const scope = { kind: 'item' as const, id: lib.ids.drought };
    const fetchedAt = (
      JSON.parse(readFileSync((await exportTo('d.json', { format: 'json', scope })).outPath, 'utf8')) as {
        items: { citation: { fetched_at: string } }[];
      }
    ).items[0]!.citation.fetched_at;
    expect(fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const said = `3 days ago (as shown on the platform at ${fetchedAt})`;
    expect(readFileSync((await exportTo('d.md', { format: 'md', scope })).outPath, 'utf8')).toContain(`- Published: ${said}`);
    for (const format of ['txt', 'vtt'] as const) {
      expect(readFileSync((await exportTo(`d.${format}`, { format, scope })).outPath, 'utf8')).toContain(`Published: ${said}`);
    }
  });

  it('names the languages there are when none of the transcripts is in the one asked for', async () => {
    for (const format of ['csv', 'srt'] as const) {
      await expect(exportTo(`de.${format}`, { format, transcripts: true, language: 'de' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message:
          'None of these items has a transcript in de. Their transcripts are in: English (en). Choose one of those, or all languages.',
      });
    }
    expect(readdirSync(join(lib.dir, 'out'))).toEqual([]);
  });
});

describe('cancelling', () => {
  it('leaves nothing under the chosen name and no temporary file behind', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(exportTo('gone.csv', { format: 'csv' }, { signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(exportTo('gone-folder', { format: 'srt', scope: { kind: 'all' } }, { signal: controller.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    expect(readdirSync(join(lib.dir, 'out'))).toEqual([]);
  });

  it('reports a file saved under its name as done, though a cancel arrives while it is being saved', async () => {
    for (const [name, request] of [
      ['late.csv', { format: 'csv' }],
      ['late-transcripts.csv', { format: 'csv', transcripts: true, scope: { kind: 'all' } }],
    ] as const) {
      const controller = new AbortController();
      // The last progress report comes once the file is in place: too late to take it back.
      const onProgress = (progress: { done: number; total: number }) => {
        if (progress.done === progress.total) controller.abort();
      };
      const { outPath, result } = await exportTo(name, request, { signal: controller.signal, onProgress });
      expect(controller.signal.aborted).toBe(true);
      expect(existsSync(outPath)).toBe(true);
      expect(result.files).toHaveLength(1);
    }
  });

  it('keeps the library writable while an export reads it', async () => {
    const controller = new AbortController();
    const running = exportTo('big.csv', { format: 'csv', transcripts: true, scope: { kind: 'all' } }, { signal: controller.signal });
    lib.db.prepare("UPDATE items SET title = 'Renamed' WHERE id = ?").run(lib.ids.drought);
    await running;
    expect((lib.db.prepare('SELECT title FROM items WHERE id = ?').get(lib.ids.drought) as { title: string }).title).toBe('Renamed');
  });
});

describe('where the export goes', () => {
  const out = (...parts: string[]) => join(lib.dir, 'out', ...parts);

  it('refuses a folder that does not exist instead of creating it, for a file and for a folder of files', async () => {
    for (const [name, format] of [
      ['missing/deeper/x.csv', 'csv'],
      ['missing/subs', 'srt'],
    ] as const) {
      await expect(exportTo(name, { format, scope: { kind: 'all' } })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: `The folder ${dirname(out(name))} does not exist; create it first or choose another place to save it.`,
      });
    }
    expect(readdirSync(out())).toEqual([]);
  });

  it('creates the folder a folder export names, inside a folder that exists', async () => {
    const { outPath } = await exportTo('subs', { format: 'srt', scope: { kind: 'all' } });
    expect(readdirSync(outPath).length).toBeGreaterThan(0);
  });

  it('names the file standing where a folder should be, and leaves it as it was', async () => {
    writeFileSync(out('tip.csv'), 'my notes');
    for (const [name, format] of [
      ['tip.csv/x.csv', 'csv'],
      ['tip.csv/deeper/x.csv', 'csv'],
      ['tip.csv/subs', 'srt'],
    ] as const) {
      await expect(exportTo(name, { format, scope: { kind: 'all' }, manifest: true })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: `Cannot write ${out(name)}: ${out('tip.csv')} is a file, not a folder; choose another place to save it.`,
      });
    }
    expect(readdirSync(out())).toEqual(['tip.csv']);
    expect(readFileSync(out('tip.csv'), 'utf8')).toBe('my notes');
  });

  /** Tries to export over each path, expecting the refusal that protects the library; then checks the library is whole. */
  async function expectLibraryKept(attempts: [string, ExportFormat][], made: string[]): Promise<void> {
    const database = lib.db.name;
    const before = readdirSync(dirname(database)).sort();
    for (const [outPath, format] of attempts) {
      const run = runExport({
        library: lib.db,
        request: { scope: { kind: 'all' }, format, transcripts: false, manifest: true },
        outPath,
        now: () => new Date(),
        appVersion: '0.0.0-test',
      });
      await expect(run, outPath).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(
          /^.+ is (the library’s database|a file SQLite keeps beside the library’s database \(.+\)); writing the export there would destroy the library\. Choose another place to save it, outside the library’s files\.$/,
        ),
      });
    }
    expect(readdirSync(dirname(database)).sort()).toEqual(before);
    expect(readdirSync(out()).sort()).toEqual(made);
    // Whole on this connection and on a new one, which reads the file afresh.
    expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const reopened = new BetterSqlite3(database, { readonly: true, fileMustExist: true });
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(reopened.prepare('SELECT count(*) FROM items').pluck().get()).toBe(5);
    } finally {
      reopened.close();
    }
  }

  it("refuses the library's own database, the files SQLite keeps beside it and a hard link to it, writing nothing", async () => {
    const database = lib.db.name;
    linkSync(database, out('hard-link.csv'));
    await expectLibraryKept(
      [
        [database, 'csv'],
        [`${database}-wal`, 'json'],
        [`${database}-shm`, 'md'],
        [`${database}-journal`, 'csv'],
        [`${database}-journal`, 'srt'],
        [join(dirname(database), `${basename(database).toUpperCase()}-JOURNAL`), 'csv'],
        [`${out()}/../library/${basename(database)}`, 'csv'],
        [out('hard-link.csv'), 'csv'],
      ],
      ['hard-link.csv'],
    );
  });

  // Windows lets only some accounts make symbolic links.
  it.skipIf(process.platform === 'win32')(
    "refuses the library's database reached through a symbolic link to it or to its folder",
    async () => {
      symlinkSync(dirname(lib.db.name), out('library-link'));
      symlinkSync(lib.db.name, out('database-link.csv'));
      await expectLibraryKept(
        [
          [join(out('library-link'), basename(lib.db.name)), 'csv'],
          [join(out('library-link'), `${basename(lib.db.name)}-journal`), 'csv'],
          [out('database-link.csv'), 'csv'],
        ],
        ['database-link.csv', 'library-link'],
      );
    },
  );

  it("still writes into the library's folder under another name (browser mode stages its downloads there)", async () => {
    const outPath = join(dirname(lib.db.name), `${basename(lib.db.name)}.csv`);
    await runExport({
      library: lib.db,
      request: { scope: { kind: 'all' }, format: 'csv', transcripts: false, manifest: false },
      outPath,
      now: () => new Date(),
      appVersion: '0.0.0-test',
    });
    expect(existsSync(outPath)).toBe(true);
  });

  it('refuses a name ending in a path separator for a format that writes one file, and creates nothing', async () => {
    for (const format of ['csv', 'md', 'json', 'jsonl'] as const) {
      const outPath = `${out('newfolder')}/`;
      await expect(exportTo('newfolder/', { format })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: `${outPath} names a folder (it ends with /), but the ${format} format writes one file: give the file’s name, such as ${outPath}export.${format}.`,
      });
    }
    await expect(exportTo('newfolder/', { format: 'txt', scope: { kind: 'item', id: lib.ids.harbour } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(readdirSync(out())).toEqual([]);
  });

  it("refuses to write the export under the manifest's name when a manifest is asked for, and leaves the manifest as it was", async () => {
    await exportTo('items.csv', { format: 'csv', manifest: true });
    const manifest = readFileSync(out('manifest.sha256'), 'utf8');
    for (const [name, format] of [
      ['manifest.sha256', 'csv'],
      ['MANIFEST.SHA256', 'json'],
      ['manifest.sha256', 'srt'],
    ] as const) {
      await expect(exportTo(name, { format, manifest: true })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message:
          'The manifest is written as manifest.sha256 beside the export, so the export cannot take that name; choose another place to save it.',
      });
    }
    expect(readdirSync(out()).sort()).toEqual(['items.csv', 'manifest.sha256']);
    expect(readFileSync(out('manifest.sha256'), 'utf8')).toBe(manifest);
  });

  it.runIf(process.platform === 'linux')('says a folder that takes no new files is not writable', async () => {
    const outPath = '/proc/gleaner-export-test.csv';
    const run = runExport({
      library: lib.db,
      request: { scope: { kind: 'all' }, format: 'csv', transcripts: false, manifest: false },
      outPath,
      now: () => new Date(),
      appVersion: '0.0.0-test',
    });
    await expect(run).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: `Cannot write ${outPath}: the folder /proc is not writable; choose another place to save it.`,
    });
  });

  it("turns the file system's refusals into sentences, and leaves other failures alone", () => {
    const failure = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect(destinationError(failure('EACCES'), '/data/x.csv')).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Cannot write /data/x.csv: permission denied in the folder /data; choose another place to save it.',
    });
    expect(destinationError(failure('EPERM'), '/data/x.csv')).toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/permission denied/),
    });
    expect(destinationError(failure('EROFS'), '/cd/x.csv')).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Cannot write /cd/x.csv: the folder /cd is on a read-only file system; choose another place to save it.',
    });
    const full = failure('ENOSPC');
    expect(destinationError(full, '/data/x.csv')).toBe(full);
    // A disk that fills up while the export is written is said as such (not as Gleaner's own failure).
    for (const code of ['ENOSPC', 'EDQUOT']) {
      expect(diskFullError(failure(code), '/data/x.csv')).toMatchObject({
        code: 'STORAGE_ERROR',
        message: expect.stringContaining('The disk holding /data is full'),
      });
    }
    expect(diskFullError(failure('EIO'), '/data/x.csv')).toBeNull();
  });
});
