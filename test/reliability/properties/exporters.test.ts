/**
 * The exporters over arbitrary platform content: text of every kind (any UTF-16 unit, lone
 * surrogates included, control characters, formula prefixes, Markdown and HTML breakers, very
 * long strings) is ingested by the real ingest path and exported by runExport to every format.
 * Every export finishes (or, for a transcript export of a library without transcripts, gives a
 * coded error), and each format holds exactly the data in its own grammar:
 * - CSV parses back (csv-parse) to the stored text, formula-like cells carrying the documented
 *   leading ', and no cell starts with a formula character, nor is cut by a reader that also
 *   splits on semicolons and tabs;
 * - JSON and JSON Lines parse back to the stored values;
 * - Markdown: platform text stays inside the lines Gleaner writes for it, escaped so that it
 *   cannot open a heading, list, quote, link (autolink literals included), HTML or code, nor lose
 *   a heading's closing hashes; unescaped, it is the stored text;
 * - SRT and WebVTT validate (srt-parser-2, webvtt-parser): one numbered cue per segment, times
 *   that never go backwards, every WebVTT file with its header, and a coded error rather than no
 *   file when no transcript has timings; plain text has one line per segment.
 * Lone surrogates have no UTF-8 form: ingest stores each as one U+FFFD, as a UTF-8 encoder
 * must; what the library holds is the text every export must carry.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import srtParser2 from 'srt-parser-2';
import { WebVTTParser } from 'webvtt-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { forReaders } from '../../../src/shared/format-characters';
import { runExport } from '../../../src/main/core/export/run-export';
import { createIngester } from '../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../src/main/core/store/database';
import { isGleanerError } from '../../../src/shared/errors';
import type { ExportFormat } from '../../../src/shared/export';
import type { NormalisedItem, NormalisedTranscript } from '../../../src/shared/model';
import { wellFormed } from '../../../src/shared/text';
import { fakeResponse, item, stubNormalise } from '../../helpers/library';
import { FULL, SIZES, TEST_TIMEOUT_MS } from '../sizes';

const root = mkdtempSync(join(tmpdir(), 'gleaner-export-properties-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FORMULA_START = /^[=+\-@\t\r\n]/;
/** What the library gives back of a JS string: a lone surrogate comes back as one U+FFFD (see above). */
const stored = (text: string): string => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
/** The documented CSV neutralisation: format characters as readers see them, then no formula start. */
const neutralised = (text: string | null): string => {
  if (text === null) return '';
  const shown = forReaders(text);
  return FORMULA_START.test(shown) ? `'${shown}` : shown;
};
/**
 * Text without whitespace, control characters or the isolates an export wraps a field in: what
 * survives any format's line handling. Platform text is compared as readers are given it.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const squeeze = (text: string): string => stored(text).replace(/[\s\u0000-\u001f\u007f-\u009f\uFEFF\u2068\u2069]/g, '');
/** No line of an export for people holds a reordering control, bar the balanced isolates it wraps fields in. */
function expectNoReordering(text: string, where: string): void {
  for (const line of text.split('\n')) {
    expect(line, `${where}: a reordering control in ${JSON.stringify(line.slice(0, 200))}`).not.toMatch(/[\u202a-\u202e\u2066\u2067]/);
    let open = 0;
    for (const character of line) {
      if (character === '\u2068') open += 1;
      else if (character === '\u2069') open -= 1;
      expect(open, `${where}: unbalanced isolates in ${JSON.stringify(line.slice(0, 200))}`).toBeGreaterThanOrEqual(0);
    }
    expect(open, `${where}: an unclosed isolate in ${JSON.stringify(line.slice(0, 200))}`).toBe(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitrary platform text

const breakers = fc.constantFrom(
  ...[
    '=',
    '+',
    '-',
    '@',
    '\t',
    '\r',
    '\n',
    '\r\n',
    '\n\n',
    '#',
    '# ',
    '## ',
    '- ',
    '* ',
    '+ ',
    '1. ',
    '2) ',
    '> ',
    '    ',
    '---',
    '===',
    '***',
    '___',
  ],
  ...[
    '[',
    ']',
    '](',
    '(',
    ')',
    '[x](javascript:alert(1))',
    '<',
    '>',
    '<script>alert(1)</script>',
    '<https://a.example>',
    '&amp;',
    '&#60;',
    '`',
    '```',
    '~~~',
    '|',
    '\\',
    '_',
    '*',
    '!',
    '~',
  ],
  ...[
    '-->',
    '00:00:01,000 --> 00:00:02,000',
    'WEBVTT',
    'NOTE',
    '"',
    ',',
    ';',
    "'",
    '\u2028',
    '\u0085',
    '\u0000',
    '\u007f',
    '\uFEFF',
    '\u202E',
    '\u200B',
  ],
  ...['\uD800', '\uDBFF', '\uDC00', '\uDFFF', '=HYPERLINK("http://x.example")', '@SUM(1)', 'javascript:alert(1)'],
  ...['http://a.example', 'www.a.example', 'a@b.example', 'mailto:a@b.example', ' #', ' ##', ';=1+1'],
);
const unit = fc.oneof(
  { weight: 3, arbitrary: breakers },
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'é', '東', ' ', '1') },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
);
const LONG = [
  `=${'A'.repeat(FULL ? 300_000 : 30_000)}\n# tail`,
  Array.from({ length: FULL ? 20_000 : 2_000 }, (_, i) => `${i}. [l](javascript:${i}) <b>\uD800</b>\r\n`).join(''),
];
const text = fc.oneof({ weight: 30, arbitrary: fc.string({ unit, maxLength: 30 }) }, { weight: 1, arbitrary: fc.constantFrom(...LONG) });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });

const segment = fc.record({ startMs: fc.nat({ max: 10_000_000 }), endMs: maybe(fc.nat({ max: 10_000_000 })), text });
const transcript = fc.oneof(
  fc.record({ timed: fc.constant(true), language: maybe(text), segments: fc.array(segment, { minLength: 1, maxLength: 6 }) }),
  fc.record({ timed: fc.constant(false), language: maybe(text), fullText: text }),
);
const itemArb = fc.record({
  platform: fc.constantFrom('videosite', 'tweetsite'),
  url: fc.oneof(fc.constant(null), fc.constant('javascript:alert(1)'), text, fc.constant('https://example.com/a b(c)<d>')),
  title: maybe(text),
  text: maybe(text),
  authorName: maybe(text),
  authorHandle: maybe(text),
  publishedAt: fc.oneof(fc.constant(null), fc.constant('2026-01-03T23:30:00.000Z'), text),
  publishedText: maybe(text),
  views: maybe(fc.integer({ min: -5, max: 1_000_000 })),
  tags: fc.array(
    text.filter((t) => t.trim() !== ''),
    { maxLength: 3 },
  ),
  note: maybe(text.filter((t) => t !== '')),
  transcript: maybe(transcript),
});
const libraryArb = fc.array(itemArb, { minLength: 1, maxLength: 4 });
type Generated = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// A library holding the generated items, through the real ingest path

function buildLibrary(items: Generated[]): { db: Database; ids: number[] } {
  const db = openDatabase({ path: ':memory:' });
  const ingest = createIngester(db, stubNormalise);
  const normalised: NormalisedItem[] = items.map((g, i) =>
    item({
      nativeId: `n${i}`,
      platform: g.platform,
      kind: g.platform === 'videosite' ? 'video' : 'post',
      // Items sharing a web address are one item to ingest; a suffix keeps them apart.
      url: g.url === null || i === 0 ? g.url : `${g.url}?n=${i}`,
      title: g.title,
      text: g.text,
      author: { name: g.authorName, handle: g.authorHandle, id: null, url: null },
      publishedAt: g.publishedAt,
      publishedText: g.publishedText,
      metrics: { views: g.views, likes: null, comments: null, reposts: null, shares: null, followers: null },
    }),
  );
  const ids = ingest(
    fakeResponse('videosite/search', { items: normalised }, { requestId: '=req+1', fetchedAt: '2026-01-02T08:00:00.000Z' }),
  ).itemIds;
  items.forEach((g, i) => {
    // Written as the collections repository writes them (well-formed), without its length and line checks.
    for (const tag of g.tags)
      db.prepare('INSERT OR IGNORE INTO tags (item_id, collection_id, tag) VALUES (?, 0, ?)').run(ids[i], wellFormed(tag));
    if (g.note !== null)
      db.prepare("INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (?, 0, ?, '2026-01-05T00:00:00.000Z')").run(
        ids[i],
        wellFormed(g.note),
      );
    if (g.platform !== 'videosite' || g.transcript === null) return;
    const t = g.transcript;
    const stored: NormalisedTranscript = t.timed
      ? {
          nativeId: `n${i}`,
          url: null,
          kind: null,
          language: t.language,
          available: true,
          format: 'segments',
          fullText: null,
          segments: t.segments,
        }
      : {
          nativeId: `n${i}`,
          url: null,
          kind: null,
          language: t.language,
          available: true,
          format: 'text',
          fullText: t.fullText,
          segments: [],
        };
    ingest(
      fakeResponse('videosite/transcript', { transcripts: [stored] }, { requestId: `req_t${i}`, fetchedAt: '2026-01-02T08:30:00.000Z' }),
    );
  });
  return { db, ids };
}

let runCounter = 0;
async function exportAll(
  db: Database,
  format: ExportFormat,
  transcripts: boolean,
): Promise<{ path: string; files: string[] } | { error: string }> {
  runCounter += 1;
  const path = join(root, `run-${runCounter}.${format}`);
  try {
    const result = await runExport({
      library: db,
      request: { scope: { kind: 'all' }, format, transcripts, manifest: false },
      outPath: path,
      now: () => new Date('2026-01-06T07:08:09.000Z'),
      appVersion: '0.0.0-test',
      timeZone: 'Europe/Berlin',
    });
    return { path, files: result.files.map((file) => join(result.baseDir, file.path)) };
  } catch (error) {
    if (isGleanerError(error)) return { error: error.code };
    throw error;
  }
}

interface StoredItem {
  id: number;
  title: string | null;
  text: string | null;
  author_name: string | null;
  author_handle: string | null;
  published_text: string | null;
  native_id: string;
  views: number | null;
}

// ---------------------------------------------------------------------------------------------
// Markdown: where platform text may appear, and what it may look like there

/** Platform text as the Markdown exporter must leave it: every special character escaped. */
function expectInert(fragment: string, where: string): void {
  const bare = fragment.replace(/\\[\s\S]/g, '');
  expect(bare, `${where}: unescaped Markdown in ${JSON.stringify(fragment.slice(0, 200))}`).not.toMatch(/[\\`*_[\]<>|~&!]/);
}
const unescapeMarkdown = (fragment: string): string => fragment.replace(/\\([\s\S])/g, '$1');

/** Where GFM would make a link of bare text (an autolink literal): a scheme's `://`, `www.`, an address's `@`. */
const AUTOLINK_LITERAL = /:\/\/|(?<![A-Za-z0-9])www\.|[A-Za-z0-9.+\-_]@/i;
/** Platform text in which no backslash-escape breaks an autolink literal. */
function expectNoAutolink(fragment: string, where: string): void {
  // An escaped character stands for none of the pattern's characters.
  const bare = fragment.replace(/\\[\s\S]/g, ' ');
  expect(bare, `${where}: a link GFM would make of ${JSON.stringify(fragment.slice(0, 200))}`).not.toMatch(AUTOLINK_LITERAL);
}

/**
 * Lines Gleaner writes itself, with the platform text they carry (group "p", possibly several;
 * "link" for the text of Gleaner's own link, where no autolink can start).
 */
const MARKDOWN_TEMPLATES: RegExp[] = [
  /^# Gleaner export: (?<p>.*)$/s,
  /^(?:Items|Transcripts), exported \S+ with Gleaner \S+\. Times are UTC\.$/s,
  /^## \d+\. (?<p>.*)$/s,
  /^## Sources$/s,
  /^### Transcript(?:: (?<p>.*))?$/s,
  /^- Source: (?:\[(?<link>.*)\]\(https:\/\/[^\s()<>]+\)|no web address on record)$/s,
  /^- Platform: (?<p>.*)$/s,
  /^- Author: (?<p>.*)$/s,
  /^- Published: (?:\d{4}-\d\d-\d\dT[\d:.]+Z|(?<p>.*) \(as shown on the platform at \d{4}-\d\d-\d\dT[\d:.]+Z\))$/s,
  /^- Fetched: (?<p>.*)$/s,
  /^- Tags: (?<p>.*)$/s,
  /^\*\*Note:\*\*$/s,
  /^_Fetched (?<p>.*)\._$/s,
  /^(?:\[\d+:\d\d:\d\d\]\(https:\/\/[^\s()<>]+\)|\\\[\d+:\d\d:\d\d\\\]) (?<p>.*)$/s,
  /^\d+\. (?<p>.*)\. (?:\[.*\]\(https:\/\/[^\s()<>]+\)|no web address on record)\. Fetched (?<q>.*)\.$/s,
];

function checkMarkdown(markdown: string, items: StoredItem[]): void {
  const lines = markdown.split('\n');
  let paragraphs = '';
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    // A run of # after a space at the end of a heading would be its closing sequence, and vanish.
    if (line.startsWith('#')) expect(line, `line ${index + 1} loses its closing hashes`).not.toMatch(/[ \t]#+$/);
    const template = MARKDOWN_TEMPLATES.map((pattern) => pattern.exec(line)).find(Boolean);
    if (template) {
      for (const [name, part] of Object.entries(template.groups ?? {})) {
        if (part === undefined) continue;
        expectInert(part.replace(/, /g, ''), `line ${index + 1}`);
        if (name !== 'link') expectNoAutolink(part, `line ${index + 1}`);
      }
      continue;
    }
    // Anything else is a line of platform text in a paragraph: it cannot start a block.
    expect(line, `line ${index + 1} starts a block`).not.toMatch(/^(?:\s|#|[-+*=>_~`|<]|\d{1,9}[.)])/);
    const hardBreak = /(?<!\\)(?:\\\\)*\\$/.test(line);
    const body = hardBreak ? line.slice(0, -1) : line;
    expectInert(body, `line ${index + 1}`);
    expectNoAutolink(body, `line ${index + 1}`);
    paragraphs += unescapeMarkdown(body);
  }
  // Every item's own text is there in full (line breaks and control characters aside).
  for (const stored of items) if (stored.text) expect(squeeze(paragraphs)).toContain(squeeze(forReaders(stored.text)));
  expectNoReordering(markdown, 'Markdown');
  expect(lines.filter((line) => line.startsWith('## ') && line !== '## Sources').length).toBeLessThanOrEqual(items.length);
}

// ---------------------------------------------------------------------------------------------

describe('the exporters over arbitrary platform content', () => {
  it(
    'write every format, and each parses back to the stored data in its own grammar',
    async () => {
      let withTranscripts = 0;
      await fc.assert(
        fc.asyncProperty(libraryArb, async (generated) => {
          const { db, ids } = buildLibrary(generated);
          try {
            const rows = db
              .prepare('SELECT id, title, text, author_name, author_handle, published_text, native_id, views FROM items ORDER BY id')
              .all() as StoredItem[];
            expect(rows.map((row) => row.id)).toEqual(ids);
            // What was stored is what was given, lone surrogates aside.
            rows.forEach((row, i) => {
              expect(row.title).toBe(generated[i]!.title === null ? null : stored(generated[i]!.title!));
              expect(row.text).toBe(generated[i]!.text === null ? null : stored(generated[i]!.text!));
            });

            // JSON and JSON Lines: the same values, parsed back.
            const json = await exportAll(db, 'json', false);
            if ('error' in json) throw new Error(json.error);
            const doc = JSON.parse(readFileSync(json.path, 'utf8')) as { items: Record<string, unknown>[] };
            expect(doc.items.map((record) => record.id)).toEqual(ids);
            doc.items.forEach((record, i) => {
              const row = rows[i]!;
              expect(record).toMatchObject({
                title: row.title,
                text: row.text,
                native_id: row.native_id,
                published_text: row.published_text,
                author: { name: row.author_name, handle: row.author_handle },
              });
              expect((record.metrics as { views: number | null }).views).toBe(row.views);
              const tags = (record.tags as string[]).map((tag) => tag.toLowerCase()).sort();
              expect(tags).toEqual([...new Set(generated[i]!.tags.map((tag) => stored(tag).toLowerCase()))].sort());
              expect(record.notes).toEqual(generated[i]!.note === null ? [] : [{ collection: null, body: stored(generated[i]!.note!) }]);
              const url = (record.citation as { url: string | null }).url;
              if (url !== null) expect(url).toMatch(/^https:\/\//);
            });
            const jsonl = await exportAll(db, 'jsonl', false);
            if ('error' in jsonl) throw new Error(jsonl.error);
            const lines = readFileSync(jsonl.path, 'utf8').split('\n');
            expect(lines.pop()).toBe('');
            expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(doc.items);

            // CSV: parses back to the stored text, with formula-like cells neutralised.
            const csv = await exportAll(db, 'csv', false);
            if ('error' in csv) throw new Error(csv.error);
            const records = parse(readFileSync(csv.path, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
            expect(records.length).toBe(rows.length);
            // A spreadsheet that splits on semicolons and tabs as well reads the same cells.
            expect(parse(readFileSync(csv.path, 'utf8'), { bom: true, columns: true, delimiter: [',', ';', '\t'] })).toEqual(records);
            records.forEach((record, i) => {
              const row = rows[i]!;
              const exported = doc.items[i]!;
              expect(record.id).toBe(String(row.id));
              expect(record.title).toBe(neutralised(row.title));
              expect(record.text).toBe(neutralised(row.text));
              expect(record.author_name).toBe(neutralised(row.author_name));
              expect(record.author_handle).toBe(neutralised(row.author_handle));
              expect(record.published_text).toBe(neutralised(row.published_text));
              expect(record.views).toBe(row.views === null ? '' : neutralised(String(row.views)));
              expect(record.tags).toBe(neutralised((exported.tags as string[]).join('; ')));
              expect(record.request_id).toBe("'=req+1");
              for (const [column, cell] of Object.entries(record)) expect(cell, column).not.toMatch(FORMULA_START);
            });

            // Markdown: structure only from Gleaner, platform text escaped and whole.
            const md = await exportAll(db, 'md', false);
            if ('error' in md) throw new Error(md.error);
            checkMarkdown(readFileSync(md.path, 'utf8'), rows);

            // Transcripts, where there are any.
            const timedSegments = db.prepare('SELECT count(*) FROM transcript_segments').pluck().get() as number;
            const transcriptCount = db.prepare('SELECT count(*) FROM transcripts WHERE available = 1').pluck().get() as number;
            for (const format of ['csv', 'md', 'json', 'jsonl', 'srt', 'vtt', 'txt'] as const) {
              const out = await exportAll(db, format, true);
              if (transcriptCount === 0) {
                expect(out).toEqual({ error: 'NOT_FOUND' });
                continue;
              }
              if ('error' in out) {
                // Only a subtitle export that finds no timed segment says so.
                expect([out.error, format, timedSegments]).toEqual(['NOT_FOUND', expect.stringMatching(/^(srt|vtt)$/), 0]);
                continue;
              }
              // A subtitle export that succeeds has written cues.
              if (format === 'srt' || format === 'vtt') expect(out.files.length).toBeGreaterThan(0);
              checkTranscriptFiles(format, out.files, db, timedSegments);
            }
            if (timedSegments > 0) withTranscripts += 1;
          } finally {
            db.close();
          }
        }),
        { numRuns: SIZES.exporterRuns },
      );
      // The generator reaches the transcript exporters, not only the item exporters.
      expect(withTranscripts).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});

interface StoredSegment {
  transcript_id: number;
  seq: number;
  start_ms: number;
  end_ms: number | null;
  text: string;
}

function checkTranscriptFiles(format: ExportFormat, files: string[], db: Database, timedSegments: number): void {
  const segments = db
    .prepare('SELECT transcript_id, seq, start_ms, end_ms, text FROM transcript_segments ORDER BY transcript_id, seq')
    .all() as StoredSegment[];
  const read = (file: string) => readFileSync(file, 'utf8');
  switch (format) {
    case 'csv': {
      const records = parse(read(files[0]!), { bom: true, columns: true }) as Record<string, string>[];
      // One row per timed segment, and one per untimed transcript (its whole text).
      const untimed = db
        .prepare(
          'SELECT full_text FROM transcripts t WHERE available = 1 AND NOT EXISTS (SELECT 1 FROM transcript_segments g WHERE g.transcript_id = t.id)',
        )
        .pluck()
        .all() as (string | null)[];
      expect(records.length).toBe(timedSegments + untimed.length);
      const texts = records.map((record) => record.text).sort();
      expect(texts).toEqual([...segments.map((s) => neutralised(s.text)), ...untimed.map((text) => neutralised(text ?? ''))].sort());
      for (const record of records) for (const [column, cell] of Object.entries(record)) expect(cell, column).not.toMatch(FORMULA_START);
      return;
    }
    case 'json': {
      const doc = JSON.parse(read(files[0]!)) as { items: { transcripts: { segments: { text: string }[] }[] }[] };
      const texts = doc.items.flatMap((i) => i.transcripts.flatMap((t) => t.segments.map((s) => s.text))).sort();
      expect(texts).toEqual(segments.map((s) => s.text).sort());
      return;
    }
    case 'jsonl': {
      const items = read(files[0]!)
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { transcripts: { segments: { text: string }[] }[] });
      expect(items.flatMap((i) => i.transcripts.flatMap((t) => t.segments.map((s) => s.text))).sort()).toEqual(
        segments.map((s) => s.text).sort(),
      );
      return;
    }
    case 'md': {
      const items = db
        .prepare('SELECT id, title, NULL AS text, author_name, author_handle, published_text, native_id, views FROM items')
        .all() as StoredItem[];
      const markdown = read(files[0]!);
      checkMarkdown(markdown, items);
      // Each segment's text is in its timestamped paragraph.
      const stamped = markdown.split('\n').filter((line) => /^(?:\[\d+:\d\d:\d\d\]\(|\\\[\d+:\d\d:\d\d\\\] )/.test(line));
      expect(stamped.length).toBe(timedSegments);
      return;
    }
    case 'srt':
    case 'vtt':
    case 'txt': {
      let cues = 0;
      for (const file of files) {
        const body = read(file);
        expectNoReordering(body, format);
        if (format === 'txt') {
          cues += body.split('\n').filter((line) => /^\[\d+:\d\d:\d\d\] /.test(line)).length;
          // eslint-disable-next-line no-control-regex -- plain text holds no control characters but line breaks
          expect(body).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
          continue;
        }
        if (format === 'vtt') expect(body.startsWith('WEBVTT\n'), 'the WebVTT header').toBe(true);
        const parsed =
          format === 'srt'
            ? new srtParser2().fromSrt(body).map((cue) => ({ id: cue.id, start: cue.startSeconds, end: cue.endSeconds }))
            : (() => {
                const result = new WebVTTParser().parse(body);
                expect(result.errors, body.slice(0, 2000)).toEqual([]);
                return result.cues.map((cue) => ({ id: cue.id, start: cue.startTime, end: cue.endTime }));
              })();
        // SRT's grammar, checked block by block as well (srt-parser-2 is forgiving).
        if (format === 'srt') {
          const blocks = body.split('\r\n\r\n').filter((block) => block !== '');
          expect(blocks.length).toBe(parsed.length);
          blocks.forEach((block, i) =>
            expect(block).toMatch(
              new RegExp(
                `^${i + 1}\\r\\n\\d\\d:\\d\\d:\\d\\d,\\d{3} --> \\d\\d:\\d\\d:\\d\\d,\\d{3}\\r\\n(?:[^\\r\\n]+\\r\\n)*[^\\r\\n]+$`,
              ),
            ),
          );
        }
        // webvtt-parser lists cues by start time; the file's own order is by number.
        parsed.sort((a, b) => Number(a.id) - Number(b.id));
        parsed.forEach((cue, i) => {
          expect(cue.id).toBe(String(i + 1));
          expect(cue.end).toBeGreaterThan(cue.start);
          if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(parsed[i - 1]!.start);
        });
        cues += parsed.length;
      }
      expect(cues).toBe(timedSegments);
      return;
    }
  }
}

describe(`the exporters given a ${FULL ? '2 MB' : '256 kB'} title`, () => {
  it(
    'write every format whole',
    async () => {
      const title = `=${'\uD800x<b>#'.repeat(FULL ? 400_000 : 50_000)}`;
      const { db } = buildLibrary([
        {
          platform: 'videosite',
          url: null,
          title,
          text: title,
          authorName: null,
          authorHandle: null,
          publishedAt: null,
          publishedText: null,
          views: null,
          tags: [],
          note: null,
          transcript: { timed: true, language: null, segments: [{ startMs: 0, endMs: null, text: title }] },
        },
      ]);
      try {
        const csv = await exportAll(db, 'csv', false);
        if ('error' in csv) throw new Error(csv.error);
        const [record] = parse(readFileSync(csv.path, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
        expect(record!.title).toBe(neutralised(stored(title)));
        for (const format of ['md', 'json', 'jsonl'] as const) {
          const out = await exportAll(db, format, false);
          if ('error' in out) throw new Error(out.error);
          expect(readFileSync(out.path, 'utf8').length).toBeGreaterThan(title.length);
        }
        for (const format of ['srt', 'vtt', 'txt'] as const) {
          const out = await exportAll(db, format, true);
          if ('error' in out) throw new Error(out.error);
          expect(readdirSync(out.path).length).toBe(1);
          checkTranscriptFiles(format, out.files, db, 1);
        }
      } finally {
        db.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
