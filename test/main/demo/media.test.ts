/**
 * The demo service serves the media its answers name: every thumbnail, avatar, video and sound
 * address is on its own origin, and answers a small valid file there, the same bytes for the
 * same path on any run, with no token and outside the API's request log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/shared/catalogue';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import { SAMPLE_PARAMS, call, stringsIn } from './helpers';

const started: DemoService[] = [];
async function start(options: { mediaAddresses?: 'cdn-like' } = {}): Promise<DemoService> {
  const service = await startDemoService({ port: 0, seed: 'media', ...options });
  started.push(service);
  return service;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

const fetchBytes = async (url: string, method = 'GET') => {
  const response = await fetch(url, { method });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};

/** What a file's first bytes say it is. */
function kindOf(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9) return 'image/jpeg';
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'audio/mpeg';
  return 'unknown';
}

describe('demo media', () => {
  it('names media on its own origin in every operation’s answer, and serves each as the file its address says', async () => {
    const service = await start();
    const addresses = new Set<string>();
    for (const op of OPERATIONS) {
      const answer = await call(service, op.id, SAMPLE_PARAMS[op.id]);
      expect(answer.status, op.id).toBe(200);
      const strings = stringsIn(answer.json);
      expect(
        strings.filter((text) => /^https:\/\/media\.[a-z]+\.example\//.test(text)),
        op.id,
      ).toEqual([]);
      // The first of each kind of file in each operation's answer.
      const firstByExtension = new Map<string, string>();
      for (const text of strings.filter((found) => found.startsWith(`${service.url}/media/`)))
        if (!firstByExtension.has(new URL(text).pathname.split('.').pop()!))
          firstByExtension.set(new URL(text).pathname.split('.').pop()!, text);
      firstByExtension.forEach((address) => addresses.add(address));
    }
    const kinds = new Set<string>();
    for (const address of addresses) {
      const file = await fetchBytes(address);
      expect(file.status, address).toBe(200);
      expect(kindOf(file.bytes), address).toBe(file.type);
      kinds.add(file.type!);
    }
    expect([...kinds].sort()).toEqual(['audio/mpeg', 'image/jpeg', 'image/png', 'video/mp4']);
    expect(service.control.requests().every((entry) => entry.path.startsWith('/api/'))).toBe(true);
  });

  it('gives the same path the same bytes on any service, other paths other bytes, and 404 where there is no file', async () => {
    const [a, b] = [await start(), await start()];
    const path = '/media/videosite/vi/abcdefghijk/hqdefault.jpg';
    const first = await fetchBytes(`${a.url}${path}`);
    expect(first).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(first.bytes.length).toBeLessThan(1000);
    expect((await fetchBytes(`${b.url}${path}`)).bytes.equals(first.bytes)).toBe(true);
    expect((await fetchBytes(`${a.url}/media/videosite/vi/another1234/hqdefault.jpg`)).bytes.equals(first.bytes)).toBe(false);
    expect((await fetchBytes(`${a.url}${path}`, 'HEAD')).bytes.length).toBe(0);
    for (const missing of ['/media/nowhere/x.jpg', '/media/videosite/x.exe', '/media/videosite/', '/media/'])
      expect((await fetchBytes(`${a.url}${missing}`)).status, missing).toBe(404);
    expect((await fetchBytes(`${a.url}${path}`, 'POST')).status).toBe(405);
  });

  it('leaves media on CDN-like https hosts that lead nowhere when asked to (the demo inside the window)', async () => {
    const service = await start({ mediaAddresses: 'cdn-like' });
    const strings = stringsIn((await call(service, 'videosite/search', { query: 'x' })).json);
    expect(strings.filter((text) => text.startsWith('https://media.videosite.example/vi/')).length).toBeGreaterThan(0);
    expect(strings.filter((text) => text.startsWith(service.url))).toEqual([]);
    expect((await fetchBytes(`${service.url}/media/videosite/vi/abcdefghijk/hqdefault.jpg`)).status).toBe(404);
  });
});
