/**
 * The signing key's private half stays in its store: after a library is filled, bundled and
 * its bundle brought in elsewhere, it is in no setting, no byte of the library's files, no log
 * line, no bundle file and no bridge answer, in any of the forms it could be written in.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySigningKeyStore } from '../../../../src/main/core/secrets/signing-key-store';
import { bundleTestCore, fillCaseLibrary } from './bundle-fixture';

const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const der = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
const seed = der.subarray(der.length - 32);
/** Every spelling the private key could leak in. */
const forms = [pem.split('\n')[1]!, seed.toString('hex'), seed.toString('base64'), seed.toString('base64url'), der.toString('base64')];

const filesUnder = (folder: string): Buffer[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });

const cores = [bundleTestCore(createMemorySigningKeyStore(pem)), bundleTestCore()];
afterAll(() => Promise.all(cores.map((core) => core.dispose())));

describe('the signing key’s private half', () => {
  it('appears in no setting, library file, log line, bundle or bridge answer', async () => {
    const [maker, receiver] = cores as [(typeof cores)[0], (typeof cores)[0]];
    await fillCaseLibrary(maker);
    const answers: unknown[] = [await maker.core.client.call('bundle.key', {}), await maker.core.client.call('settings.get', {})];
    const bundlePath = join(maker.dataDir, 'case.zip');
    answers.push(await maker.core.bundles.create({ scope: { kind: 'all' } }, bundlePath));
    answers.push(await receiver.core.bundles.importBundle(bundlePath));
    const bundleFiles = Object.values(unzipSync(readFileSync(bundlePath))).map((data) => Buffer.from(data));
    rmSync(bundlePath);
    const haystacks = [
      ...filesUnder(maker.dataDir),
      ...filesUnder(receiver.dataDir),
      ...bundleFiles,
      Buffer.from(maker.logLines.join('\n')),
      Buffer.from(receiver.logLines.join('\n')),
      Buffer.from(JSON.stringify(answers)),
    ];
    expect(haystacks.length).toBeGreaterThan(10);
    for (const haystack of haystacks) {
      for (const form of forms) expect(haystack.includes(form)).toBe(false);
      expect(haystack.includes(seed)).toBe(false);
      expect(haystack.includes('PRIVATE KEY')).toBe(false);
    }
  });
});
