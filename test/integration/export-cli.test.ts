/**
 * `gleaner export` as a user runs it: a demo collection with transcripts, exported to every
 * format, each file checked in the way its users' tools would read it, and the token nowhere.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import srtParser2 from 'srt-parser-2';
import { WebVTTParser } from 'webvtt-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';

let demo: RunningDemo;
let dataDir: string;
let outDir: string;
let token: string;
let env: Record<string, string>;

const gleaner = (...args: string[]) => runGleaner([...args, '--data-dir', dataDir], { env });

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'export-cli']);
  token = demo.teams.find((t) => t.plan === 'team')!.token;
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-export-cli-'));
  outDir = join(dataDir, 'out');
  mkdirSync(outDir);
  env = { GLEANER_TOKEN: token, TZ: 'UTC' };
  expect((await gleaner('config', 'set', 'base-url', demo.url)).code).toBe(0);
  await gleaner('config', 'set', 'plan', 'team');
  const search = await gleaner('call', 'videosite', 'search', 'query=flood defences', '--collection', 'Story', '--json');
  expect(search.code, search.stderr).toBe(0);
  const found = JSON.parse(search.stdout) as { items: { id: number; url: string; kind: string }[] };
  const videos = found.items.filter((item) => item.kind === 'video').slice(0, 2);
  for (const video of videos) {
    const transcript = await gleaner('call', 'videosite', 'transcript', `url=${video.url}`, 'language=en', '--collection', 'Story');
    expect(transcript.code, transcript.stderr).toBe(0);
  }
}, 90_000);

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('gleaner export', () => {
  it('writes a CSV of items that opens with the right columns and no formula cells', async () => {
    const out = join(outDir, 'story.csv');
    const run = await gleaner('export', '--collection', 'Story', '--format', 'csv', '--out', out, '--json');
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as { out: string; items: number; files: { path: string }[] };
    expect(summary).toMatchObject({ out, files: [{ path: 'story.csv' }] });
    const rows = parse(readFileSync(out, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(summary.items);
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['id', 'url', 'title', 'published_at_utc', 'published_local', 'fetched_at_utc', 'operation', 'request_id']),
    );
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
  });

  it('writes transcripts to CSV, Markdown and JSON with a manifest whose hashes match', async () => {
    for (const format of ['csv', 'md', 'json', 'jsonl']) {
      const folder = join(outDir, `t-${format}`);
      mkdirSync(folder);
      const out = join(folder, `story.${format}`);
      const run = await gleaner('export', '--collection', 'Story', '--format', format, '--transcripts', '--manifest', '--out', out);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Exported 2 transcripts/);
      const [digest, name] = readFileSync(join(folder, 'manifest.sha256'), 'utf8').trimEnd().split('  ');
      expect(name).toBe(`story.${format}`);
      expect(createHash('sha256').update(readFileSync(out)).digest('hex')).toBe(digest);
    }
    const markdown = readFileSync(join(outDir, 't-md', 'story.md'), 'utf8');
    expect(markdown).toMatch(/\[0:00:00\]\(https:\/\/www\.youtube\.com\/watch\?v=[\w-]+&t=0s\)/);
    expect(markdown).toMatch(/\n## Sources\n\n1\. /);
    const json = JSON.parse(readFileSync(join(outDir, 't-json', 'story.json'), 'utf8')) as {
      items: { transcripts: { segments: unknown[] }[] }[];
    };
    expect(json.items).toHaveLength(2);
  });

  it('writes a folder of valid SRT and WebVTT files, one per transcript', async () => {
    for (const format of ['srt', 'vtt']) {
      const out = join(outDir, `subs-${format}`);
      const run = await gleaner('export', '--collection', 'Story', '--format', format, '--manifest', '--out', out);
      expect(run.code, run.stderr).toBe(0);
      const files = readdirSync(out);
      expect(files).toHaveLength(2);
      for (const file of files) {
        const text = readFileSync(join(out, file), 'utf8');
        const cues =
          format === 'vtt'
            ? new WebVTTParser().parse(text, 'metadata').cues.map((cue: { id: string; startTime: number; endTime: number }) => ({
                id: cue.id,
                start: cue.startTime,
                end: cue.endTime,
              }))
            : new srtParser2().fromSrt(text).map((cue) => ({ id: cue.id, start: cue.startSeconds, end: cue.endSeconds }));
        if (format === 'vtt') expect(new WebVTTParser().parse(text, 'metadata').errors).toEqual([]);
        expect(cues.length).toBeGreaterThan(0);
        cues.forEach((cue, index) => {
          expect(cue.id).toBe(String(index + 1));
          expect(cue.end).toBeGreaterThan(cue.start);
          if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.start);
        });
      }
      // This export's two files join the manifest; an earlier export's entries stay.
      const manifest = readFileSync(join(outDir, 'manifest.sha256'), 'utf8').trimEnd().split('\n');
      expect(manifest.filter((line) => line.includes(`  subs-${format}/`))).toHaveLength(2);
      expect(manifest).toHaveLength(format === 'srt' ? 2 : 4);
      for (const line of manifest) {
        const [digest, path] = line.split('  ') as [string, string];
        expect(
          createHash('sha256')
            .update(readFileSync(join(outDir, path)))
            .digest('hex'),
        ).toBe(digest);
      }
    }
  });

  it('never writes the token into an export', async () => {
    const out = join(outDir, 'all.jsonl');
    expect((await gleaner('export', '--all', '--format', 'jsonl', '--transcripts', '--out', out)).code).toBe(0);
    for (const path of [out, join(outDir, 'story.csv'), join(outDir, 't-md', 'story.md')])
      expect(readFileSync(path, 'utf8')).not.toContain(token);
  });

  it('rejects unclear requests with exit status 2 and a one-line error, writing nothing', async () => {
    const out = join(outDir, 'nothing.csv');
    for (const args of [
      ['--format', 'csv', '--out', out],
      ['--all', '--collection', 'Story', '--format', 'csv', '--out', out],
      ['--all', '--format', 'ods', '--out', out],
      ['--all', '--format', 'csv'],
      // A language picks transcripts: asked of an items-only export, it would silently do nothing.
      ['--all', '--format', 'csv', '--language', 'es', '--out', out],
    ]) {
      const run = await gleaner('export', ...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error INVALID_INPUT: .+\n$/);
    }
    // Standard output is not a file: `-` is refused, and no file named "-" appears.
    const dash = await runGleaner(['export', '--all', '--format', 'csv', '--out', '-', '--data-dir', dataDir], { env, cwd: outDir });
    expect([dash.code, dash.stderr]).toEqual([
      2,
      expect.stringMatching(/^error INVALID_INPUT: gleaner export writes files, not standard output/),
    ]);
    expect(existsSync(join(outDir, '-'))).toBe(false);
    const missing = await gleaner('export', '--collection', 'Nope', '--format', 'csv', '--out', out);
    expect(missing.stderr).toBe('error NOT_FOUND: There is no collection named "Nope".\n');
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an --out that would destroy the library, overwrite the manifest or quietly become a file, writing nothing', async () => {
    const database = join(dataDir, 'gleaner.sqlite3');
    const libraryFiles = readdirSync(dataDir).sort();
    for (const out of [database, `${database}-wal`, `${database}-journal`]) {
      const run = await gleaner('export', '--all', '--format', 'csv', '--out', out);
      expect([run.code, run.stderr]).toEqual([
        2,
        expect.stringMatching(
          /^error INVALID_INPUT: .+; writing the export there would destroy the library\. Choose another place to save it, outside the library’s files\.\n$/,
        ),
      ]);
    }
    expect(readdirSync(dataDir).sort()).toEqual(libraryFiles);
    // The library still opens and answers.
    const shown = await gleaner('--json', 'collections', 'show', 'Story');
    expect(shown.code, shown.stderr).toBe(0);
    expect((JSON.parse(shown.stdout) as { items: unknown[] }).items.length).toBeGreaterThan(0);

    const folder = join(outDir, 'refusals');
    mkdirSync(folder);
    const manifest = await gleaner(
      'export',
      '--collection',
      'Story',
      '--format',
      'csv',
      '--manifest',
      '--out',
      join(folder, 'manifest.sha256'),
    );
    expect([manifest.code, manifest.stderr]).toEqual([
      2,
      'error INVALID_INPUT: The manifest is written as manifest.sha256 beside the export, so the export cannot take that name; choose another place to save it.\n',
    ]);
    const slash = await gleaner('export', '--collection', 'Story', '--format', 'csv', '--out', `${join(folder, 'newfolder')}/`);
    expect([slash.code, slash.stderr]).toEqual([
      2,
      `error INVALID_INPUT: ${join(folder, 'newfolder')}/ names a folder (it ends with /), but the csv format writes one file: give the file’s name, such as ${join(folder, 'newfolder')}/export.csv.\n`,
    ]);
    expect(readdirSync(folder)).toEqual([]);
  });

  // Last: it gives one item a second transcript, which the folder exports above do not expect.
  it('finds a transcript by its language’s code or name, however the service spelt the language', async () => {
    const shown = await gleaner('--json', 'collections', 'show', 'Story');
    expect(shown.code, shown.stderr).toBe(0);
    const video = (JSON.parse(shown.stdout) as { items: { id: number; url: string; kind: string }[] }).items.find(
      (item) => item.kind === 'video',
    )!;
    const id = String(video.id);
    // Fetched with language=en; the service named it "English". The video's details bring the same
    // words with no language: still one transcript, in English.
    expect((await gleaner('call', 'videosite', 'video', `url=${video.url}`)).code).toBe(0);
    let show = await gleaner('items', 'show', id);
    expect(show.stdout).toContain('Transcript: English (en)\n');
    expect(show.stdout).not.toContain('language not stated');
    // The demo translates each video into one of these: the one it has is a second transcript.
    for (const language of ['es', 'de', 'fr']) {
      expect((await gleaner('call', 'videosite', 'transcript', `url=${video.url}`, `language=${language}`)).code).toBe(0);
    }
    show = await gleaner('items', 'show', id);
    expect(show.stdout.match(/^Transcript: /gm)?.length).toBeGreaterThanOrEqual(2);
    const both = await gleaner('export', '--item', id, '--format', 'srt', '--out', join(outDir, 'both.srt'));
    expect([both.code, both.stderr]).toEqual([2, expect.stringMatching(/\d transcripts \(.*English \(en\).*\)/)]);
    for (const language of ['en', 'English']) {
      const out = join(outDir, `one-${language}.srt`);
      const run = await gleaner('export', '--item', id, '--format', 'srt', '--language', language, '--out', out);
      expect(run.code, run.stderr).toBe(0);
      // A subtitle file has no place for a note: demo data says so in the file's name, and the CLI names that file.
      const written = out.replace(/\.srt$/, '-demo.srt');
      expect(run.stdout).toContain(`to ${written}.`);
      expect(new srtParser2().fromSrt(readFileSync(written, 'utf8')).length).toBeGreaterThan(0);
    }
  });
});
