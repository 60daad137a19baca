/**
 * A case bundle of a demo library: what it holds, that `sha256sum -c` and the verifier pass,
 * and that each kind of tampering is caught and named.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleSummary } from '../../../../src/main/core/bundle/create-bundle';
import { entryHash } from '../../../../src/main/core/bundle/custody-check';
import type { VerifyReport } from '../../../../src/main/core/bundle/verify-bundle';
import { createMemorySigningKeyStore } from '../../../../src/main/core/secrets/signing-key-store';
import type { TestCore } from '../../../helpers/core';
import { bundleTestCore, fillCaseLibrary } from './bundle-fixture';

let testCore: TestCore;
let dir: string;
let bundlePath: string;
let summary: BundleSummary;
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  testCore = bundleTestCore();
  await fillCaseLibrary(testCore);
  dir = mkdtempSync(join(tmpdir(), 'gleaner-bundle-'));
  bundlePath = join(dir, 'case.zip');
  summary = await testCore.core.bundles.create({ scope: { kind: 'collection', name: 'Case' } }, bundlePath);
  files = unzipSync(readFileSync(bundlePath));
}, 60_000);
afterAll(async () => {
  await testCore.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const text = (path: string) => Buffer.from(files[path]!).toString('utf8');
const failed = (report: VerifyReport) =>
  report.checks.filter((check) => check.state === 'failed').map((check) => [check.name, check.problems]);

/** Writes the bundle again with `change` applied to its files. */
function tampered(name: string, change: (copy: Record<string, Uint8Array>) => void): string {
  const copy: Record<string, Uint8Array> = { ...files };
  change(copy);
  const path = join(dir, `${name}.zip`);
  writeFileSync(path, zipSync(copy));
  return path;
}

describe('bundle create', () => {
  it('holds each answer byte for byte under its SHA-256, the items pointing at them, and the signed manifest', async () => {
    expect(summary.items).toBeGreaterThan(3);
    const answers = JSON.parse(text('answers.json')) as { sha256: string; request_id: string; file: string }[];
    expect(answers.length).toBe(summary.answers);
    const raw = await testCore.core.client.call('items.raw', { responseId: 1 });
    const stored = answers.find((answer) => answer.request_id === raw.requestId)!;
    expect(text(stored.file)).toBe(raw.body);
    const items = JSON.parse(text('items.json')) as { id: number; answers: string[] }[];
    expect(items.every((item) => item.answers.every((sha) => files[`answers/${sha}.json`] !== undefined))).toBe(true);
    expect(text('notes.json')).toContain('Seen first here');
    expect(text('tags.csv')).toContain('verified');
    expect(text('transcripts.json')).toContain('"segments"');
    const listed = text('manifest.sha256')
      .trim()
      .split('\n')
      .map((line) => line.slice(66));
    expect(new Set(listed)).toEqual(new Set(Object.keys(files).filter((path) => !['manifest.sha256', 'manifest.sig'].includes(path))));
    const resources = (JSON.parse(text('datapackage.json')) as { resources: { path: string; hash: string }[] }).resources;
    expect(resources.find((resource) => resource.path === 'items.json')?.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(text('README.txt')).toContain('sha256sum -c manifest.sha256');
    expect(text('README.txt')).toContain('--tsa-ca tsa-ca.pem');
  });

  it('passes sha256sum -c and openssl’s Ed25519 check in the unzipped folder', () => {
    const out = join(dir, 'unzipped');
    for (const [path, data] of Object.entries(files)) {
      mkdirSync(join(out, path, '..'), { recursive: true });
      writeFileSync(join(out, path), data);
    }
    const checked = execFileSync('sha256sum', ['-c', 'manifest.sha256'], { cwd: out }).toString();
    expect(checked).not.toMatch(/FAILED/);
    expect(checked.trim().split('\n')).toHaveLength(text('manifest.sha256').trim().split('\n').length);
    const signature = execFileSync(
      'openssl',
      ['pkeyutl', '-verify', '-pubin', '-inkey', 'public-key.pem', '-rawin', '-in', 'manifest.sha256', '-sigfile', 'manifest.sig'],
      {
        cwd: out,
      },
    ).toString();
    expect(signature).toMatch(/Signature Verified Successfully/);
    expect(readdirSync(join(out, 'answers')).length).toBeGreaterThan(0);
  });
});

describe('bundle verify', () => {
  it('passes a bundle as made, with the fingerprint expected', async () => {
    const { fingerprint } = await testCore.core.bundles.key();
    const report = await testCore.core.bundles.verify(bundlePath, { fingerprint });
    expect(failed(report)).toEqual([]);
    expect(report).toMatchObject({ ok: true, fingerprint, items: summary.items });
    expect(report.checks.find((check) => check.name === 'timestamp')?.state).toBe('skipped');
  });

  it('names an answer with one byte changed', async () => {
    const answer = Object.keys(files).find((path) => path.startsWith('answers/'))!;
    const path = tampered('one-byte', (copy) => {
      const bytes = Uint8Array.from(copy[answer]!);
      bytes[10] = bytes[10]! ^ 0x01;
      copy[answer] = bytes;
    });
    const report = await testCore.core.bundles.verify(path);
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.name === 'files')?.problems).toContain(
      `${answer}: its SHA-256 does not match manifest.sha256`,
    );
    expect(report.checks.find((check) => check.name === 'answers')?.problems).toContain(
      `${answer}: its content does not have the SHA-256 it is named by`,
    );
  });

  it('reads a bundle unzipped and zipped again with zip -r (folder entries and all), naming only the file changed', async () => {
    const out = join(dir, 'rezipped');
    for (const [path, data] of Object.entries(files)) {
      mkdirSync(join(out, path, '..'), { recursive: true });
      writeFileSync(join(out, path), data);
    }
    const again = join(dir, 'rezipped.zip');
    execFileSync('zip', ['-q', '-r', again, '.'], { cwd: out });
    expect(execFileSync('unzip', ['-Z1', again]).toString().split('\n')).toContain('answers/');
    expect(failed(await testCore.core.bundles.verify(again))).toEqual([]);

    const answer = Object.keys(files).find((path) => path.startsWith('answers/'))!;
    const bytes = Uint8Array.from(files[answer]!);
    bytes[10] = bytes[10]! ^ 0x01;
    writeFileSync(join(out, answer), bytes);
    const flipped = join(dir, 'rezipped-flipped.zip');
    execFileSync('zip', ['-q', '-r', flipped, '.'], { cwd: out });
    const report = await testCore.core.bundles.verify(flipped);
    expect(report.checks.find((check) => check.name === 'files')?.problems).toEqual([
      `${answer}: its SHA-256 does not match manifest.sha256`,
    ]);
  });

  it('reads a bundle zipped again as its folder from inside that folder, and still names a changed file', async () => {
    const parent = join(dir, 'as-folder');
    const folder = join(parent, 'case');
    for (const [path, data] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), data);
    }
    const zipped = join(dir, 'as-folder.zip');
    execFileSync('zip', ['-q', '-r', zipped, 'case'], { cwd: parent });
    const report = await testCore.core.bundles.verify(zipped);
    expect(failed(report)).toEqual([]);
    expect(report).toMatchObject({ ok: true, root: 'case/', items: summary.items });
    const fresh = bundleTestCore();
    try {
      const { imported } = await fresh.core.bundles.importBundle(zipped);
      expect(imported?.answers).toEqual({ added: summary.answers, alreadyHeld: 0, skipped: 0 });
      expect(imported?.items).toBe(summary.items);
    } finally {
      await fresh.dispose();
    }

    const answer = Object.keys(files).find((path) => path.startsWith('answers/'))!;
    const bytes = Uint8Array.from(files[answer]!);
    bytes[10] = bytes[10]! ^ 0x01;
    writeFileSync(join(folder, answer), bytes);
    const flipped = join(dir, 'as-folder-flipped.zip');
    execFileSync('zip', ['-q', '-r', flipped, 'case'], { cwd: parent });
    const tamperedReport = await testCore.core.bundles.verify(flipped);
    expect(tamperedReport.checks.find((check) => check.name === 'files')?.problems).toEqual([
      `${answer}: its SHA-256 does not match manifest.sha256`,
    ]);
  });

  it.each(['items.json', 'notes.csv', 'datapackage.json', 'README.txt', 'public-key.pem', 'custody.json'])(
    'names %s with one byte changed',
    async (name) => {
      const path = tampered(`byte-${name}`, (copy) => {
        const bytes = Uint8Array.from(copy[name]!);
        bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0x01;
        copy[name] = bytes;
      });
      const report = await testCore.core.bundles.verify(path);
      expect(report.ok).toBe(false);
      expect(report.checks.find((check) => check.name === 'files')?.problems).toContain(
        `${name}: its SHA-256 does not match manifest.sha256`,
      );
    },
  );

  it('names a signature by another key, and a key that is not the one expected', async () => {
    const other = bundleTestCore(createMemorySigningKeyStore());
    try {
      const otherPath = join(dir, 'other-key.zip');
      await other.core.bundles.create({ scope: { kind: 'all' } }, otherPath);
      const otherFiles = unzipSync(readFileSync(otherPath));
      const swapped = tampered('other-signature', (copy) => {
        copy['manifest.sig'] = otherFiles['manifest.sig']!;
      });
      expect(failed(await testCore.core.bundles.verify(swapped))).toEqual([
        ['signature', ['manifest.sig is not a signature of manifest.sha256 by the key in public-key.pem']],
      ]);
      const { fingerprint } = await testCore.core.bundles.key();
      const report = await other.core.bundles.verify(otherPath, { fingerprint });
      expect(report.checks.find((check) => check.name === 'signature')?.problems[0]).toMatch(
        /^the bundle was signed by key [0-9a-f:]+, not by the key expected$/,
      );
    } finally {
      await other.dispose();
    }
  });

  it('names an item no answer says, and a file the manifest does not list', async () => {
    const path = tampered('edited-item', (copy) => {
      copy['items.json'] = Buffer.from(text('items.json').replace(/"title":"[^"]*"/, '"title":"Something else"'));
      copy['extra.txt'] = Buffer.from('slipped in');
    });
    const report = await testCore.core.bundles.verify(path);
    expect(
      report.checks
        .find((check) => check.name === 'items')
        ?.problems.some((problem) => /its title is not what its answers say/.test(problem)),
    ).toBe(true);
    expect(report.checks.find((check) => check.name === 'files')?.problems).toContain('extra.txt is not listed in manifest.sha256');
  });
});

describe('custody chain in a bundle', () => {
  const ZERO = '0'.repeat(64);
  const chain = () => {
    const entries: {
      seq: number;
      at: string;
      actor: string;
      kind: string;
      action: string;
      subject: Record<string, unknown>;
      prevHash: string;
      hash: string;
    }[] = [];
    for (let seq = 1; seq <= 4; seq += 1) {
      const entry = {
        seq,
        at: `2026-01-0${seq}T00:00:00.000Z`,
        actor: 'desk-1',
        kind: 'fetch',
        action: 'fetched',
        subject: { requestId: `req_${seq}` },
        prevHash: entries[seq - 2]?.hash ?? ZERO,
        hash: '',
      };
      entry.hash = entryHash(entry);
      entries.push(entry);
    }
    return entries;
  };
  const withCustody = (name: string, custody: unknown) =>
    tampered(name, (copy) => {
      copy['custody.json'] = Buffer.from(JSON.stringify(custody));
    });
  const custodyProblems = async (custody: unknown) =>
    (await testCore.core.bundles.verify(withCustody(`custody-${Math.random()}`, custody))).checks.find((check) => check.name === 'custody')!
      .problems;

  it('accepts a whole chain and names an entry removed, one reordered and one altered', async () => {
    const entries = chain();
    const skeleton = entries.map(({ seq, prevHash, hash }) => ({ seq, prevHash, hash }));
    expect(await custodyProblems({ entries, skeleton, imported: [] })).toEqual([]);
    expect(
      await custodyProblems({
        entries: entries.filter((entry) => entry.seq !== 2),
        skeleton: skeleton.filter((link) => link.seq !== 2),
        imported: [],
      }),
    ).toContain('the custody chain skeleton skips or reorders entries at position 2 (it holds seq 3)');
    expect(await custodyProblems({ entries: [entries[0], entries[2], entries[1], entries[3]], skeleton, imported: [] })).toContain(
      'custody entry 2 is out of order (after entry 3)',
    );
    const altered = entries.map((entry) => (entry.seq === 3 ? { ...entry, actor: 'someone else' } : entry));
    expect(await custodyProblems({ entries: altered, skeleton, imported: [] })).toContain(
      'custody entry 3: its hash does not match its content',
    );
  });
});
