/**
 * Libraries written by older Gleaners (schema versions 1 to 4 and 11, kept as SQL dumps in
 * test/fixtures/schemas/, made by make-fixtures.ts there) open in today's Gleaner: the real
 * migrations bring them to the newest version, and every row of every old table is still
 * there, unchanged in every old column but one: a transcript's language takes the library's one
 * spelling ("English" → "en", migration 5). The full-text search finds the old items.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/core/store/database';
import { migrations } from '../../src/main/core/store/migrations';
import { canonicalLanguage } from '../../src/shared/language';
import { approximateDate } from '../../src/shared/relative-date';
import { createTestCore, type TestCore } from '../helpers/core';

const fixture = (version: number) => readFileSync(join(__dirname, '..', 'fixtures', 'schemas', `library-v${version}.sql`), 'utf8');

let dir: string | undefined;
let testCore: TestCore | undefined;
afterEach(async () => {
  await testCore?.dispose();
  testCore = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Every base table of a database (not FTS shadow tables), with its rows as JSON lines. */
function tablesOf(db: BetterSqlite3.Database): Map<string, { columns: string[]; rows: string[] }> {
  const entries = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
    name: string;
    sql: string;
  }[];
  const virtual = entries.filter((e) => /^CREATE VIRTUAL TABLE/i.test(e.sql)).map((e) => e.name);
  const tables = new Map<string, { columns: string[]; rows: string[] }>();
  for (const { name } of entries) {
    if (virtual.includes(name) || virtual.some((v) => name.startsWith(`${v}_`))) continue;
    const columns = db.prepare(`SELECT name FROM pragma_table_info('${name}')`).pluck().all() as string[];
    tables.set(name, { columns, rows: [] });
  }
  return tables;
}

function rowsOf(db: BetterSqlite3.Database, table: string, columns: string[]): string[] {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return (db.prepare(`SELECT ${list} FROM "${table}"`).raw().all() as unknown[][]).map((row) => JSON.stringify(row)).sort();
}

/** An old item as migration 15 leaves it: one dated only in words ("1 year ago") gets an approximate date from its last fetch. */
function datedApproximately(columns: string[], rows: string[]): string[] {
  const [at, text, fetched] = ['published_at', 'published_text', 'last_fetched_at'].map((name) => columns.indexOf(name)) as [
    number,
    number,
    number,
  ];
  return rows
    .map((line) => {
      const row = JSON.parse(line) as unknown[];
      if (row[at] === null) row[at] = approximateDate(row[text] as string | null, row[fetched] as string)?.at ?? null;
      return JSON.stringify(row);
    })
    .sort();
}

/** An old row as migration 5 leaves it: the fixtures hold no item with one language spelt two ways, so no row goes. */
function asMigrated(table: string, columns: string[], rows: string[]): string[] {
  if (table === 'items') return datedApproximately(columns, rows);
  const language = columns.indexOf('language');
  if (table !== 'transcripts' || language < 0) return rows;
  return rows
    .map((line) => {
      const row = JSON.parse(line) as unknown[];
      row[language] = canonicalLanguage(row[language] as string);
      return JSON.stringify(row);
    })
    .sort();
}

describe.each([1, 2, 3, 4, 11])('a library at schema version %i', (version) => {
  it('migrates to the newest schema with every old row intact', () => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-schema-'));
    const path = join(dir, 'gleaner.sqlite3');
    const old = new BetterSqlite3(path);
    old.exec(fixture(version));
    expect(old.pragma('user_version', { simple: true })).toBe(version);
    const before = tablesOf(old);
    for (const [table, info] of before) info.rows = rowsOf(old, table, info.columns);
    const oldRows = [...before.values()].reduce((n, t) => n + t.rows.length, 0);
    expect(oldRows).toBeGreaterThan(version === 1 ? 3 : 300);
    old.close();

    const db = openDatabase({ path });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      for (const [table, info] of before) {
        if (table === 'schema_migrations') continue;
        const now = rowsOf(db, table, info.columns);
        expect(now, `rows of ${table}`).toEqual(asMigrated(table, info.columns, info.rows));
      }
      // The history records the old steps as they were and the new ones after them.
      const history = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(history).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
      expect(db.prepare('SELECT applied_at FROM schema_migrations WHERE version <= ? ORDER BY version').pluck().all(version)).toEqual(
        before.get('schema_migrations')!.rows.map((row) => (JSON.parse(row) as unknown[])[2]),
      );
    } finally {
      db.close();
    }
  });
});

describe.each([4, 11])('an old library (schema %i) in use after the upgrade', (version) => {
  it('keeps settings, finds old items, transcripts and notes, shows old collections, and keeps the queue', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-schema-'));
    const old = new BetterSqlite3(join(dir, 'gleaner.sqlite3'));
    // Its waiting job also fills a second collection (job_collections).
    old.exec(fixture(version));
    const someTitle = old
      .prepare('SELECT title FROM items WHERE title IS NOT NULL AND length(title) > 12 ORDER BY id LIMIT 1')
      .pluck()
      .get() as string;
    const segment = old.prepare('SELECT text FROM transcript_segments ORDER BY id LIMIT 1').pluck().get() as string;
    old.close();

    testCore = createTestCore({ dataDir: dir, databasePath: join(dir, 'gleaner.sqlite3') });
    const { core } = testCore;
    expect(await core.dispatch('settings.get', {})).toMatchObject({
      ok: true,
      value: { plan: 'pro', config: { 'param.videosite.search.query': 'q' } },
    });
    const word = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3)[0]!;
    for (const text of [someTitle, segment, 'phone']) {
      const result = await core.dispatch('library.search', { query: word(text) });
      expect(result.ok && (result.value as { total: number }).total, `search for ${word(text)}`).toBeGreaterThan(0);
    }
    expect(await core.dispatch('collections.items', { name: 'Harbour story' })).toMatchObject({
      ok: true,
      value: { items: { length: 6 } },
    });
    expect(await core.dispatch('tags.list', {})).toMatchObject({ ok: true });
    // The import that was under way is as it was: one done, one failed with its reason, and the
    // one still waiting taken up again (the queue starts with the core), for the same collection.
    const jobs = await core.dispatch('queue.jobs', {});
    const listed = (
      jobs.ok ? (jobs.value as { id: number; operation: string; state: string; collection: string | null; errorCode: string | null }[]) : []
    ).sort((a, b) => a.id - b.id);
    expect(listed.slice(0, 3)).toEqual([
      expect.objectContaining({ state: 'done', collection: 'Harbour story', errorCode: null }),
      expect.objectContaining({ state: 'failed', collection: 'Harbour story', errorCode: 'NOT_FOUND' }),
      expect.objectContaining({
        state: expect.stringMatching(/^(queued|running|done)$/),
        collection: 'Harbour story',
        collections: ['Harbour story', 'Desk «archive» 2025'],
      }),
    ]);
    if (version >= 11) {
      // A listing part fetched: its first page done with its response, the next one taken up again.
      expect(listed.slice(3, 5)).toEqual([
        expect.objectContaining({ operation: 'videosite/search', state: 'done', collection: null }),
        expect.objectContaining({
          operation: 'videosite/search',
          state: expect.stringMatching(/^(queued|running|done)$/),
          collection: null,
        }),
      ]);
      const reader = new BetterSqlite3(join(dir, 'gleaner.sqlite3'), { readonly: true });
      try {
        const firstPage = reader
          .prepare('SELECT r.request_id FROM jobs j JOIN responses r ON r.id = j.response_id WHERE j.id = ?')
          .pluck()
          .get(listed[3]!.id);
        expect(firstPage).toMatch(/^req_/);
      } finally {
        reader.close();
      }
    } else {
      expect(listed).toHaveLength(3);
    }
    // A collection's order is as it was (at version 11, its last item was moved to the top).
    const story = await core.dispatch('collections.items', { name: 'Harbour story' });
    expect(story.ok).toBe(true);
    expect(story.ok && (story.value as { items: { id: number }[] }).items.map((item) => item.id)).toEqual(
      version >= 11 ? [6, 1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6],
    );
    // And new work goes into it.
    expect(await core.dispatch('collections.create', { name: 'After the upgrade' })).toMatchObject({ ok: true });
  });
});
