/**
 * `bundle create --timestamp` with `bundle.tsa-ca` set: the new token is checked against that CA
 * at once, and a bundle whose timestamp would not verify is not written.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCore } from '../../../helpers/core';
import { startLocalTsa, type LocalTsa } from '../../../helpers/tsa';
import { bundleTestCore, fillCaseLibrary } from './bundle-fixture';

let tsa: LocalTsa;
let testCore: TestCore;
let dir: string;
beforeAll(async () => {
  tsa = await startLocalTsa();
  testCore = bundleTestCore();
  await fillCaseLibrary(testCore);
  testCore.core.context.settings.set('bundle.tsa-url', tsa.url);
  dir = mkdtempSync(join(tmpdir(), 'gleaner-stamp-on-create-'));
}, 60_000);
afterAll(async () => {
  await Promise.all([testCore.dispose(), tsa.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const stampedBundle = (out: string) => testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Case' }, timestamp: true }, out);

describe('a timestamp checked against bundle.tsa-ca when the bundle is made', () => {
  it('refuses a token from an authority that does not chain to the CA, naming what failed, and writes nothing', async () => {
    const other = tsa.unrelatedCa();
    testCore.core.context.settings.set('bundle.tsa-ca', other.caFile);
    const out = join(dir, 'untrusted.zip');
    const asked = tsa.requests();
    await expect(stampedBundle(out)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: expect.stringContaining(
        `would not verify under bundle.tsa-ca (${other.caFile}): the timestamp authority's certificate (CN=Gleaner test TSA) does not chain to a CA in ${other.caFile}`,
      ),
    });
    expect(tsa.requests()).toBe(asked + 1);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses before asking anyone when the CA file is not there', async () => {
    const missing = join(dir, 'missing.pem');
    testCore.core.context.settings.set('bundle.tsa-ca', missing);
    const asked = tsa.requests();
    await expect(stampedBundle(join(dir, 'no-ca.zip'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(tsa.requests()).toBe(asked);
  });

  it('writes the bundle when the token holds under the CA, and it verifies with the authority checked', async () => {
    testCore.core.context.settings.set('bundle.tsa-ca', tsa.caFile);
    const out = join(dir, 'trusted.zip');
    const summary = await stampedBundle(out);
    expect(summary.timestamped).toBe(true);
    const report = await testCore.core.bundles.verify(out);
    expect(report.checks.find((check) => check.name === 'timestamp')?.state).toBe('ok');
    expect(report.timestamp?.authority).toMatchObject({ checked: true, trustedCa: 'CN=Gleaner test CA' });
  });
});
