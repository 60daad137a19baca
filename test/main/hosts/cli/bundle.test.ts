/**
 * The checks' story on the command line: a demo library, `bundle create --collection C`,
 * `bundle verify` passes, one byte flipped in one answer fails naming it (exit 1), `bundle
 * import` into a fresh data folder gives the same request ids and hashes. The signing key comes
 * from GLEANER_SIGNING_KEY, as a script on a machine without a keychain gives it, and no output
 * ever holds it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../../src/main/demo/server';
import { runCli } from '../../../../src/main/hosts/cli/program';
import { captureCliIo } from '../../../helpers/cli-io';
import { startLocalTsa } from '../../../helpers/tsa';

const privatePem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const keyBody = privatePem.split('\n')[1]!;
let root: string;
const printed: string[] = [];

async function gleaner(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const { io, out, err } = captureCliIo({ env: { GLEANER_SIGNING_KEY: privatePem, ...env }, shutdown: 'never' });
  const code = await runCli([...args, '--data-dir', dataDir], io, '/nowhere');
  printed.push(out(), err());
  return { code, out: out(), err: err() };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'gleaner-bundle-cli-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('gleaner bundle', { timeout: 120_000 }, () => {
  it('creates, verifies, catches a flipped byte, and imports into a fresh data folder', async () => {
    const library = join(root, 'library');
    const called = await gleaner(library, ['call', 'videosite', 'search', 'query=harbour', '--collection', 'C', '--json']);
    expect(called.code).toBe(0);
    const requestIds = (JSON.parse(called.out) as { requests: { request_id: string }[] }).requests.map((request) => request.request_id);

    const key = await gleaner(library, ['bundle', 'key', '--json']);
    const { fingerprint } = JSON.parse(key.out) as { fingerprint: string };
    expect(fingerprint).toMatch(/^([0-9a-f]{4}:){15}[0-9a-f]{4}$/);

    const casePath = join(root, 'case.zip');
    const created = await gleaner(library, ['bundle', 'create', '--collection', 'C', '--out', casePath, '--json']);
    expect(created.err).toBe('');
    expect(JSON.parse(created.out)).toMatchObject({ out: casePath, fingerprint, timestamped: false });

    const verified = await gleaner(join(root, 'checker'), ['bundle', 'verify', casePath, '--fingerprint', fingerprint]);
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(/^ok +files$/m);
    expect(verified.out).toMatch(/^ok +signature$/m);
    // Checking a bundle someone sent makes no library where there was none.
    expect(existsSync(join(root, 'checker'))).toBe(false);

    const files = unzipSync(readFileSync(casePath));
    const answer = Object.keys(files).find((path) => path.startsWith('answers/'))!;
    const flipped = Uint8Array.from(files[answer]!);
    flipped[20] = flipped[20]! ^ 0x20;
    const tamperedPath = join(root, 'tampered.zip');
    writeFileSync(tamperedPath, zipSync({ ...files, [answer]: flipped }));
    const refused = await gleaner(join(root, 'checker'), ['bundle', 'verify', tamperedPath]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${answer}: its SHA-256 does not match manifest.sha256`);
    expect(refused.err).toMatch(/^error BUNDLE_INVALID: The bundle does not verify: files \(/);

    const fresh = join(root, 'fresh');
    const imported = await gleaner(fresh, ['bundle', 'import', casePath, '--json']);
    expect(imported.err).toBe('');
    expect(JSON.parse(imported.out)).toMatchObject({ fingerprint, collections: { created: 1 } });
    const shown = await gleaner(fresh, ['collections', 'show', 'C', '--json']);
    expect(shown.code).toBe(0);
    const again = join(root, 'again.zip');
    await gleaner(fresh, ['bundle', 'create', '--collection', 'C', '--out', again]);
    const answersOf = (path: string) =>
      (JSON.parse(Buffer.from(unzipSync(readFileSync(path))['answers.json']!).toString()) as { request_id: string; sha256: string }[]).map(
        ({ request_id, sha256 }) => [request_id, sha256],
      );
    expect(answersOf(again)).toEqual(answersOf(casePath));
    expect(answersOf(again).map(([requestId]) => requestId)).toEqual(requestIds);

    const refusedImport = await gleaner(join(root, 'fresh2'), ['bundle', 'import', tamperedPath]);
    expect(refusedImport.code).toBe(1);
    expect(refusedImport.err).toMatch(/nothing was brought in/);
  });

  it('says which one of --collection, --query, --all is needed', async () => {
    const result = await gleaner(join(root, 'library'), ['bundle', 'create', '--out', join(root, 'x.zip')]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error INVALID_INPUT: Say what the bundle holds/);
  });

  it('checks the timestamp authority against the CA given by --tsa-ca or bundle.tsa-ca, and says when none was given', async () => {
    const tsa = await startLocalTsa();
    try {
      const library = join(root, 'stamped');
      await gleaner(library, ['call', 'videosite', 'search', 'query=harbour', '--collection', 'C']);
      expect((await gleaner(library, ['config', 'set', 'bundle.tsa-url', tsa.url])).code).toBe(0);
      const stamped = join(root, 'stamped.zip');
      expect((await gleaner(library, ['bundle', 'create', '--collection', 'C', '--out', stamped, '--timestamp'])).code).toBe(0);

      const unchecked = await gleaner(library, ['bundle', 'verify', stamped]);
      expect(unchecked.code).toBe(0);
      expect(unchecked.out).toContain(
        "Timestamp authority: the authority's certificate was not checked against a trusted CA (give bundle verify --tsa-ca PEM, or set bundle.tsa-ca).",
      );
      const trusted = await gleaner(library, ['bundle', 'verify', stamped, '--tsa-ca', tsa.caFile, '--json']);
      expect(trusted.code).toBe(0);
      expect(JSON.parse(trusted.out)).toMatchObject({
        ok: true,
        timestamp: { authority: { checked: true, trustedCa: 'CN=Gleaner test CA' } },
      });

      const other = tsa.unrelatedCa();
      const refused = await gleaner(library, ['bundle', 'verify', stamped, '--tsa-ca', other.caFile]);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/^FAILED +timestamp$/m);
      expect(refused.err).toContain(
        `error BUNDLE_INVALID: The bundle does not verify: timestamp (the timestamp authority's certificate (CN=Gleaner test TSA) does not chain to a CA in ${other.caFile}`,
      );

      // The setting serves where no option is given; a path that is not there is refused when set.
      expect((await gleaner(library, ['config', 'set', 'bundle.tsa-ca', other.caFile])).code).toBe(0);
      expect((await gleaner(library, ['bundle', 'verify', stamped])).code).toBe(1);
      expect((await gleaner(library, ['bundle', 'verify', stamped, '--tsa-ca', tsa.caFile])).code).toBe(0);
      const missing = await gleaner(library, ['config', 'set', 'bundle.tsa-ca', join(root, 'missing.pem')]);
      expect(missing.err).toMatch(/^error NOT_FOUND: bundle\.tsa-ca: there is no file /);
      const missingOption = await gleaner(library, ['bundle', 'verify', stamped, '--tsa-ca', join(root, 'missing.pem')]);
      expect(missingOption.err).toMatch(/^error NOT_FOUND: There is no file /);
    } finally {
      await tsa.stop();
    }
  });

  it('puts the media a demo service serves itself into a bundle with --media', async () => {
    // What `gleaner demo-service` runs, in this process.
    const demo = await startDemoService({ port: 0, seed: 'bundle-media' });
    try {
      const library = join(root, 'media-library');
      const env = { GLEANER_TOKEN: demo.teams.find((team) => team.plan === 'team')!.token };
      expect((await gleaner(library, ['config', 'set', 'base-url', demo.url])).code).toBe(0);
      expect((await gleaner(library, ['call', 'videosite', 'search', 'query=harbour', '--collection', 'C'], env)).code).toBe(0);
      const withMedia = join(root, 'with-media.zip');
      const created = await gleaner(library, ['bundle', 'create', '--collection', 'C', '--out', withMedia, '--media', '--json'], env);
      expect(created.err).toBe('');
      const { media } = JSON.parse(created.out) as { media: { fetched: number; failed: number; skipped: number } };
      expect(media.fetched).toBeGreaterThan(0);
      expect(media).toMatchObject({ failed: 0, skipped: 0 });
      const files = unzipSync(readFileSync(withMedia));
      expect(Object.keys(files).filter((path) => path.startsWith('media/'))).toHaveLength(media.fetched);
      expect((await gleaner(join(root, 'checker'), ['bundle', 'verify', withMedia])).code).toBe(0);
    } finally {
      await demo.close();
    }
  });

  it('signs with a one-time key on --one-time-key, and says so', async () => {
    const library = join(root, 'library');
    const { fingerprint } = JSON.parse((await gleaner(library, ['bundle', 'key', '--json'])).out) as { fingerprint: string };
    const oneTime = join(root, 'one-time.zip');
    const created = await gleaner(library, ['bundle', 'create', '--collection', 'C', '--out', oneTime, '--one-time-key']);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(
      /^Signed by a one-time key, kept nowhere: ([0-9a-f]{4}:){15}[0-9a-f]{4} \(it proves the bundle unchanged, not which library made it\)\.$/m,
    );
    expect(created.out).not.toContain(fingerprint);
    const verified = await gleaner(join(root, 'checker'), ['bundle', 'verify', oneTime]);
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(/; signed by a one-time key ([0-9a-f]{4}:){15}[0-9a-f]{4}\./);
    expect(verified.out).toContain('not which library made it');
    const asLibrary = await gleaner(join(root, 'checker'), ['bundle', 'verify', join(root, 'case.zip')]);
    expect(asLibrary.out).not.toContain('one-time');
  });

  it('never prints the private key', () => {
    const all = printed.join('\n');
    expect(all).not.toContain(keyBody);
    expect(all).not.toContain('PRIVATE KEY');
  });
});
