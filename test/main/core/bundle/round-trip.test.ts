/**
 * create → import into a fresh library → create: the same answers (byte for byte), request ids,
 * fetch times and hashes, the notes, tags and collection, and the first library's custody
 * entries carried under their origin. A second import duplicates nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { startLocalTsa, type LocalTsa } from '../../../helpers/tsa';
import { bundleTestCore, fillCaseLibrary } from './bundle-fixture';

let first: TestCore;
let second: TestCore;
let tsa: LocalTsa;
let dir: string;

beforeAll(async () => {
  // The receiving desk's clock is two months on, so a time it gave instead of the maker's would show.
  const later = { now: () => Date.parse('2026-03-04T05:06:07Z') };
  [first, second, tsa] = [
    bundleTestCore(),
    createTestCore({ fetch: globalThis.fetch.bind(globalThis), clock: later }),
    await startLocalTsa(),
  ];
  await fillCaseLibrary(first);
  dir = mkdtempSync(join(tmpdir(), 'gleaner-roundtrip-'));
}, 60_000);
afterAll(async () => {
  await Promise.all([first.dispose(), second.dispose(), tsa.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const filesOf = (path: string) => unzipSync(readFileSync(path));
const json = <T>(files: Record<string, Uint8Array>, path: string) => JSON.parse(Buffer.from(files[path]!).toString('utf8')) as T;
type Answer = { sha256: string; request_id: string; fetched_at: string; operation: string };
type Custody = {
  entries: { seq: number; hash: string; kind: string }[];
  imported: { origin: string; entries: { seq: number; hash: string }[] }[];
};

describe('a case bundle round trip', () => {
  it('brings every answer, item, note, tag and custody entry across, with a trusted time', async () => {
    first.core.context.settings.set('bundle.tsa-url', tsa.url);
    const one = join(dir, 'one.zip');
    const made = await first.core.bundles.create({ scope: { kind: 'collection', name: 'Case' }, timestamp: true }, one);
    expect(made.timestamped).toBe(true);
    expect(tsa.requests()).toBe(1);
    const verified = await second.core.bundles.verify(one);
    expect(verified.checks.filter((check) => check.state === 'failed')).toEqual([]);
    expect(verified.checks.find((check) => check.name === 'timestamp')?.state).toBe('ok');
    expect(verified.timestamp?.signer).toContain('Gleaner test TSA');

    const { imported } = await second.core.bundles.importBundle(one);
    expect(imported).toMatchObject({
      items: made.items,
      notes: { added: 2, conflicts: 0 },
      tags: 3,
      collections: { created: 1, added: made.items },
    });
    expect(imported!.answers.added).toBeGreaterThan(0);

    const two = join(dir, 'two.zip');
    await second.core.bundles.create({ scope: { kind: 'collection', name: 'Case' } }, two);
    const [a, b] = [filesOf(one), filesOf(two)];
    const answersA = json<Answer[]>(a, 'answers.json').map(({ sha256, request_id, fetched_at, operation }) => ({
      sha256,
      request_id,
      fetched_at,
      operation,
    }));
    const answersB = json<Answer[]>(b, 'answers.json').map(({ sha256, request_id, fetched_at, operation }) => ({
      sha256,
      request_id,
      fetched_at,
      operation,
    }));
    expect(answersB).toEqual(answersA);
    for (const { sha256 } of answersA)
      expect(Buffer.from(b[`answers/${sha256}.json`]!).equals(Buffer.from(a[`answers/${sha256}.json`]!))).toBe(true);
    const strip = (items: { id: number; first_fetched_at: string }[]) => items.map(({ id: _id, ...rest }) => rest);
    expect(strip(json(b, 'items.json'))).toEqual(strip(json(a, 'items.json')));
    expect(Buffer.from(b['tags.csv']!).toString()).toContain('verified');
    // What people wrote keeps its maker's times: each note's, and when each item joined the collection.
    const notes = (files: Record<string, Uint8Array>) =>
      json<{ body: string; updated_at: string; collection: string | null }[]>(files, 'notes.json')
        .map(({ body, updated_at, collection }) => `${collection ?? ''} ${updated_at} ${body}`)
        .sort();
    expect(notes(b)).toEqual(notes(a));
    const joined = (files: Record<string, Uint8Array>) =>
      json<{ collection: string; added_at: string }[]>(files, 'collections.json').map(
        ({ collection, added_at }) => `${collection} ${added_at}`,
      );
    expect(joined(b)).toEqual(joined(a));

    const custodyA = json<Custody>(a, 'custody.json');
    const custodyB = json<Custody>(b, 'custody.json');
    expect(custodyA.entries.length).toBeGreaterThan(0);
    const carried = custodyB.imported.find((group) => group.origin === `bundle:${made.fingerprint}`);
    expect(carried?.entries).toEqual(custodyA.entries);
    expect(custodyB.entries.some((entry) => entry.kind === 'bundle-import')).toBe(true);
    expect((await second.core.bundles.verify(two)).ok).toBe(true);
  });

  it('duplicates nothing when the same bundle is brought in again', async () => {
    const one = join(dir, 'one.zip');
    const before = (await second.core.client.call('collections.list', {})).find((collection) => collection.name === 'Case')!.itemCount;
    const again = await second.core.bundles.importBundle(one);
    expect(again.imported).toMatchObject({ answers: { added: 0 }, collections: { created: 0, added: 0 }, custodyEntries: 0 });
    expect((await second.core.client.call('collections.list', {})).find((collection) => collection.name === 'Case')!.itemCount).toBe(
      before,
    );
  });

  it('refuses to bring in a bundle that does not verify, and says why', async () => {
    const files = filesOf(join(dir, 'one.zip'));
    const answer = Object.keys(files).find((path) => path.startsWith('answers/'))!;
    files[answer] = Buffer.from(Buffer.from(files[answer]!).toString().replace('"', "'"));
    const { zipSync } = await import('fflate');
    const bad = join(dir, 'bad.zip');
    (await import('node:fs')).writeFileSync(bad, zipSync(files));
    const fresh = bundleTestCore();
    try {
      const result = await fresh.core.bundles.importBundle(bad);
      expect(result.imported).toBeNull();
      expect(result.verification.ok).toBe(false);
      expect((await fresh.core.client.call('collections.list', {})).length).toBe(0);
    } finally {
      await fresh.dispose();
    }
  });
});
