import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zipFiles } from '../../../../src/main/core/export/zip-files';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-zip-'));
  mkdirSync(join(dir, 'subs'));
  writeFileSync(join(dir, 'subs', '1-harbour.en.srt'), '1\n00:00:00,000 --> 00:00:02,500\nGood evening\n');
  // Larger than one read chunk (64 KiB), so it goes in several pushes.
  writeFileSync(join(dir, 'subs', '2-drought.es.srt'), 'línea\n'.repeat(40_000));
  writeFileSync(join(dir, 'manifest.sha256'), 'abc  subs/1-harbour.en.srt\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('zipFiles', () => {
  it('keeps each file whole under the path it is listed by', async () => {
    const paths = ['subs/1-harbour.en.srt', 'subs/2-drought.es.srt', 'manifest.sha256'];
    await zipFiles(dir, paths, join(dir, 'subs.zip'));
    const entries = unzipSync(new Uint8Array(readFileSync(join(dir, 'subs.zip'))));
    expect(Object.keys(entries)).toEqual(paths);
    for (const path of paths) expect(strFromU8(entries[path]!)).toBe(readFileSync(join(dir, path), 'utf8'));
  });

  it('leaves nothing behind when a file cannot be read, or the export is cancelled', async () => {
    await expect(zipFiles(dir, ['subs/missing.srt'], join(dir, 'a.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
    const cancelled = new Error('cancelled');
    await expect(
      zipFiles(dir, ['subs/2-drought.es.srt'], join(dir, 'b.zip'), () => {
        throw cancelled;
      }),
    ).rejects.toBe(cancelled);
    expect(readdirSync(dir).sort()).toEqual(['manifest.sha256', 'subs']);
  });
});
