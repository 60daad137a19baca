/**
 * `bundle verify` reads every item again from its answers with the normalisers: over a library
 * holding an answer of every operation of the catalogue, a bundle as made passes that check (no
 * false alarm on any platform), and an item whose count was changed after the fact is named.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../../src/shared/catalogue';
import type { TestCore } from '../../../helpers/core';
import { SAMPLE_PARAMS } from '../../../helpers/demo';
import { bundleTestCore } from './bundle-fixture';

let testCore: TestCore;
let dir: string;
let bundlePath: string;

beforeAll(async () => {
  testCore = bundleTestCore();
  for (const operation of OPERATION_IDS) {
    await testCore.core.client.call('service.call', { operation, params: SAMPLE_PARAMS[operation] });
  }
  dir = mkdtempSync(join(tmpdir(), 'gleaner-bundle-platforms-'));
  bundlePath = join(dir, 'all.zip');
  await testCore.core.bundles.create({ scope: { kind: 'all' } }, bundlePath);
}, 120_000);
afterAll(async () => {
  await testCore.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const itemsCheck = async (path: string) => (await testCore.core.bundles.verify(path)).checks.find((check) => check.name === 'items');

describe('items read again from their answers, on every platform', () => {
  it('finds every item of every operation where its answers say, field for field', async () => {
    const items = JSON.parse(Buffer.from(unzipSync(readFileSync(bundlePath))['items.json']!).toString('utf8')) as { platform: string }[];
    expect(new Set(items.map((item) => item.platform)).size).toBeGreaterThanOrEqual(8);
    const check = await itemsCheck(bundlePath);
    expect(check?.problems).toEqual([]);
    expect(check?.state).toBe('ok');
  });

  it('names an item whose count was changed after it was bundled', async () => {
    const files = unzipSync(readFileSync(bundlePath));
    const items = JSON.parse(Buffer.from(files['items.json']!).toString('utf8')) as { id: number; views: number | null }[];
    const counted = items.find((item) => item.views !== null)!;
    counted.views = counted.views! + 1000;
    const path = join(dir, 'views-changed.zip');
    writeFileSync(path, zipSync({ ...files, 'items.json': Buffer.from(JSON.stringify(items)) }));
    const check = await itemsCheck(path);
    expect(check?.state).toBe('failed');
    expect(check?.problems).toContain(`item ${counted.id}: its views is not what its answers say`);
  });
});
