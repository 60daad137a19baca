import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTimestamp, requestTimestamp } from '../../../../src/main/core/bundle/timestamp';
import { startLocalTsa, type LocalTsa } from '../../../helpers/tsa';

let tsa: LocalTsa;
beforeAll(async () => {
  tsa = await startLocalTsa();
}, 60_000);
afterAll(() => tsa.stop());

describe('RFC 3161 timestamps', () => {
  const manifest = Buffer.from('0'.repeat(64) + '  items.json\n');

  it('asks the local authority and checks its answer in code; openssl ts -verify agrees', async () => {
    const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), tsa.url, manifest);
    const check = checkTimestamp(reply, manifest);
    expect(check.problems).toEqual([]);
    expect(check.facts?.signer).toContain('Gleaner test TSA');
    expect(check.facts?.genTime).toMatch(/^\d{14}(\.\d+)?Z$/);
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-tsr-'));
    try {
      writeFileSync(join(dir, 'manifest.sha256'), manifest);
      writeFileSync(join(dir, 'manifest.tsr'), reply);
      const out = execFileSync('openssl', ['ts', '-verify', '-in', 'manifest.tsr', '-data', 'manifest.sha256', '-CAfile', tsa.caFile], {
        cwd: dir,
      }).toString();
      expect(out).toContain('Verification: OK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a timestamp of another manifest, and one whose signature was altered', async () => {
    const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), tsa.url, manifest);
    expect(checkTimestamp(reply, Buffer.from('another manifest\n')).problems).toContain(
      'the timestamp is not of this manifest (its message imprint differs)',
    );
    const altered = Buffer.from(reply);
    altered[altered.length - 5] = altered[altered.length - 5]! ^ 0xff;
    expect(checkTimestamp(altered, manifest).problems).toContain(
      'the timestamp’s signature does not hold under the certificate it carries',
    );
    expect(checkTimestamp(Buffer.from('not der'), manifest).problems[0]).toMatch(/cannot be read/);
  });
});
