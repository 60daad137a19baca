/**
 * Crash safety of the library: a process is killed (SIGKILL) in the middle of a large
 * ingest, several times; each time the database opens, passes PRAGMA integrity_check, and
 * every committed response is whole (body hash, items and index in step).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/core/store/database';
import { repoRoot } from '../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'gleaner-crash-'));
const dbPath = join(dir, 'gleaner.sqlite3');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the ingest loop until it has committed `atLeast` more responses, then SIGKILLs it. */
function ingestThenKill(atLeast: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/fixtures/processes/ingest-forever.ts'), dbPath], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    let first: number | undefined;
    let last = 0;
    createInterface({ input: child.stdout }).on('line', (line) => {
      last = Number(line);
      first ??= last;
      if (last - first + 1 >= atLeast) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(last) : reject(new Error(`ingest exited with ${code}: ${stderr}`))));
  });
}

describe('a process killed in the middle of an ingest', () => {
  it('leaves a sound database with every committed response whole, five times over', async () => {
    for (let round = 0; round < 5; round += 1) {
      const reported = await ingestThenKill(8 + round * 3);
      const db = openDatabase({ path: dbPath });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const responses = db.prepare('SELECT id, body, body_sha256 AS sha, item_count AS items FROM responses').all() as {
          id: number;
          body: string;
          sha: string;
          items: number;
        }[];
        // Everything the child reported as committed is there (it may have committed one more).
        expect(responses.length).toBeGreaterThanOrEqual(reported);
        for (const response of responses) {
          expect(createHash('sha256').update(response.body).digest('hex')).toBe(response.sha);
          const linked = db.prepare('SELECT count(DISTINCT item_id) AS n FROM item_sources WHERE response_id = ?').pluck().get(response.id);
          expect(linked).toBe(response.items);
          expect(response.items).toBe(50);
        }
        const items = db.prepare('SELECT count(*) FROM items').pluck().get();
        expect(items).toBe(responses.length * 50);
        expect(db.prepare("SELECT count(*) FROM items_fts WHERE items_fts MATCH 'harbour'").pluck().get()).toBe(items);
        db.prepare("INSERT INTO items_fts (items_fts) VALUES ('integrity-check')").run();
      } finally {
        db.close();
      }
    }
  }, 120_000);
});
