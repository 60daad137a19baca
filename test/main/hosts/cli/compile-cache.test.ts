/**
 * The CLI's compile cache: where it lives, that a file compiled from saved code behaves exactly as
 * one compiled from source, that nothing wrong with the cache can stop a command, and that nothing
 * put in its folder by anyone else ever runs. Modules are real files in a temporary folder, loaded
 * with Node's own require.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compileCacheFolder,
  installCompileCache,
  startCompileCache,
  type InstalledCompileCache,
} from '../../../../src/main/hosts/cli/compile-cache';

describe('where the compile cache lives', () => {
  const home = '/home/ana';
  it("is the system's per-user cache folder by default", () => {
    expect(compileCacheFolder({ platform: 'linux', env: {}, home })).toBe('/home/ana/.cache/gleaner/compile-cache');
    expect(compileCacheFolder({ platform: 'linux', env: { XDG_CACHE_HOME: '/fast/cache' }, home })).toBe(
      '/fast/cache/gleaner/compile-cache',
    );
    expect(compileCacheFolder({ platform: 'darwin', env: {}, home })).toBe('/home/ana/Library/Caches/Gleaner/compile-cache');
    expect(compileCacheFolder({ platform: 'win32', env: { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' }, home })).toContain(
      join('Gleaner', 'Cache', 'compile-cache'),
    );
  });

  it('follows GLEANER_COMPILE_CACHE, which can also turn it off, as can Node’s own switch', () => {
    expect(compileCacheFolder({ platform: 'linux', env: { GLEANER_COMPILE_CACHE: '/tmp/mine' }, home })).toBe('/tmp/mine');
    for (const off of ['off', 'OFF', '0', 'false', 'no']) {
      expect(compileCacheFolder({ platform: 'linux', env: { GLEANER_COMPILE_CACHE: off }, home })).toBeNull();
    }
    expect(
      compileCacheFolder({ platform: 'linux', env: { NODE_DISABLE_COMPILE_CACHE: '1', GLEANER_COMPILE_CACHE: '/tmp/mine' }, home }),
    ).toBeNull();
    // An empty value is as good as none.
    expect(compileCacheFolder({ platform: 'linux', env: { GLEANER_COMPILE_CACHE: '  ' }, home })).toBe(
      '/home/ana/.cache/gleaner/compile-cache',
    );
  });
});

describe('compiling from saved code', () => {
  let work = '';
  let folder = '';
  let round = 0;
  let root = '';
  let installed: InstalledCompileCache | null = null;
  const sources = new Map<string, string>();
  const load = (file: string): unknown => createRequire(join(root, 'index.js'))(join(root, file));
  /** The saved code's files (the folder also holds the key they are sealed with). */
  const entries = (): string[] => readdirSync(folder).filter((name) => name.endsWith('.v8'));
  /**
   * As a new process would: the modules written afresh and a new hook over the same saved code. Each
   * round uses a folder of its own, since V8 keeps a script it compiled in memory by its name and
   * would answer from there, never reading the saved code this test is about.
   */
  const freshInstall = (): InstalledCompileCache => {
    installed?.uninstall();
    round += 1;
    root = join(work, `out-${round}`);
    mkdirSync(root);
    for (const [name, text] of sources) writeFileSync(join(root, name), text);
    installed = installCompileCache(root, folder)!;
    return installed;
  };

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'gleaner-compile-cache-'));
    folder = join(work, 'cache');
    mkdirSync(folder, { mode: 0o700 });
    sources.clear();
    sources.set(
      'a.js',
      [
        "const { basename } = require('node:path');",
        "const b = require('./b.js');",
        'exports.where = { file: basename(__filename), folder: basename(__dirname) };',
        'exports.sum = (x) => b.double(x) + 1;',
        'module.exports.moduleIsThisOne = module.exports === exports;',
      ].join('\n'),
    );
    sources.set('b.js', 'module.exports = { double: (x) => x * 2 };\n');
  });
  afterEach(() => {
    installed?.uninstall();
    installed = null;
    for (const key of Object.keys(require.cache)) if (key.startsWith(work)) delete require.cache[key];
    rmSync(work, { recursive: true, force: true });
  });

  it('saves what it compiled, and the next process compiles from it with the same behaviour', () => {
    const first = freshInstall();
    const a = load('a.js') as { where: unknown; sum(x: number): number; moduleIsThisOne: boolean };
    expect(a.sum(20)).toBe(41);
    expect(a.where).toEqual({ file: 'a.js', folder: 'out-1' });
    expect(a.moduleIsThisOne).toBe(true);
    expect(first.counts).toEqual({ used: 0, compiled: 2, refused: 0, saved: 0 });
    first.save();
    expect(first.counts.saved).toBe(2);
    expect(entries()).toHaveLength(2);

    const second = freshInstall();
    const again = load('a.js') as { where: unknown; sum(x: number): number };
    expect(again.sum(20)).toBe(41);
    expect(again.where).toEqual({ file: 'a.js', folder: 'out-2' });
    expect(second.counts).toEqual({ used: 2, compiled: 0, refused: 0, saved: 0 });
    second.save();
    expect(second.counts.saved).toBe(0);
  });

  it('compiles a changed file from source, not from the code saved for its old content', () => {
    freshInstall();
    load('b.js');
    installed!.save();
    sources.set('b.js', 'module.exports = { double: (x) => x * 3 };\n');
    const next = freshInstall();
    expect((load('b.js') as { double(x: number): number }).double(5)).toBe(15);
    expect(next.counts).toEqual({ used: 0, compiled: 1, refused: 0, saved: 0 });
  });

  it('compiles from source when the saved code is damaged, and saves it again', () => {
    freshInstall();
    load('b.js');
    installed!.save();
    const [saved] = entries();
    writeFileSync(join(folder, saved!), 'not code V8 wrote');
    const next = freshInstall();
    expect((load('b.js') as { double(x: number): number }).double(5)).toBe(10);
    expect(next.counts).toEqual({ used: 0, refused: 1, compiled: 1, saved: 0 });
    next.save();
    expect(readFileSync(join(folder, saved!), 'utf8')).not.toBe('not code V8 wrote');
    const third = freshInstall();
    load('b.js');
    expect(third.counts.used).toBe(1);
  });

  it('runs a module that throws exactly once, and its error reaches the caller', () => {
    sources.set('throws.js', "globalThis.__gleanerRuns = (globalThis.__gleanerRuns ?? 0) + 1;\nthrow new Error('broken on load');\n");
    const global = globalThis as { __gleanerRuns?: number };
    delete global.__gleanerRuns;
    freshInstall();
    expect(() => load('throws.js')).toThrow('broken on load');
    expect(global.__gleanerRuns).toBe(1);
    delete global.__gleanerRuns;
  });

  it('leaves a syntax error to Node, reported as always', () => {
    sources.set('bad.js', 'const = ;\n');
    const cache = freshInstall();
    expect(() => load('bad.js')).toThrow(SyntaxError);
    expect(cache.counts).toEqual({ used: 0, compiled: 0, refused: 0, saved: 0 });
  });

  it('leaves files outside the build folder to Node', () => {
    const elsewhere = join(work, 'elsewhere.js');
    writeFileSync(elsewhere, 'module.exports = 7;\n');
    const cache = freshInstall();
    expect(createRequire(elsewhere)(elsewhere)).toBe(7);
    expect(cache.counts.compiled).toBe(0);
    cache.save();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('still runs every module when the folder is gone or cannot be written', () => {
    const cache = freshInstall();
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'a file where the folder was');
    expect((load('a.js') as { sum(x: number): number }).sum(1)).toBe(3);
    expect(() => cache.save()).not.toThrow();
    expect(cache.counts.saved).toBe(0);
  });

  it('removes saved code not written for a month', () => {
    const old = join(folder, 'from-an-old-build.v8');
    writeFileSync(old, 'old');
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    utimesSync(old, monthAgo, monthAgo);
    const cache = freshInstall();
    load('b.js');
    cache.save();
    expect(readdirSync(folder)).not.toContain('from-an-old-build.v8');
    expect(entries()).toHaveLength(1);
  });

  it('keeps the folder under its size, removing the oldest saved code first', () => {
    const hourAgo = (hours: number): Date => new Date(Date.now() - hours * 60 * 60 * 1000);
    for (const [name, hours] of [
      ['oldest.v8', 30],
      ['older.v8', 20],
      ['recent.v8', 10],
    ] as const) {
      writeFileSync(join(folder, name), Buffer.alloc(10_000));
      utimesSync(join(folder, name), hourAgo(hours), hourAgo(hours));
    }
    installed?.uninstall();
    round += 1;
    root = join(work, `out-${round}`);
    mkdirSync(root);
    writeFileSync(join(root, 'b.js'), sources.get('b.js')!);
    // 30 kB of old code and the new file's few kB, over a 25 kB cap: the two oldest go.
    installed = installCompileCache(root, folder, 25_000)!;
    load('b.js');
    installed.save();
    const left = entries().sort();
    expect(left).toHaveLength(2);
    expect(left).toContain('recent.v8');
    expect(left.filter((name) => name !== 'recent.v8')[0]).toMatch(/^[0-9a-f]{64}\.v8$/);
  });

  describe('with code planted in its folder', () => {
    const asRoot = process.getuid?.() === 0;
    const NOBODY = 65534;
    const global = globalThis as { __gleanerPlanted?: boolean };
    const padTo = (code: string, length: number): string => code + ' '.repeat(length - code.length);
    const VICTIM = padTo("module.exports = { who: 'genuine' };", 120);
    /** Another source of the same length: V8 takes its saved code for VICTIM's, and would run it. */
    const PLANTED = padTo("globalThis.__gleanerPlanted = true; module.exports = { who: 'planted' };", 120);
    /** V8's code for the planted source, made as anyone who can run node makes it. */
    const plantedCode = (): Buffer => new Script(Module.wrap(PLANTED), { filename: join(work, `planted-${round}.js`) }).createCachedData();
    let entryPath = '';
    /** A fresh process loading the victim: what it exported, and whether planted code ran. */
    const run = (): { who: string; planted: boolean; counts: InstalledCompileCache['counts'] } => {
      delete global.__gleanerPlanted;
      const cache = freshInstall();
      const { who } = load('victim.js') as { who: string };
      const planted = global.__gleanerPlanted === true;
      delete global.__gleanerPlanted;
      return { who, planted, counts: { ...cache.counts } };
    };

    beforeEach(() => {
      sources.set('victim.js', VICTIM);
      run();
      installed!.save();
      expect(entries()).toHaveLength(1);
      entryPath = join(folder, entries()[0]!);
    });

    it('never runs V8 code made from another source of the same length, nor noise', () => {
      const planted = plantedCode();
      // What makes a planted entry dangerous: V8 itself takes it for the victim's source.
      const probe = new Script(Module.wrap(VICTIM), { filename: join(work, 'probe.js'), cachedData: planted });
      expect(probe.cachedDataRejected).toBe(false);
      for (const bytes of [planted, randomBytes(planted.length)]) {
        writeFileSync(entryPath, bytes);
        const result = run();
        expect(result.planted).toBe(false);
        expect(result.who).toBe('genuine');
        expect(result.counts).toMatchObject({ used: 0, refused: 1, compiled: 1 });
      }
    });

    it('never runs an entry sealed with a key that is not this user’s own', () => {
      // Sealed as the cache seals, with a key of the planter's: anyone can read how it is done.
      const theirKey = randomBytes(32);
      const magic = Buffer.from('gleaner-compile-cache-1\n');
      const digest = createHash('sha256').update(`${process.versions.v8}\0${process.arch}\0${VICTIM}`).digest();
      const planted = plantedCode();
      const tag = createHmac('sha256', theirKey).update(magic).update(digest).update(planted).digest();
      const forged = Buffer.concat([magic, tag, planted]);
      const keyPath = join(folder, 'entries.key');
      const ownKey = readFileSync(keyPath);
      const theirKeyFile = join(work, 'their.key');
      const plantKey = (how: 'untouched' | 'readable by others' | 'a link' | 'another user’s' | 'this user’s'): void => {
        rmSync(keyPath, { force: true });
        writeFileSync(theirKeyFile, theirKey, { mode: 0o600 });
        if (how === 'untouched') writeFileSync(keyPath, ownKey, { mode: 0o600 });
        else if (how === 'a link') symlinkSync(theirKeyFile, keyPath);
        else {
          writeFileSync(keyPath, theirKey, { mode: 0o600 });
          if (how === 'readable by others') chmodSync(keyPath, 0o644);
          if (how === 'another user’s') chownSync(keyPath, NOBODY, NOBODY);
        }
      };
      const ways = ['untouched', 'readable by others', 'a link', ...(asRoot ? (['another user’s'] as const) : [])] as const;
      for (const how of ways) {
        plantKey(how);
        writeFileSync(entryPath, forged, { mode: 0o600 });
        const result = run();
        expect(result.planted, `key ${how}`).toBe(false);
        expect(result.who).toBe('genuine');
      }
      // The forgery is well made: with the planter's key as this user's own, it would run. The key is what guards it.
      plantKey('this user’s');
      writeFileSync(entryPath, forged, { mode: 0o600 });
      expect(run().planted).toBe(true);
    });

    it('uses no entry that is a link, has a second name, is writable by others or is another user’s', () => {
      const genuine = readFileSync(entryPath);
      const ways: [string, () => void][] = [
        [
          'a link to the genuine entry',
          () => {
            const elsewhere = join(work, `elsewhere-${round}.v8`);
            writeFileSync(elsewhere, genuine, { mode: 0o600 });
            rmSync(entryPath);
            symlinkSync(elsewhere, entryPath);
          },
        ],
        ['a hard link (a second name) elsewhere', () => linkSync(entryPath, join(work, `second-name-${round}.v8`))],
        ['group-writable', () => chmodSync(entryPath, 0o620)],
        ['writable by anyone', () => chmodSync(entryPath, 0o602)],
      ];
      if (asRoot) ways.push(['another user’s', () => chownSync(entryPath, NOBODY, NOBODY)]);
      for (const [how, spoil] of ways) {
        rmSync(entryPath, { force: true });
        writeFileSync(entryPath, genuine, { mode: 0o600 });
        // The genuine entry as it was saved is used ...
        expect(run().counts.used, 'before').toBe(1);
        spoil();
        // ... but not once it is any of these.
        const result = run();
        expect(result.counts, how).toMatchObject({ used: 0, refused: 1, compiled: 1 });
        expect(result.who).toBe('genuine');
        // The next save puts a sound entry in its place.
        installed!.save();
        expect(run().counts.used, `after ${how}`).toBe(1);
      }
    });
  });
});

describe('turning the cache on', () => {
  let work = '';
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'gleaner-compile-cache-on-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));
  const env = (GLEANER_COMPILE_CACHE: string) => ({ platform: 'linux' as const, env: { GLEANER_COMPILE_CACHE }, home: work });

  it('is off when asked, or when its folder cannot be made', () => {
    expect(startCompileCache(join(work, 'out'), env('off'))).toBe('off');
    writeFileSync(join(work, 'file'), '');
    expect(startCompileCache(join(work, 'out'), env(join(work, 'file', 'cache')))).toBe('off');
  });

  it('does not use a folder that is a link, even to a folder of this user’s', () => {
    const real = join(work, 'real');
    mkdirSync(real, { mode: 0o700 });
    const link = join(work, 'link');
    symlinkSync(real, link);
    expect(startCompileCache(join(work, 'out'), env(link))).toBe('off');
  });

  it('does not trust a folder others may write', () => {
    const shared = join(work, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect(startCompileCache(join(work, 'out'), env(shared))).toBe('off');
  });
});
