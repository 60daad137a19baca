/**
 * Media capture for a bundle, from a server on 127.0.0.1: each file with its hash and fetch time,
 * only http(s) addresses, and the size cap holding across files.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaCapture } from '../../../../src/main/core/bundle/media';
import { createBundleZipWriter } from '../../../../src/main/core/bundle/zip-writer';
import { readZipFiles } from '../../../../src/main/core/bundle/zip-reader';

const small = Buffer.alloc(1000, 7);
const large = Buffer.alloc(5000, 9);
let server: Server;
let base: string;
let dir: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/small.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(small);
    else if (request.url === '/large.png') response.writeHead(200, { 'content-type': 'image/png' }).end(large);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dir = mkdtempSync(join(tmpdir(), 'gleaner-media-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('bundle media', () => {
  it('keeps what fits the cap with its hash and time, and says why the rest is not there', async () => {
    const capture = createMediaCapture({ fetch: globalThis.fetch.bind(globalThis), now: () => '2026-01-02T03:04:05.000Z', capBytes: 3000 });
    const zipPath = join(dir, 'media.zip');
    const zip = await createBundleZipWriter(zipPath);
    const items = [
      { id: 1, thumbnailUrl: `${base}/small.jpg` },
      { id: 2, thumbnailUrl: `${base}/small.jpg` },
      { id: 3, thumbnailUrl: `${base}/large.png` },
      { id: 4, thumbnailUrl: 'file:///etc/passwd' },
      { id: 5, thumbnailUrl: `${base}/missing.jpg` },
      { id: 6, thumbnailUrl: null },
    ];
    const { files, summary } = await capture.capture(zip, items, () => undefined);
    await zip.finish();
    expect(summary).toEqual({ fetched: 1, failed: 1, skipped: 2, bytes: 1000, capBytes: 3000 });
    const read = new Map<string, Buffer>();
    await readZipFiles(zipPath, (file) => void read.set(file.path, file.data));
    const records = JSON.parse(read.get('media.json')!.toString()) as {
      url: string;
      item_ids: number[];
      file: string | null;
      sha256: string | null;
      fetched_at: string | null;
      problem: string | null;
    }[];
    const [first, second, third, fourth] = records;
    expect(first).toMatchObject({
      item_ids: [1, 2],
      file: 'media/000001.jpg',
      sha256: createHash('sha256').update(small).digest('hex'),
      fetched_at: '2026-01-02T03:04:05.000Z',
      problem: null,
    });
    expect(read.get('media/000001.jpg')?.equals(small)).toBe(true);
    expect(second).toMatchObject({ file: null, problem: 'larger than what is left of the media size cap' });
    expect(third).toMatchObject({ problem: 'not an http(s) address' });
    expect(fourth?.problem).toMatch(/could not be fetched \(the server answered 404\)/);
    expect(files.map((file) => file.path)).toEqual(['media/000001.jpg', 'media.json']);
  });
});
