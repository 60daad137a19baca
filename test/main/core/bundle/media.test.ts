/**
 * Media capture for a bundle, from the media the demo service serves itself: each file with its
 * role, hash and fetch time, only http(s) addresses, only the addresses the items name, the size
 * cap holding across files with the thumbnails first; redirects followed only to http(s), with the
 * address the bytes came from; and bundles of a demo library holding its items' thumbnails and
 * media files.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPackage } from '../../../../src/main/core/bundle/layout';
import { createMediaCapture } from '../../../../src/main/core/bundle/media';
import { createBundleZipWriter } from '../../../../src/main/core/bundle/zip-writer';
import { readZipFiles } from '../../../../src/main/core/bundle/zip-reader';
import { startDemoService } from '../../../../src/main/demo/server';
import type { DemoService } from '../../../../src/main/demo/types';
import { SAMPLE_PARAMS } from '../../../helpers/demo';
import { bundleTestCore, fillCaseLibrary } from './bundle-fixture';

interface MediaRecord {
  role: 'thumbnail' | 'media' | 'download';
  url: string;
  item_ids: number[];
  file: string | null;
  sha256: string | null;
  bytes: number | null;
  content_type: string | null;
  fetched_at: string | null;
  fetched_from: string | null;
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
      role: 'thumbnail',
      fetched_from: null,
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

describe('bundle media files beside the thumbnails', () => {
  const at = (path: string) => `${demo.url}/media/${path}`;
  const recording = (asked: string[]): typeof fetch => {
    return (input, init) => {
      asked.push(String(input));
      return globalThis.fetch(input, init);
    };
  };

  it('fetches every thumbnail first, then the media files, then the downloads, each address once, with its role', async () => {
    const asked: string[] = [];
    const capture = createMediaCapture({ fetch: recording(asked), now: () => '2026-01-02T03:04:05.000Z', capBytes: 10_000_000 });
    const zipPath = join(dir, 'roles.zip');
    const zip = await createBundleZipWriter(zipPath);
    const [t1, t2, m1, d1] = [at('shortvideo/t/1.jpg'), at('photoshare/t/2.jpg'), at('shortvideo/v/1.mp4'), at('shortvideo/d/1.mp4')];
    const items = [
      { id: 1, thumbnailUrl: t1, mediaUrl: m1, downloadUrl: d1 },
      // A download at the media file's own address is the same file: not a second record.
      { id: 2, thumbnailUrl: t2, mediaUrl: m1, downloadUrl: m1 },
      // An address that is one item's thumbnail and another's media file is fetched once.
      { id: 3, thumbnailUrl: null, mediaUrl: t1, downloadUrl: null },
    ];
    const { summary } = await capture.capture(zip, items, () => undefined);
    await zip.finish();
    expect(asked).toEqual([t1, t2, m1, d1]);
    expect(summary).toMatchObject({ fetched: 4, failed: 0, skipped: 0 });
    const read = await zipFiles(zipPath);
    const records = JSON.parse(read.get('media.json')!.toString()) as MediaRecord[];
    expect(records.map(({ role, url, item_ids }) => ({ role, url, item_ids }))).toEqual([
      { role: 'thumbnail', url: t1, item_ids: [1] },
      { role: 'thumbnail', url: t2, item_ids: [2] },
      { role: 'media', url: m1, item_ids: [1, 2] },
      { role: 'media', url: t1, item_ids: [3] },
      { role: 'download', url: d1, item_ids: [1] },
    ]);
    expect(records[3]).toMatchObject({ file: records[0]!.file, sha256: records[0]!.sha256 });
    for (const [record, url] of [
      [records[2]!, m1],
      [records[4]!, d1],
    ] as const) {
      const bytes = await bytesAt(url);
      expect(record).toMatchObject({ content_type: 'video/mp4', sha256: sha256(bytes), bytes: bytes.length, fetched_from: null });
      expect(record.file).toMatch(/^media\/\d{6}\.mp4$/);
      expect(read.get(record.file!)?.equals(bytes)).toBe(true);
    }
  });

  it('describes each kind of media file by its type in the Data Package', () => {
    const files = ['mp4', 'webm', 'mp3', 'jpg'].map((extension, index) => ({
      path: `media/00000${index + 1}.${extension}`,
      bytes: 1,
      sha256: '0'.repeat(64),
    }));
    const described = JSON.parse(dataPackage(files, 'Media', '2026-01-02T03:04:05.000Z', { signingKey: 'library' })) as {
      resources: { mediatype: string }[];
    };
    expect(described.resources.map((resource) => resource.mediatype)).toEqual(['video/mp4', 'video/webm', 'audio/mpeg', 'image/jpeg']);
  });

  describe('through redirects', () => {
    let redirector: Server;
    let origin: string;
    const target = () => at('photoshare/moved/1.jpg');
    beforeAll(async () => {
      redirector = createServer((req, res) => {
        const moves = new Map<string, [number, string | null]>([
          ['/hop', [302, target()]],
          ['/relative', [301, '/hop']],
          ['/to-file', [302, 'file:///etc/passwd']],
          ['/to-data', [307, 'data:image/png;base64,iVBORw0KGgo=']],
          ['/loop', [302, '/loop']],
          ['/nowhere', [302, null]],
        ]);
        const move = moves.get(req.url ?? '');
        if (!move) return void res.writeHead(404).end();
        res.writeHead(move[0], move[1] === null ? {} : { location: move[1] }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => redirector.close(() => resolve())));

    it('follows them to http(s) addresses only, and records the address the bytes came from', async () => {
      const asked: string[] = [];
      const capture = createMediaCapture({ fetch: recording(asked), now: () => '2026-01-02T03:04:05.000Z', capBytes: 10_000_000 });
      const zipPath = join(dir, 'redirects.zip');
      const zip = await createBundleZipWriter(zipPath);
      const paths = ['/hop', '/relative', '/to-file', '/to-data', '/loop', '/nowhere'];
      const items = paths.map((path, index) => ({ id: index + 1, thumbnailUrl: null, mediaUrl: `${origin}${path}` }));
      const { summary } = await capture.capture(zip, items, () => undefined);
      await zip.finish();
      expect(summary).toMatchObject({ fetched: 2, failed: 4, skipped: 0 });
      expect(asked.every((url) => url.startsWith('http://127.0.0.1:'))).toBe(true);
      const read = await zipFiles(zipPath);
      const records = JSON.parse(read.get('media.json')!.toString()) as MediaRecord[];
      const moved = await bytesAt(target());
      for (const record of records.slice(0, 2)) {
        expect(record).toMatchObject({ fetched_from: target(), sha256: sha256(moved), content_type: 'image/jpeg', problem: null });
        expect(read.get(record.file!)?.equals(moved)).toBe(true);
      }
      expect(records.slice(2).map((record) => [record.url.slice(origin.length), record.file, record.fetched_from, record.problem])).toEqual(
        [
          ['/to-file', null, null, 'redirected to an address that is not http(s) (file:)'],
          ['/to-data', null, null, 'redirected to an address that is not http(s) (data:)'],
          ['/loop', null, null, 'more than 10 redirects'],
          ['/nowhere', null, null, 'the server answered 302 without a Location to go to'],
        ],
      );
    });
    it('with a fetch that cancels a redirect it is asked to give back (Electron’s net.fetch), uses the fetch’s own following and the address it reports', async () => {
      const asked: string[] = [];
      const cancelsRedirects: typeof fetch = async (input, init) => {
        asked.push(`${init?.redirect} ${String(input).replace(origin, '')}`);
        const response = await globalThis.fetch(input, init);
        if (init?.redirect === 'manual' && response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          throw new TypeError('net::ERR_ABORTED (Redirect was cancelled)');
        }
        return response;
      };
      const capture = createMediaCapture({ fetch: cancelsRedirects, now: () => '2026-01-02T03:04:05.000Z', capBytes: 10_000_000 });
      const zipPath = join(dir, 'redirects-followed-by-fetch.zip');
      const zip = await createBundleZipWriter(zipPath);
      const items = ['/hop', '/relative', '/to-file'].map((path, index) => ({ id: index + 1, thumbnailUrl: `${origin}${path}` }));
      await capture.capture(zip, items, () => undefined);
      await zip.finish();
      expect(asked).toEqual(['manual /hop', 'follow /hop', 'follow /relative', 'follow /to-file']);
      const records = JSON.parse((await zipFiles(zipPath)).get('media.json')!.toString()) as MediaRecord[];
      const moved = await bytesAt(target());
      expect(records.slice(0, 2).map((record) => [record.fetched_from, record.sha256])).toEqual([
        [target(), sha256(moved)],
        [target(), sha256(moved)],
      ]);
      // Node's own following refuses a file: target too.
      expect(records[2]).toMatchObject({ file: null, problem: expect.stringMatching(/^could not be fetched/) });
    });
  });

  /** A library with items of the platforms whose answers name media files. */
  async function fillMediaLibrary(testCore: ReturnType<typeof bundleTestCore>): Promise<void> {
    for (const operation of ['shortvideo/search', 'photoshare/user/reels', 'socialnet/user/reels'] as const) {
      await testCore.core.client.call('service.call', { operation, params: SAMPLE_PARAMS[operation], collection: 'Media' });
    }
  }

  const recordsOf = async (path: string) => {
    const read = await zipFiles(path);
    return { read, records: JSON.parse(read.get('media.json')!.toString()) as MediaRecord[] };
  };

  it('puts the media files of shortvideo, photoshare and socialnet items beside their thumbnails; every hash holds and the bundle verifies', async () => {
    const testCore = bundleTestCore();
    try {
      await fillMediaLibrary(testCore);
      const path = join(dir, 'media-files.zip');
      const summary = await testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Media' }, media: true }, path);
      expect(summary.media).toMatchObject({ failed: 0, skipped: 0 });
      const { read, records } = await recordsOf(path);
      const roles = records.map((record) => record.role);
      expect(roles.filter((role) => role === 'thumbnail').length).toBeGreaterThan(3);
      expect(roles.filter((role) => role === 'media').length).toBeGreaterThan(3);
      // Thumbnails first, then media files, then downloads.
      expect(roles).toEqual(
        [...roles].sort((a, b) => ['thumbnail', 'media', 'download'].indexOf(a) - ['thumbnail', 'media', 'download'].indexOf(b)),
      );
      for (const record of records) {
        const file = read.get(record.file!)!;
        expect(record.sha256).toBe(sha256(file));
        expect(record.bytes).toBe(file.length);
        expect(record.fetched_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        if (record.role !== 'thumbnail') expect(record.content_type).toBe('video/mp4');
      }
      const report = await testCore.core.bundles.verify(path);
      expect(report.checks.filter((check) => check.state === 'failed')).toEqual([]);
    } finally {
      await testCore.dispose();
    }
  }, 60_000);

  it('names a media file whose hash media.json does not state, one it does not name, and media without media.json', async () => {
    const testCore = bundleTestCore();
    try {
      await fillCaseLibrary(testCore);
      const path = join(dir, 'media-list.zip');
      await testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Case' }, media: true }, path);
      const files = unzipSync(readFileSync(path));
      const records = JSON.parse(Buffer.from(files['media.json']!).toString()) as MediaRecord[];
      const first = records.find((record) => record.file !== null)!;
      const rewritten = (name: string, change: (copy: Record<string, Uint8Array>) => void): string => {
        const copy = { ...files };
        change(copy);
        const out = join(dir, `${name}.zip`);
        writeFileSync(out, zipSync(copy));
        return out;
      };
      const filesProblems = async (zip: string) =>
        (await testCore.core.bundles.verify(zip)).checks.find((check) => check.name === 'files')!.problems;

      const wrongHash = rewritten('media-list-hash', (copy) => {
        const edited = records.map((record) => (record === first ? { ...record, sha256: '0'.repeat(64) } : record));
        copy['media.json'] = Buffer.from(JSON.stringify(edited));
        copy['media/999999.jpg'] = Buffer.from('not from any address');
      });
      expect(await filesProblems(wrongHash)).toEqual(
        expect.arrayContaining([
          `${first.file}: its size or SHA-256 does not match media.json`,
          'media/999999.jpg is not named in media.json',
        ]),
      );
      const withoutList = rewritten('media-list-missing', (copy) => delete copy['media.json']);
      expect(await filesProblems(withoutList)).toContain('media.json is missing, so the files in media/ say nowhere where they came from');
    } finally {
      await testCore.dispose();
    }
  }, 60_000);

  it('keeps every thumbnail when the cap is reached, and names the media files it left out', async () => {
    const testCore = bundleTestCore();
    try {
      await fillMediaLibrary(testCore);
      const whole = join(dir, 'uncapped.zip');
      await testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Media' }, media: true }, whole);
      const thumbnailBytes = (await recordsOf(whole)).records
        .filter((record) => record.role === 'thumbnail')
        .reduce((sum, record) => sum + record.bytes!, 0);
      // Room for the thumbnails and a few bytes, not for any video.
      testCore.core.context.settings.set('bundle.media-cap-mb', (thumbnailBytes + 64) / (1024 * 1024));
      const capped = join(dir, 'capped.zip');
      const summary = await testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Media' }, media: true }, capped);
      const { read, records } = await recordsOf(capped);
      const thumbnails = records.filter((record) => record.role === 'thumbnail');
      const others = records.filter((record) => record.role !== 'thumbnail');
      expect(thumbnails.length).toBeGreaterThan(3);
      expect(thumbnails.every((record) => record.problem === null && read.has(record.file!))).toBe(true);
      expect(others.length).toBeGreaterThan(3);
      expect(new Set(others.map((record) => record.role))).toContain('media');
      for (const record of others) {
        expect(record).toMatchObject({ file: null, sha256: null, problem: expect.stringMatching(/media size cap/) });
      }
      expect(summary.media).toMatchObject({ fetched: thumbnails.length, failed: 0, skipped: others.length });
      const report = await testCore.core.bundles.verify(capped);
      expect(report.checks.filter((check) => check.state === 'failed')).toEqual([]);
    } finally {
      await testCore.dispose();
    }
  }, 60_000);
});
