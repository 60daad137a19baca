import { execFileSync } from 'node:child_process';
import type { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITY_NOT_CHECKED, checkTimestamp, requestTimestamp } from '../../../../src/main/core/bundle/timestamp';
import { checkAuthority, parsePemCertificates, readTrustedAuthorities } from '../../../../src/main/core/bundle/tsa-trust';
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

describe('the timestamp authority against the CA one trusts', () => {
  const manifest = Buffer.from('1'.repeat(64) + '  answers.json\n');
  const trustedBy = (caFile: string) => ({ trusted: readTrustedAuthorities(caFile) });

  it('without a CA, says the authority was not checked, and does not fail for it', async () => {
    const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), tsa.url, manifest);
    const check = checkTimestamp(reply, manifest);
    expect(check.ok).toBe(true);
    expect(check.facts?.authority).toEqual({ checked: false, trustedCa: null, note: AUTHORITY_NOT_CHECKED });
  });

  it('passes the local authority under its own CA, naming the CA', async () => {
    const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), tsa.url, manifest);
    const check = checkTimestamp(reply, manifest, trustedBy(tsa.caFile));
    expect(check.problems).toEqual([]);
    expect(check.facts?.authority).toMatchObject({ checked: true, trustedCa: 'CN=Gleaner test CA' });
    expect(check.facts?.authority.note).toContain(tsa.caFile);
  });

  it('fails under another CA, naming that CA and where the chain ends', async () => {
    const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), tsa.url, manifest);
    const other = tsa.unrelatedCa();
    const check = checkTimestamp(reply, manifest, trustedBy(other.caFile));
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      `the timestamp authority's certificate (CN=Gleaner test TSA) does not chain to a CA in ${other.caFile} (CN=Unrelated test CA): ` +
        'the chain ends at CN=Gleaner test TSA, issued by CN=Gleaner test CA',
    ]);
    expect(check.facts?.authority).toMatchObject({ checked: true, trustedCa: null });
  });

  it('fails a token signed by a certificate of the same CA that is not for time-stamping, or not critically so', async () => {
    const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), tsa.url, manifest);
    const plain = tsa.resignedWithout(reply, 'timeStamping');
    // Its signature holds: only the authority check can tell.
    expect(checkTimestamp(plain, manifest).problems).toEqual([]);
    expect(checkTimestamp(plain, manifest, trustedBy(tsa.caFile)).problems).toEqual([
      "the timestamp authority's certificate (CN=Gleaner test plain signer) has no extendedKeyUsage: RFC 3161 asks for one critical extendedKeyUsage of timeStamping only",
    ]);
    const lax = tsa.resignedWithout(reply, 'critical');
    expect(checkTimestamp(lax, manifest, trustedBy(tsa.caFile)).problems).toEqual([
      "the timestamp authority's certificate (CN=Gleaner test lax signer) has an extendedKeyUsage of timeStamping that is not marked critical: RFC 3161 asks for one critical extendedKeyUsage of timeStamping only",
    ]);
  });

  it('goes through an intermediate CA the token carries, each certificate valid at the token’s time', async () => {
    const chained = await startLocalTsa({ intermediate: true });
    try {
      const reply = await requestTimestamp(globalThis.fetch.bind(globalThis), chained.url, manifest);
      const check = checkTimestamp(reply, manifest, trustedBy(chained.caFile));
      expect(check.problems).toEqual([]);
      expect(check.facts?.authority.trustedCa).toBe('CN=Gleaner test CA');
      expect(checkTimestamp(reply, manifest, trustedBy(tsa.caFile)).problems[0]).toMatch(
        /does not chain to a CA in .*: the chain ends at CN=Gleaner test intermediate CA, issued by CN=Gleaner test CA$/,
      );

      const certificates = parsePemCertificates(readFileSync(join(chained.caFile, '..', 'carried.pem'), 'utf8'), 'carried.pem');
      const [signer, intermediate] = certificates as [X509Certificate, X509Certificate];
      const later = new Date(Date.parse(signer.validTo) + 86_400_000);
      expect(checkAuthority(signer, [intermediate], readTrustedAuthorities(chained.caFile), later).problems).toEqual([
        expect.stringMatching(/^the timestamp authority's certificate \(CN=Gleaner test TSA\) was not valid at the timestamp's time /),
        expect.stringMatching(/^the intermediate CA certificate \(CN=Gleaner test intermediate CA\) was not valid at /),
        expect.stringMatching(/^the trusted CA certificate \(CN=Gleaner test CA\) was not valid at /),
      ]);
    } finally {
      await chained.stop();
    }
  }, 60_000);

  it('reads a CA file: every certificate in it, a coded error when it holds none or is not there', () => {
    expect(readTrustedAuthorities(tsa.caFile).certificates).toHaveLength(1);
    expect(() => parsePemCertificates('not a certificate', 'x.pem')).toThrow(/x\.pem holds no PEM certificate/);
    expect(() => readTrustedAuthorities(join(tsa.caFile, '..', 'missing.pem'))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
