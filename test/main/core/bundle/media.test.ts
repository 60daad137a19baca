/**
 * Media capture for a bundle, from the media the demo service serves itself: each file with its
 * hash and fetch time, only http(s) addresses, only the addresses the items name, and the size
 * cap holding across files; and a bundle of a demo library holding its items' thumbnails.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaCapture } from '../../../../src/main/core/bundle/media';
import { createBundleZipWriter } from '../../../../src/main/core/bundle/zip-writer';
import { readZipFiles } from '../../../../src/main/core/bundle/zip-reader';
import { startDemoService } from '../../../../src/main/demo/server';
import type { DemoService } from '../../../../src/main/demo/types';
import { bundleTestCore, fillCaseLibrary } from './bundle-fixture';

interface MediaRecord {
  url: string;
  item_ids: number[];
  file: string | null;
  sha256: string | null;
  bytes: number | null;
  content_type: string | null;
  fetched_at: string | null;
  problem: string | null;
}

let demo: DemoService;
let dir: string;
beforeAll(async () => {
  demo = await startDemoService({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'gleaner-media-'));
});
afterAll(async () => {
  await demo.close();
  rmSync(dir, { recursive: true, force: true });
});

const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function zipFiles(path: string): Promise<Map<string, Buffer>> {
  const read = new Map<string, Buffer>();
  await readZipFiles(path, (file) => void read.set(file.path, file.data));
  return read;
}

describe('bundle media from the demo service', () => {
  it('keeps what fits the cap with its hash and time, says why the rest is not there, and asks for nothing else', async () => {
    const token = demo.teams.find((team) => team.plan === 'team')!.token;
    const answer = (await (
      await fetch(`${demo.url}/api/v1/partner/videosite/search?query=harbour`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { videos: { thumbnail: string }[] } };
    const [first, second] = answer.data.videos.map((video) => video.thumbnail);
    expect(first).toMatch(new RegExp(`^${demo.url}/media/videosite/.+\\.jpg$`));
    const [small, next] = [await bytesAt(first!), await bytesAt(second!)];
    const asked: string[] = [];
    const capture = createMediaCapture({
      fetch: (input, init) => {
        asked.push(String(input));
        return globalThis.fetch(input, init);
      },
      now: () => '2026-01-02T03:04:05.000Z',
      capBytes: small.length + next.length - 1,
    });
    const zipPath = join(dir, 'media.zip');
    const zip = await createBundleZipWriter(zipPath);
    const missing = `${demo.url}/media/videosite/missing.gif`;
    const items = [
      { id: 1, thumbnailUrl: first! },
      { id: 2, thumbnailUrl: first! },
      { id: 3, thumbnailUrl: second! },
      { id: 4, thumbnailUrl: 'file:///etc/passwd' },
      { id: 5, thumbnailUrl: missing },
      { id: 6, thumbnailUrl: null },
    ];
    const { files, summary } = await capture.capture(zip, items, () => undefined);
    await zip.finish();
    expect(summary).toEqual({ fetched: 1, failed: 1, skipped: 2, bytes: small.length, capBytes: small.length + next.length - 1 });
    expect(asked).toEqual([first, second, missing]);
    const read = await zipFiles(zipPath);
    const records = JSON.parse(read.get('media.json')!.toString()) as MediaRecord[];
    expect(records[0]).toMatchObject({
      url: first,
      item_ids: [1, 2],
      file: 'media/000001.jpg',
      sha256: sha256(small),
      content_type: 'image/jpeg',
      fetched_at: '2026-01-02T03:04:05.000Z',
      problem: null,
    });
    expect(read.get('media/000001.jpg')?.equals(small)).toBe(true);
    expect(records[1]).toMatchObject({ file: null, problem: 'larger than what is left of the media size cap' });
    expect(records[2]).toMatchObject({ problem: 'not an http(s) address' });
    expect(records[3]?.problem).toMatch(/could not be fetched \(the server answered 404\)/);
    expect(files.map((file) => file.path)).toEqual(['media/000001.jpg', 'media.json']);
  });

  it('puts the thumbnails of a demo library’s items into its bundle, and the bundle verifies', async () => {
    const testCore = bundleTestCore();
    try {
      await fillCaseLibrary(testCore);
      const path = join(dir, 'with-media.zip');
      const summary = await testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Case' }, media: true }, path);
      expect(summary.media).toMatchObject({ failed: 0, skipped: 0 });
      expect(summary.media!.fetched).toBeGreaterThan(3);
      const read = await zipFiles(path);
      const records = JSON.parse(read.get('media.json')!.toString()) as MediaRecord[];
      expect(records).toHaveLength(summary.media!.fetched);
      for (const record of records) {
        const file = read.get(record.file!)!;
        expect(record.sha256).toBe(sha256(file));
        expect(record.content_type).toBe('image/jpeg');
        expect([file[0], file[1]]).toEqual([0xff, 0xd8]);
      }
      const report = await testCore.core.bundles.verify(path);
      expect(report.checks.filter((check) => check.state === 'failed')).toEqual([]);
    } finally {
      await testCore.dispose();
    }
  }, 60_000);
});
