/**
 * The demo mark, end to end through a real core: items fetched from the built-in demo service
 * carry it into the library, every citation style, every export format and the custody log;
 * items fetched from a real service (here the demo service run as an ordinary external service
 * that does not declare its answers invented, as a real service's do not) carry none of it.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import { CITATION_STYLES, citeItem } from '../../../src/shared/citation';
import type { CustodyEntry } from '../../../src/shared/custody';
import type { ExportFormat, ExportRequest } from '../../../src/shared/export';
import type { ItemDetail, SearchResult } from '../../../src/shared/library';
import { createMemorySigningKeyStore } from '../../../src/main/core/secrets/signing-key-store';
import { DEMO_SENTENCE, DEMO_WORDS } from '../../../src/shared/demo';
import { createTestCore, type TestCore } from '../../helpers/core';

const realFetch = globalThis.fetch.bind(globalThis);
let testCore: TestCore;
let realService: DemoService;
/** An item fetched on the built-in demo, with a timed transcript; one fetched from the real service, with one too. */
let demoId: number;
let realId: number;

async function call<T>(method: string, input: unknown): Promise<T> {
  const envelope = (await testCore.core.dispatch(method as never, input as never)) as { ok: boolean; value?: T; error?: unknown };
  if (!envelope.ok) throw new Error(`${method}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as T;
}

/** A video with a timed English transcript on this service: its details, then its transcript. */
async function videoWithTranscript(prefix: string): Promise<number> {
  for (let n = 0; n < 40; n += 1) {
    const url = `https://www.youtube.com/watch?v=${prefix}${String(n).padStart(3, '0')}`;
    const video = await call<{ itemIds: number[] }>('service.call', { operation: 'videosite/video', params: { url } });
    await call('service.call', { operation: 'videosite/transcript', params: { url, language: 'en' } });
    const detail = await call<ItemDetail>('items.get', { id: video.itemIds[0] });
    if (detail.transcripts.some((t) => t.available && t.segments.length > 0)) return detail.item.id;
  }
  throw new Error('no video with a timed transcript among the samples');
}

beforeAll(async () => {
  testCore = createTestCore({ fetch: realFetch, signingKeys: createMemorySigningKeyStore() });
  demoId = await videoWithTranscript('demoMark');
  await call('service.call', { operation: 'videosite/search', params: { query: 'flood' }, collection: 'Story' });
  // The real service: another address, its own token, answers that do not say they are invented.
  realService = await startDemoService({ port: 0, seed: 'a real service', declaresDemo: false });
  await call('settings.set', { key: 'base-url', value: realService.url });
  await call('token.set', { token: realService.teams.find((t) => t.plan === 'team')!.token });
  realId = await videoWithTranscript('realMark');
  await call('collections.add', { name: 'Story', itemIds: [realId, demoId] });
}, 120_000);

afterAll(async () => {
  await testCore?.dispose();
  await realService?.close();
});

describe('the library', () => {
  it('marks a demo item, and only it, in search rows, collection rows, detail and provenance', async () => {
    const hits = (await call<SearchResult>('library.search', { ids: [demoId, realId] })).hits;
    expect(hits.find((hit) => hit.id === demoId)?.demo).toBe(true);
    expect(hits.find((hit) => hit.id === realId)?.demo).toBe(false);
    const rows = (await call<{ items: { id: number; demo: boolean }[] }>('collections.items', { name: 'Story' })).items;
    expect(rows.find((row) => row.id === demoId)?.demo).toBe(true);
    expect(rows.find((row) => row.id === realId)?.demo).toBe(false);
    const demo = await call<ItemDetail>('items.get', { id: demoId });
    const real = await call<ItemDetail>('items.get', { id: realId });
    expect(demo.item.demo).toBe(true);
    expect(demo.citation.demo).toBe(true);
    expect(demo.provenance.every((p) => p.demo)).toBe(true);
    expect(real.item.demo).toBe(false);
    expect(real.citation.demo).toBeUndefined();
    expect(real.provenance.some((p) => p.demo)).toBe(false);
  });

  it('keeps an item demo once a demo answer brought it, whatever real answer brings it again', async () => {
    // The real service answers for the demo item's own link: the item is read from both now.
    const url = (await call<ItemDetail>('items.get', { id: demoId })).item.url!;
    await call('service.call', { operation: 'videosite/video', params: { url } });
    const mixed = await call<ItemDetail>('items.get', { id: demoId });
    expect(mixed.provenance.map((p) => p.demo)).toContain(false);
    expect(mixed.item.demo).toBe(true);
  });

  it('never changes the raw answer, its hash or its request id', async () => {
    const detail = await call<ItemDetail>('items.get', { id: demoId });
    const first = detail.provenance[0]!;
    const raw = await call<{ body: string; sha256: string; requestId: string }>('items.raw', { responseId: first.responseId });
    expect(raw.requestId).toBe(first.requestId);
    expect(raw.sha256).toBe(first.sha256);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(raw.body, 'utf8').digest('hex')).toBe(first.sha256);
    expect((JSON.parse(raw.body) as { meta: { demo?: unknown } }).meta.demo).toBe(true);
  });
});

describe('citations', () => {
  it.each(CITATION_STYLES)('%s: a demo item’s reference says it is demo data, a real item’s does not', async (style) => {
    const demo = await call<ItemDetail>('items.get', { id: demoId });
    const real = await call<ItemDetail>('items.get', { id: realId });
    expect(citeItem(demo.item, demo.citation, style)).toContain(DEMO_SENTENCE);
    expect(citeItem(real.item, real.citation, style)).not.toMatch(/demo/i);
  });
});

async function exported(format: ExportFormat, id: number, transcripts = false): Promise<{ path: string; text: string }> {
  const dir = join(testCore.dataDir, `out-${format}-${id}-${transcripts}`);
  mkdirSync(dir);
  // The English transcript alone: a subtitle file holds one.
  const request: ExportRequest = {
    scope: { kind: 'item', id },
    format,
    transcripts,
    manifest: false,
    ...(transcripts ? { language: 'en' } : {}),
  };
  const result = await testCore.core.exportToFile(request, join(dir, `item.${format === 'csv-data' ? 'csv' : format}`));
  const file = result.files[0]!.path;
  return { path: file, text: format === 'xlsx' ? '' : readFileSync(join(result.baseDir, file), 'utf8') };
}

/** The value of column `name` in the first data row of a CSV. */
function csvColumn(text: string, name: string): string {
  const [header, row] = parse(text.replace(/^\uFEFF/, '')) as string[][];
  return row![header!.indexOf(name)]!;
}

describe('exports', () => {
  it.each(['csv', 'csv-data'] as const)('%s: a demo column, true for a demo item and false for a real one', async (format) => {
    expect(csvColumn((await exported(format, demoId)).text, 'demo')).toBe('true');
    expect(csvColumn((await exported(format, realId)).text, 'demo')).toBe('false');
    // A transcript's rows carry it too.
    const header = (await exported(format, demoId, true)).text.split('\r\n')[0]!.split(',');
    expect(header).toContain('demo');
  });

  it('xlsx: a demo column, true for a demo item and false for a real one', async () => {
    const demoColumn = async (id: number) => {
      const dir = join(testCore.dataDir, `out-xlsx-${id}`);
      mkdirSync(dir);
      const result = await testCore.core.exportToFile(
        { scope: { kind: 'item', id }, format: 'xlsx', transcripts: false, manifest: false },
        join(dir, 'item.xlsx'),
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(join(result.baseDir, result.files[0]!.path));
      const sheet = book.worksheets[0]!;
      const names = (sheet.getRow(1).values as unknown[]).slice(1);
      return sheet.getRow(2).getCell(names.indexOf('demo') + 1).value;
    };
    expect(await demoColumn(demoId)).toBe(true);
    expect(await demoColumn(realId)).toBe(false);
  });

  it.each(['json', 'jsonl'] as const)('%s: a demo field', async (format) => {
    const record = (text: string) => {
      const parsed = JSON.parse(format === 'json' ? text : text.split('\n')[0]!) as { items?: { demo: unknown }[]; demo?: unknown };
      return format === 'json' ? parsed.items![0]! : parsed;
    };
    expect(record((await exported(format, demoId)).text).demo).toBe(true);
    expect(record((await exported(format, realId)).text).demo).toBe(false);
  });

  it('md: a line under the demo item’s heading, and its source says so; none for a real item', async () => {
    const demo = (await exported('md', demoId)).text;
    expect(demo).toContain(`- **${DEMO_SENTENCE}**`);
    expect(demo.split('## Sources')[1]).toContain(DEMO_SENTENCE);
    expect((await exported('md', realId)).text).not.toMatch(/demo/i);
  });

  it('txt: a line in the transcript’s header', async () => {
    expect((await exported('txt', demoId, true)).text.split('\n').slice(0, 3)).toContain(DEMO_SENTENCE);
    expect((await exported('txt', realId, true)).text).not.toMatch(/demo/i);
  });

  it('vtt: a line in the NOTE', async () => {
    const demo = (await exported('vtt', demoId, true)).text;
    expect(demo).toMatch(new RegExp(`^WEBVTT\\n\\nNOTE\\n${DEMO_SENTENCE}\\n`));
    expect((await exported('vtt', realId, true)).text).not.toMatch(/demo/i);
  });

  it('srt: no comments, so the file is named …-demo.srt', async () => {
    const demo = await exported('srt', demoId, true);
    expect(demo.path).toBe('item-demo.srt');
    expect(readdirSync(join(testCore.dataDir, `out-srt-${demoId}-true`))).toEqual(['item-demo.srt']);
    expect((await exported('srt', realId, true)).path).toBe('item.srt');
    // One file per transcript: the demo item's file says so in its name, the real item's does not.
    const dir = join(testCore.dataDir, 'out-srt-folder');
    const folder = await testCore.core.exportToFile(
      { scope: { kind: 'items', ids: [demoId, realId] }, format: 'srt', transcripts: true, manifest: false, language: 'en' },
      dir,
    );
    const names = folder.files.map((file) => file.path.split('/').pop()!);
    expect(names.filter((name) => name.startsWith(`${demoId}-`))).toEqual([expect.stringMatching(/-demo\.srt$/)]);
    expect(names.filter((name) => name.startsWith(`${realId}-`))).toEqual([expect.not.stringMatching(/demo/)]);
  });
});

describe('custody', () => {
  it('says which fetches brought demo data and which exports held it', async () => {
    const entries: CustodyEntry[] = [];
    let beforeSeq: number | undefined;
    for (;;) {
      const page = await call<{ entries: CustodyEntry[] }>('custody.list', { limit: 500, ...(beforeSeq ? { beforeSeq } : {}) });
      entries.push(...page.entries);
      if (page.entries.length < 500) break;
      beforeSeq = Math.min(...page.entries.map((entry) => entry.seq));
    }
    const fetches = entries.filter((entry) => entry.kind === 'fetch');
    const realBase = realService.url;
    const isDemoFetch = (entry: CustodyEntry) => entry.subject.demo === true;
    expect(fetches.some(isDemoFetch)).toBe(true);
    expect(fetches.some((entry) => !isDemoFetch(entry))).toBe(true);
    expect(realBase).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const exportsOf = (id: number) => entries.filter((entry) => entry.kind === 'export' && entry.subject.itemId === id);
    expect(exportsOf(demoId).every((entry) => entry.subject.demo === true)).toBe(true);
    expect(exportsOf(realId).some((entry) => 'demo' in entry.subject)).toBe(false);
  });
});

describe('case bundles', () => {
  async function bundleOf(id: number): Promise<{ path: string; files: Record<string, string> }> {
    const path = join(testCore.dataDir, `bundle-${id}.zip`);
    await testCore.core.bundles.create({ scope: { kind: 'item', id } }, path);
    const files = Object.fromEntries(
      Object.entries(unzipSync(readFileSync(path))).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
    );
    return { path, files };
  }

  it('made from a demo item, says so in README.txt, datapackage.json, its indexes and bundle verify’s report', async () => {
    const { path, files } = await bundleOf(demoId);
    expect(files['README.txt']!.split('\n').slice(0, 3).join(' ')).toContain(`DEMO DATA: 1 item and`);
    expect(files['README.txt']).toContain(DEMO_WORDS.split(',')[0]);
    expect((JSON.parse(files['datapackage.json']!) as { gleaner: { demo: unknown } }).gleaner.demo).toBe(true);
    expect((JSON.parse(files['items.json']!) as { demo: unknown }[]).map((item) => item.demo)).toEqual([true]);
    // The item was read again from the real service above: its answers say which of them are demo data.
    const answers = (JSON.parse(files['answers.json']!) as { demo: unknown }[]).map((answer) => answer.demo);
    expect(answers).toContain(true);
    expect(answers).toContain(false);
    const report = await testCore.core.bundles.verify(path);
    expect(report.ok).toBe(true);
    expect(report.demo).toMatchObject({ items: 1, answers: answers.filter((demo) => demo === true).length });
    expect(report.demo?.note).toContain(`are ${DEMO_WORDS}.`);
  });

  it('made from a real item, says nothing of demo data anywhere', async () => {
    const { path, files } = await bundleOf(realId);
    expect(files['README.txt']).not.toMatch(/demo/i);
    expect((JSON.parse(files['datapackage.json']!) as { gleaner: { demo: unknown } }).gleaner.demo).toBe(false);
    expect((JSON.parse(files['items.json']!) as { demo: unknown }[]).map((item) => item.demo)).toEqual([false]);
    const report = await testCore.core.bundles.verify(path);
    expect(report).toMatchObject({ ok: true, demo: null });
  });

  it('brought into another library, keeps the mark on the demo item and puts none on the real one', async () => {
    const demoBundle = (await bundleOf(demoId)).path;
    const realBundle = (await bundleOf(realId)).path;
    const other = createTestCore({ fetch: realFetch, signingKeys: createMemorySigningKeyStore() });
    try {
      await other.core.bundles.importBundle(demoBundle);
      await other.core.bundles.importBundle(realBundle);
      const hits = ((await other.core.dispatch('library.search', {})) as { value: SearchResult }).value.hits;
      expect(hits.map((hit) => hit.demo).sort()).toEqual([false, true]);
    } finally {
      await other.dispose();
    }
  });
});
