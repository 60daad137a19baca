/**
 * Case bundles made to hurt: zips written byte by byte here (a zip bomb, a central directory
 * that renames, hides or lies about an entry, a bad CRC, a symbolic link, names that climb out of
 * the folder, 65,000 entries nobody listed), bundles re-signed by another key around a 10 MB note,
 * notes, tags and collections that import could not keep, a custody entry nested 20,000 deep and
 * a forked chain, a file swapped between verify and import, and /dev/zero where a bundle or a CA
 * file should be. Each is refused with a reason, within bounded time and memory, and the library
 * is left exactly as it was. Where `unzip` and `sha256sum -c` (the README's check by hand) judge
 * the same zip, both verdicts agree.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundleService, type BundleServiceDeps } from '../../src/main/core/bundle/bundle-service';
import { bundleCaps } from '../../src/main/core/bundle/caps';
import { entryHash } from '../../src/main/core/bundle/custody-check';
import { bundleCustodyReader, bundleImportHooks } from '../../src/main/core/bundle/custody-wiring';
import type { VerifyReport } from '../../src/main/core/bundle/verify-bundle';
import { normaliseResponse } from '../../src/main/core/platforms/normalise';
import { createMemorySigningKeyStore } from '../../src/main/core/secrets/signing-key-store';
import { runCli } from '../../src/main/hosts/cli/program';
import { captureCliIo } from '../helpers/cli-io';
import type { TestCore } from '../helpers/core';
import { bundleTestCore, fillCaseLibrary } from '../main/core/bundle/bundle-fixture';

let maker: TestCore;
let dir: string;
let goodPath: string;
let good: Record<string, Buffer>;

beforeAll(async () => {
  maker = bundleTestCore();
  await fillCaseLibrary(maker);
  dir = mkdtempSync(join(tmpdir(), 'gleaner-hostile-'));
  goodPath = join(dir, 'good.zip');
  await maker.core.bundles.create({ scope: { kind: 'collection', name: 'Case' } }, goodPath);
  good = Object.fromEntries(Object.entries(unzipSync(readFileSync(goodPath))).map(([path, data]) => [path, Buffer.from(data)]));
}, 60_000);
afterAll(async () => {
  await maker.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const text = (files: Record<string, Buffer>, path: string) => files[path]!.toString('utf8');
const failed = (report: VerifyReport) =>
  Object.fromEntries(report.checks.filter((check) => check.state === 'failed').map((check) => [check.name, check.problems]));
let written = 0;
const save = (zip: Buffer): string => {
  written += 1;
  const path = join(dir, `hostile-${written}.zip`);
  writeFileSync(path, zip);
  return path;
};

// A zip, byte by byte: each member may lie in its local header, its central record, or both.
interface Member {
  name: string;
  data: Buffer;
  method?: 0 | 8;
  /** The name its local header gives, when it is not `name`. */
  localName?: string;
  /** The CRC both headers give, when it is not the data's. */
  crc?: number;
  /** The decompressed size its local header gives, when it is not the data's. */
  localBytes?: number;
  /** Attributes of its central record (Unix mode in the high 16 bits). */
  external?: number;
  /** false: a local header and data that the central directory does not list. */
  listed?: boolean;
}

function buildZip(members: readonly Member[], options: { central?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const method = member.method ?? 8;
    const body = method === 8 ? deflateRawSync(member.data) : member.data;
    const crc = member.crc ?? crc32(member.data) >>> 0;
    const localName = Buffer.from(member.localName ?? member.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(member.localBytes ?? member.data.length, 22);
    local.writeUInt16LE(localName.length, 26);
    parts.push(local, localName, body);
    if (member.listed !== false) {
      const name = Buffer.from(member.name, 'utf8');
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE((3 << 8) | 20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0800, 8);
      central.writeUInt16LE(method, 10);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(member.data.length, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE((member.external ?? 0o100644 << 16) >>> 0, 38);
      central.writeUInt32LE(offset, 42);
      records.push(central, name);
    }
    offset += 30 + localName.length + body.length;
  }
  if (options.central === false) return Buffer.concat(parts);
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = members.filter((member) => member.listed !== false).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const membersOf = (files: Record<string, Buffer>, change: (member: Member) => Member = (member) => member): Member[] =>
  Object.entries(files).map(([name, data]) => change({ name, data }));

/** The files signed again by a fresh key, the Data Package and manifest made anew: a bundle anyone could make. */
function resigned(files: Record<string, Buffer>): Record<string, Buffer> {
  const out: Record<string, Buffer> = { ...files };
  delete out['manifest.tsr'];
  const undescribed = new Set(['manifest.sha256', 'manifest.sig', 'datapackage.json', 'README.txt', 'public-key.pem']);
  const descriptor = JSON.parse(text(out, 'datapackage.json')) as { resources: unknown[] };
  descriptor.resources = Object.keys(out)
    .filter((path) => !undescribed.has(path))
    .map((path) => ({ name: path, path, bytes: out[path]!.length, hash: `sha256:${sha256(out[path]!)}` }));
  out['datapackage.json'] = Buffer.from(JSON.stringify(descriptor));
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  out['public-key.pem'] = Buffer.from(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const listed = Object.keys(out).filter((path) => path !== 'manifest.sha256' && path !== 'manifest.sig');
  const manifest = Buffer.from(listed.map((path) => `${sha256(out[path]!)}  ${path}\n`).join(''));
  out['manifest.sha256'] = manifest;
  out['manifest.sig'] = sign(null, manifest, privateKey);
  return out;
}

/** The README's check by hand: unzip into a folder, then `sha256sum -c manifest.sha256` there. */
function unzipAndSha256sumAccept(path: string): boolean {
  const out = mkdtempSync(join(dir, 'by-hand-'));
  const unzipped = spawnSync('unzip', ['-qq', '-o', path, '-d', out], { stdio: 'ignore' });
  if (unzipped.status !== 0) return false;
  return spawnSync('sha256sum', ['-c', '--quiet', 'manifest.sha256'], { cwd: out, stdio: 'ignore' }).status === 0;
}

/** A bundle service over `testCore`'s library, with what a test changes. */
function serviceOf(testCore: TestCore, overrides: Partial<BundleServiceDeps> = {}) {
  const context = testCore.core.context;
  return createBundleService({
    db: context.db,
    clock: context.clock,
    fetch: context.fetch,
    log: context.log,
    settings: context.settings,
    signingKeys: createMemorySigningKeyStore(),
    ingest: context.ingest,
    normalise: normaliseResponse,
    collections: context.collections,
    custody: bundleCustodyReader,
    importHooks: bundleImportHooks(context.db, context.clock),
    ...overrides,
  });
}

/** What a library holds, to show an import changed nothing. */
const contents = (testCore: TestCore) => {
  const db = testCore.core.context.db;
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    responses: count('responses'),
    items: count('items'),
    notes: count('notes'),
    tags: count('tags'),
    collections: count('collections'),
  };
};

async function withFreshLibrary<T>(run: (testCore: TestCore) => Promise<T>): Promise<T> {
  const fresh = bundleTestCore();
  try {
    return await run(fresh);
  } finally {
    await fresh.dispose();
  }
}

/** `gleaner …` in this process, on its own data folder. */
async function gleaner(args: string[]) {
  const { io, out, err } = captureCliIo({ shutdown: 'never' });
  const code = await runCli([...args, '--data-dir', join(dir, `cli-${written++}`)], io, '/nowhere');
  return { code, out: out(), err: err() };
}

describe('zips that unzip reads otherwise than their local headers say', { timeout: 60_000 }, () => {
  const notes = () => good['notes.json']!;

  it('refuses a zip with no central directory, which unzip cannot read either', async () => {
    const path = save(buildZip(membersOf(good), { central: false }));
    expect(unzipAndSha256sumAccept(path)).toBe(false);
    await expect(maker.core.bundles.verify(path)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/has no central directory/) as unknown,
    });
  });

  it('names an entry its central directory renames, and one it hides', async () => {
    const renamed = save(
      buildZip(
        membersOf(good, (member) => (member.name === 'notes.json' ? { ...member, name: 'notes.jsn', localName: 'notes.json' } : member)),
      ),
    );
    expect(unzipAndSha256sumAccept(renamed)).toBe(false);
    const report = await maker.core.bundles.verify(renamed);
    expect(report.ok).toBe(false);
    expect(failed(report).files).toContain('notes.jsn: its local header names it "notes.json"');

    const hidden = save(buildZip(membersOf(good, (member) => (member.name === 'notes.json' ? { ...member, listed: false } : member))));
    expect(unzipAndSha256sumAccept(hidden)).toBe(false);
    const hiddenReport = await maker.core.bundles.verify(hidden);
    expect(hiddenReport.ok).toBe(false);
    expect(failed(hiddenReport).files).toContain('notes.json is listed in manifest.sha256 but missing');
  });

  it('names an entry whose bytes do not have the CRC-32 the zip gives, as unzip -t does', async () => {
    const path = save(
      buildZip(membersOf(good, (member) => (member.name === 'notes.json' ? { ...member, crc: (crc32(notes()) ^ 1) >>> 0 } : member))),
    );
    expect(spawnSync('unzip', ['-tqq', path]).status).not.toBe(0);
    const report = await maker.core.bundles.verify(path);
    expect(failed(report).files).toContain('notes.json: its bytes do not match the CRC-32 the zip gives for them');
  });

  it('names an entry whose local header gives another size than its central record', async () => {
    const path = save(
      buildZip(membersOf(good, (member) => (member.name === 'notes.json' ? { ...member, localBytes: notes().length + 100 } : member))),
    );
    const report = await maker.core.bundles.verify(path);
    expect(failed(report).files).toContain('notes.json: its local header and the central directory give different sizes or CRC');
  });

  it('names a symbolic link, which unzip would make as a link', async () => {
    const path = save(
      buildZip(membersOf(good, (member) => (member.name === 'notes.json' ? { ...member, external: (0o120777 << 16) >>> 0 } : member))),
    );
    expect(unzipAndSha256sumAccept(path)).toBe(false);
    const report = await maker.core.bundles.verify(path);
    expect(failed(report).files).toContain('notes.json: it is a symbolic link');
  });

  it('names signed names that climb out of the folder, absolute ones and backslashes', async () => {
    const files = resigned({
      ...good,
      '../../x': Buffer.from('outside'),
      '/tmp/y': Buffer.from('absolute'),
      'answers\\z.json': Buffer.from('{}'),
    });
    const path = save(buildZip(membersOf(files)));
    expect(unzipAndSha256sumAccept(path)).toBe(false);
    const problems = failed(await maker.core.bundles.verify(path)).files;
    expect(problems).toEqual(
      expect.arrayContaining([
        '../../x: its name leaves the bundle’s folder (..)',
        '/tmp/y: its name is an absolute path',
        'answers\\z.json: its name holds a backslash, which unzip may read as a folder separator',
      ]),
    );
  });

  it('names two signed files that a case-insensitive disk would write to one place', async () => {
    const path = save(buildZip(membersOf(resigned({ ...good, 'TAGS.json': good['tags.json']! }))));
    const problems = failed(await maker.core.bundles.verify(path)).files;
    expect(problems).toContain('TAGS.json: it would be written where tags.json is (names differing only in case)');
    expect(problems).toContain('tags.json: it would be written where tags.json is (names differing only in case)');
  });

  it('says in one line that 65,000 entries are not listed, and reads none of them', async () => {
    const extra: Member[] = Array.from({ length: 65_000 }, (_, k) => ({ name: `junk/${k}.txt`, data: Buffer.from(String(k)), method: 0 }));
    const path = save(buildZip([...membersOf(good), ...extra]));
    const report = await maker.core.bundles.verify(path);
    expect(failed(report).files).toEqual([
      '65,000 files are not listed in manifest.sha256: junk/0.txt, junk/1.txt, junk/2.txt and 64,997 more',
    ]);
    expect(JSON.stringify(report).length).toBeLessThan(10_000);
    const cli = await gleaner(['bundle', 'verify', path]);
    expect(cli.code).toBe(1);
    expect(cli.err.length).toBeLessThan(1_000);
    expect(cli.out.length).toBeLessThan(5_000);
  });
});

describe('sizes past the caps', { timeout: 60_000 }, () => {
  const caps = bundleCaps({ totalBytes: 4 * 2 ** 20, entryBytes: 2 * 2 ** 20, heldBytes: 2 * 2 ** 20 });

  it('refuses a zip bomb from its central directory, before decompressing anything', async () => {
    const bomb = Buffer.alloc(3 * 2 ** 20);
    const path = save(buildZip([...membersOf(good), ...[1, 2].map((k) => ({ name: `media/bomb-${k}.bin`, data: bomb }))]));
    expect(readFileSync(path).length).toBeLessThan(100_000);
    await expect(serviceOf(maker, { caps }).verify(path)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(
        /its files would be 6\.\d MiB decompressed, more than a bundle may hold \(4 MiB\); nothing was decompressed/,
      ) as unknown,
    });
  });

  it('refuses one file larger than a file may be, and one that decompresses to more than it says', async () => {
    const path = save(buildZip([...membersOf(good), { name: 'media/large.bin', data: Buffer.alloc(3 * 2 ** 20) }]));
    expect(failed(await serviceOf(maker, { caps: bundleCaps({ entryBytes: 2 * 2 ** 20 }) }).verify(path)).files).toContain(
      "media/large.bin: it would be 3 MiB decompressed, more than a bundle's file may be (2 MiB)",
    );

    // Headers that say 10,000 bytes for what inflates to 3 MiB: stopped at byte 10,001.
    const lying = buildZip(membersOf({ ...good, 'items.json': Buffer.alloc(3 * 2 ** 20, 0x20) }));
    const at = lying.indexOf(Buffer.from('items.json'), lying.length - 10_000) - 46;
    lying.writeUInt32LE(10_000, at + 24);
    const local = lying.readUInt32LE(at + 42);
    lying.writeUInt32LE(10_000, local + 22);
    const report = await maker.core.bundles.verify(save(lying));
    expect(failed(report).files).toContain('items.json: it decompresses to more than the 10000 bytes the zip gives for it');
  });
});

describe('bundles signed anew around what import could not keep', { timeout: 60_000 }, () => {
  type Note = { item_id: number; collection: string | null; body: string; updated_at: string };
  const goodNotes = () => JSON.parse(text(good, 'notes.json')) as Note[];

  async function refusedWithLibraryUnchanged(files: Record<string, Buffer>) {
    const path = save(buildZip(membersOf(resigned(files))));
    return withFreshLibrary(async (fresh) => {
      const before = contents(fresh);
      const result = await fresh.core.bundles.importBundle(path);
      expect(result.imported).toBeNull();
      expect(contents(fresh)).toEqual(before);
      return result.verification;
    });
  }

  it('refuses a 10 MB note in verify, saying why, rather than dropping it on import as a conflict', async () => {
    const notes = goodNotes();
    notes.push({ ...notes[0]!, collection: 'Case', body: 'x'.repeat(10_000_000) });
    const report = await refusedWithLibraryUnchanged({ ...good, 'notes.json': Buffer.from(JSON.stringify(notes)) });
    expect(failed(report).notes).toEqual([
      `note number ${notes.length} in notes.json is 10,000,000 characters long, more than a note may be (100,000): Gleaner would not keep it`,
    ]);
  });

  it('refuses notes, tags and collections that are not JSON, not records, or about items the bundle lacks', async () => {
    const notText = await refusedWithLibraryUnchanged({ ...good, 'notes.json': Buffer.from('[{"item_id": 1,') });
    expect(failed(notText).notes).toEqual(['notes.json is not a list (it ends before its brackets close)']);

    const tags = JSON.parse(text(good, 'tags.json')) as { item_id: number; collection: string | null; tag: string }[];
    const memberships = JSON.parse(text(good, 'collections.json')) as { collection: string; item_id: number; added_at: string }[];
    const report = await refusedWithLibraryUnchanged({
      ...good,
      'tags.json': Buffer.from(JSON.stringify([...tags, { ...tags[0]!, tag: 't'.repeat(300) }, { item_id: 'one', tag: 'x' }])),
      'collections.json': Buffer.from(JSON.stringify([...memberships, { ...memberships[0]!, item_id: 999_999 }])),
    });
    expect(failed(report).notes).toEqual([
      `tag number ${tags.length + 1} in tags.json is not a tag Gleaner keeps (A tag is 1 to 100 characters on one line.)`,
      `tag number ${tags.length + 2} in tags.json is not a tag record`,
      `entry number ${memberships.length + 1} in collections.json is about item 999999, which items.json does not hold`,
    ]);
  });

  it('names a custody entry nested 20,000 levels deep instead of running out of stack', async () => {
    const custody = JSON.parse(text(good, 'custody.json')) as { entries: { subject: Record<string, unknown> }[] };
    custody.entries[0]!.subject.deep = 'DEEP';
    const raw = JSON.stringify(custody).replace('"DEEP"', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`);
    const report = await refusedWithLibraryUnchanged({ ...good, 'custody.json': Buffer.from(raw) });
    expect(failed(report).custody).toEqual(['custody.json cannot be read: it nests deeper than 256 levels']);
    const cli = await gleaner(['bundle', 'verify', save(buildZip(membersOf(resigned({ ...good, 'custody.json': Buffer.from(raw) }))))]);
    expect(cli.err).toMatch(
      /^error BUNDLE_INVALID: The bundle does not verify: custody \(custody\.json cannot be read: it nests deeper than 256 levels\)/,
    );
  });

  it('names a forked custody chain brought in from an earlier bundle, and one reordered', async () => {
    const ZERO = '0'.repeat(64);
    const entry = (seq: number, prevHash: string, requestId: string) => {
      const made = {
        seq,
        at: `2026-01-0${seq}T00:00:00.000Z`,
        actor: 'desk-9',
        kind: 'fetch',
        action: 'fetched',
        subject: { requestId },
        prevHash,
        hash: '',
      };
      made.hash = entryHash(made);
      return made;
    };
    const one = entry(1, ZERO, 'req_1');
    const two = entry(2, one.hash, 'req_2');
    const forkA = entry(3, two.hash, 'req_3a');
    const forkB = entry(4, two.hash, 'req_3b');
    const custody = JSON.parse(text(good, 'custody.json')) as { imported: unknown[] };
    const withImported = (entries: unknown[]) =>
      Buffer.from(JSON.stringify({ ...custody, imported: [{ origin: 'bundle:earlier', entries }] }));
    const forked = await refusedWithLibraryUnchanged({ ...good, 'custody.json': withImported([one, two, forkA, forkB]) });
    expect(failed(forked).custody).toEqual([
      'the custody chain from bundle:earlier breaks at entry 4',
      'the custody chain from bundle:earlier forks: entries 3 and 4 claim the same entry before them',
      'custody entry 4 from bundle:earlier names entry 2 as the one before it',
    ]);
    const reordered = await refusedWithLibraryUnchanged({ ...good, 'custody.json': withImported([one, forkA, two]) });
    expect(failed(reordered).custody).toContain('custody entry 2 from bundle:earlier is out of order (after entry 3)');
  });
});

describe('what import reads', { timeout: 60_000 }, () => {
  it('brings in the bundle verified, not a file put at its path between verify and import', async () => {
    const path = join(dir, 'swapped.zip');
    writeFileSync(path, readFileSync(goodPath));
    const forgedNotes = (JSON.parse(text(good, 'notes.json')) as { body: string }[]).map((note) => ({ ...note, body: 'FORGED' }));
    const forged = join(dir, 'forged.zip');
    writeFileSync(forged, buildZip(membersOf({ ...good, 'notes.json': Buffer.from(JSON.stringify(forgedNotes)) })));
    let swapped = false;
    await withFreshLibrary(async (fresh) => {
      const service = serviceOf(fresh, {
        // Verify reads each answer with the normalisers: the first is the moment to swap the file.
        normalise: (...args: Parameters<typeof normaliseResponse>) => {
          if (!swapped) {
            renameSync(forged, path);
            swapped = true;
          }
          return normaliseResponse(...args);
        },
      });
      const { verification, imported } = await service.importBundle(path);
      expect(swapped).toBe(true);
      expect(verification.ok).toBe(true);
      expect(imported?.notes.added).toBe(2);
      const bodies = fresh.core.context.db.prepare('SELECT body FROM notes ORDER BY body').pluck().all();
      expect(bodies).toEqual(['Note in the case only.', 'Seen first here; check with the desk.']);
    });
  });

  it('leaves the library exactly as it was when the import fails at its last step', async () => {
    await withFreshLibrary(async (fresh) => {
      const before = contents(fresh);
      const service = serviceOf(fresh, {
        importHooks: {
          custody: () => {
            throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
          },
        },
      });
      await expect(service.importBundle(goodPath)).rejects.toThrow(/disk is full/);
      expect(contents(fresh)).toEqual(before);
      // The same bundle then comes in whole.
      expect((await fresh.core.bundles.importBundle(goodPath)).imported?.notes.added).toBe(2);
      expect(contents(fresh).notes).toBe(2);
    });
  });

  it('refuses /dev/zero as a bundle, to verify or import, and as --tsa-ca, before reading a byte', async () => {
    await expect(maker.core.bundles.verify('/dev/zero')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: '/dev/zero is a character device, not a regular file: Gleaner reads a case bundle only from a regular file.',
    });
    const verify = await gleaner(['bundle', 'verify', '/dev/zero']);
    expect(verify.code).toBe(2);
    expect(verify.err).toMatch(/^error INVALID_INPUT: \/dev\/zero is a character device, not a regular file/);
    const imported = await gleaner(['bundle', 'import', '/dev/zero']);
    expect(imported.code).toBe(2);
    expect(imported.err).toMatch(/^error INVALID_INPUT: \/dev\/zero is a character device/);
    const ca = await gleaner(['bundle', 'verify', goodPath, '--tsa-ca', '/dev/zero']);
    expect(ca.code).toBe(2);
    expect(ca.err).toMatch(
      /^error INVALID_INPUT: \/dev\/zero is a character device, not a regular file: Gleaner reads the timestamp authority's CA/,
    );
    const setting = await gleaner(['config', 'set', 'bundle.tsa-ca', '/dev/zero']);
    expect(setting.err).toMatch(/^error INVALID_INPUT: bundle\.tsa-ca: \/dev\/zero is a character device/);
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(maker.core.bundles.verify(fifo)).rejects.toMatchObject({
      message: expect.stringMatching(/is a named pipe \(FIFO\), not a regular file/) as unknown,
    });
    mkdirSync(join(dir, 'folder.zip'));
    await expect(maker.core.bundles.verify(join(dir, 'folder.zip'))).rejects.toMatchObject({
      message: expect.stringMatching(/is a folder, not a regular file/) as unknown,
    });
  });
});
