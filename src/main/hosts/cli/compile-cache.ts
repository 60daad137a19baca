/**
 * V8's compiled code for the CLI's own files, kept between runs.
 *
 * Most of what `gleaner search` spends before it searches is V8 parsing and compiling the bundled
 * JavaScript, the same work on every run. This module keeps that work for the files under the CLI's
 * build folder: each file is compiled with the code V8 saved for it last time, and, for a file that
 * had none, the code is saved when the process exits, so it holds the functions that run actually
 * compiled, not only the file's top level.
 *
 * Saved code is code: V8 checks only that it was made from a source of the same length, so an entry
 * planted by anyone who can write the folder would run, as this user, in every command, with
 * `GLEANER_TOKEN` in reach. So each entry carries an HMAC, under a key only this user can read, of
 * the source it was made from and of its bytes, and is used only when the tag matches; the folder
 * and each entry are opened without following links and checked on the opened descriptor (a
 * regular file or folder, this user's, writable by no one else), and the entries are read through
 * the folder's descriptor where the system allows (Linux), so swapping a path between the check and
 * the read gains nothing. Node's own compile cache (22.1 on) is not used: it checks its entries with
 * a CRC anyone can recompute.
 *
 * A cache is only ever a speed-up: anything wrong with it (an unreadable folder, an entry that
 * fails a check, a file V8 refuses, no room to write) leaves the command compiling as it would
 * without one, silently.
 */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { Script } from 'node:vm';

/** A saved file not written again for this long belongs to a build no longer run: it is removed. */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** A build's saved code is under 1 MB; this keeps dozens of builds (a developer's day) and no more. */
const MAX_FOLDER_BYTES = 64 * 1024 * 1024;
/** Larger than any file's saved code; a bigger "entry" is not read at all. */
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
const OFF_WORDS = new Set(['0', 'off', 'false', 'no']);

/** An entry: this marker, the HMAC tag, then V8's bytes. */
const ENTRY_MAGIC = Buffer.from('gleaner-compile-cache-1\n');
const TAG_BYTES = 32;
/** The HMAC key's file, beside the entries; tidying never removes it. */
const KEY_FILE = 'entries.key';
const KEY_BYTES = 32;
const ENTRY_SUFFIX = '.v8';
const PARTIAL_SUFFIX = '.partial';

// Windows has neither flag; there, links and owners are left to the HMAC.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

interface CacheEnv {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
}

/**
 * Where the cache lives, or null when it is turned off: `GLEANER_COMPILE_CACHE` names a folder, or
 * turns it off (`off`, `0`); Node's own `NODE_DISABLE_COMPILE_CACHE` turns it off too. Otherwise the
 * system's per-user cache folder.
 */
export function compileCacheFolder(
  { platform, env, home }: CacheEnv = { platform: process.platform, env: process.env, home: homedir() },
): string | null {
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  const chosen = env.GLEANER_COMPILE_CACHE?.trim();
  if (chosen) return OFF_WORDS.has(chosen.toLowerCase()) ? null : chosen;
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'Gleaner', 'Cache', 'compile-cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'Gleaner', 'compile-cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'gleaner', 'compile-cache');
}

/** What the cache did in this process; tests read it, the command never prints it. */
export interface CompileCacheCounts {
  /** Files compiled from saved code. */
  used: number;
  /** Files compiled from source, whose code is saved at exit (none was saved, or it was not used). */
  compiled: number;
  /** Saved code not used: it failed a check (a link, another user's, a tag that does not match) or V8 refused it. */
  refused: number;
  /** Files whose code was saved. */
  saved: number;
}

export interface InstalledCompileCache {
  counts: CompileCacheCounts;
  /** Saves the code of the files compiled from source since the last save (at exit by default). */
  save(): void;
  /** Puts Node's own compiling back, and lets go of the folder (tests). */
  uninstall(): void;
}

type CompileMethod = (this: Module, content: string, filename: string, ...more: unknown[]) => unknown;
const moduleProto = Module.prototype as unknown as { _compile: CompileMethod };

/** What an entry is made for: V8 checks only a source's length, so this covers its whole content. */
function sourceDigest(content: string): Buffer {
  return hash('sha256', `${process.versions.v8}\0${process.arch}\0${content}`, 'buffer');
}

/**
 * True when a file or folder is this user's and only this user may write it (or, with `0o077`,
 * read it too). Windows has no owners to compare: there, the HMAC alone decides.
 */
function onlyMine(stat: Stats, forbiddenModeBits: number): boolean {
  if (!process.getuid) return true;
  return stat.uid === process.getuid() && (stat.mode & forbiddenModeBits) === 0;
}

/** The cache folder, held open: its checks are made on the descriptor, not on a path that can change after. */
interface OpenFolder {
  /** The path entries are reached by: through the descriptor on Linux, the folder's own path elsewhere. */
  base: string;
  fd: number | null;
}

/**
 * Opens the folder, made if missing, without following a link in its last step, and checks it on the
 * descriptor: a folder, this user's, writable by no one else. Null when it is not to be used.
 */
function openOwnFolder(folder: string): OpenFolder | null {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (process.platform === 'win32') return lstatSync(folder).isDirectory() ? { base: folder, fd: null } : null;
    const fd = openSync(folder, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    const stat = fstatSync(fd);
    if (!stat.isDirectory() || !onlyMine(stat, 0o022)) {
      closeSync(fd);
      return null;
    }
    return { base: throughDescriptor(fd, stat) ?? folder, fd };
  } catch {
    return null;
  }
}

/** Linux names an open folder `/proc/self/fd/N`: a path that stays on the folder checked, whatever is renamed after. */
function throughDescriptor(fd: number, opened: Stats): string | null {
  if (process.platform !== 'linux') return null;
  const path = `/proc/self/fd/${fd}`;
  try {
    const seen = statSync(path);
    return seen.dev === opened.dev && seen.ino === opened.ino ? path : null;
  } catch {
    return null;
  }
}

/**
 * A file's bytes, read from the descriptor that was checked: not a link, a regular file with no other
 * names (no hard link to a file elsewhere), this user's and passing `forbiddenModeBits`, of a size
 * `sizeOk` accepts. 'refused' when it is there but fails a check; undefined when it is not there.
 */
function readOwnFile(path: string, forbiddenModeBits: number, sizeOk: (size: number) => boolean): Buffer | 'refused' | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | O_NOFOLLOW);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.nlink !== 1 || !onlyMine(stat, forbiddenModeBits) || !sizeOk(stat.size)) return 'refused';
    const bytes = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, read);
      if (got === 0) return 'refused';
      read += got;
    }
    return bytes;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'refused';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Written whole or not at all, under a fresh name no one could have placed a link at, then renamed
 * into place: another `gleaner` starting meanwhile never reads half a file.
 */
function writeWhole(base: string, name: string, parts: readonly Buffer[]): boolean {
  const partial = join(base, `${name}.${process.pid}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`);
  let fd: number | undefined;
  try {
    fd = openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
    for (const part of parts) {
      let written = 0;
      while (written < part.length) written += writeSync(fd, part, written, part.length - written);
    }
    closeSync(fd);
    fd = undefined;
    renameSync(partial, join(base, name));
    return true;
  } catch {
    if (fd !== undefined) closeSync(fd);
    rmSync(partial, { force: true });
    return false;
  }
}

/** The HMAC key, readable by this user only; undefined when there is none (or it fails a check). */
function readKey(base: string): Buffer | undefined {
  const key = readOwnFile(join(base, KEY_FILE), 0o077, (size) => size === KEY_BYTES);
  return key instanceof Buffer ? key : undefined;
}

/** A new key, replacing whatever was there: entries made under another key are then compiled again. */
function makeKey(base: string): Buffer | undefined {
  const key = randomBytes(KEY_BYTES);
  return writeWhole(base, KEY_FILE, [key]) ? key : undefined;
}

function tagOf(key: Buffer, digest: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(ENTRY_MAGIC).update(digest).update(data).digest();
}

/** V8's bytes from an entry whose tag matches this source and these bytes; undefined otherwise. */
function openEntry(entry: Buffer, key: Buffer, digest: Buffer): Buffer | undefined {
  const dataAt = ENTRY_MAGIC.length + TAG_BYTES;
  if (entry.length <= dataAt || !entry.subarray(0, ENTRY_MAGIC.length).equals(ENTRY_MAGIC)) return undefined;
  const data = entry.subarray(dataAt);
  const tag = entry.subarray(ENTRY_MAGIC.length, dataAt);
  return timingSafeEqual(tag, tagOf(key, digest, data)) ? data : undefined;
}

/**
 * Keeps the folder small: each build of Gleaner adds the code of its own files, so saved code not
 * written for a month goes, and past `maxBytes` the oldest goes first until a quarter is free. Only
 * entries and half-written files are touched: never the key, nor anything else put there.
 */
function tidy(base: string, now: number, maxBytes: number): void {
  const entries: { path: string; size: number; mtimeMs: number }[] = [];
  try {
    for (const name of readdirSync(base)) {
      if (!name.endsWith(ENTRY_SUFFIX) && !name.endsWith(PARTIAL_SUFFIX)) continue;
      const path = join(base, name);
      try {
        const { size, mtimeMs } = lstatSync(path);
        if (now - mtimeMs > STALE_AFTER_MS) rmSync(path, { force: true });
        else entries.push({ path, size, mtimeMs });
      } catch {
        // Removed by another process meanwhile.
      }
    }
  } catch {
    return;
  }
  let total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total <= maxBytes) return;
  for (const entry of entries.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
    if (total <= maxBytes * 0.75) break;
    rmSync(entry.path, { force: true });
    total -= entry.size;
  }
}

/**
 * Compiles the files under `root` with their saved code from `folder`. Other files (packages,
 * Node's own) are compiled by Node as usual. Null, with nothing changed, when the folder is not one
 * to trust (a link, another user's, writable by others) or cannot be made.
 */
export function installCompileCache(root: string, folder: string, maxBytes = MAX_FOLDER_BYTES): InstalledCompileCache | null {
  const opened = openOwnFolder(folder);
  if (opened === null) return null;
  const { base } = opened;
  const counts: CompileCacheCounts = { used: 0, compiled: 0, refused: 0, saved: 0 };
  const toSave: { script: Script; name: string; digest: Buffer }[] = [];
  const original = moduleProto._compile;
  const prefix = root.endsWith(sep) ? root : root + sep;
  /** Read when the first file is compiled; made at the first save when there is none. */
  let key: Buffer | undefined | null = null;
  const currentKey = (): Buffer | undefined => (key === null ? (key = readKey(base)) : key);

  /** The saved code for this source, once every check has passed. */
  function savedCode(name: string, digest: Buffer): Buffer | 'refused' | undefined {
    const entry = readOwnFile(join(base, name), 0o022, (size) => size <= MAX_ENTRY_BYTES);
    if (!(entry instanceof Buffer)) return entry;
    const secret = currentKey();
    return (secret && openEntry(entry, secret, digest)) || 'refused';
  }

  moduleProto._compile = function compileWithCache(this: Module, content: string, filename: string, ...more: unknown[]): unknown {
    // Node 22 passes the module's format; anything but plain CommonJS is Node's to compile.
    const format = more[0];
    if (!filename.startsWith(prefix) || (format !== undefined && format !== 'commonjs')) {
      return original.call(this, content, filename, ...more);
    }
    let script: Script;
    try {
      const digest = sourceDigest(content);
      const name = `${digest.toString('hex')}${ENTRY_SUFFIX}`;
      const saved = savedCode(name, digest);
      const cachedData = saved instanceof Buffer ? saved : undefined;
      script = new Script(Module.wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
      if (cachedData && !script.cachedDataRejected) counts.used += 1;
      else {
        if (saved !== undefined) counts.refused += 1;
        counts.compiled += 1;
        toSave.push({ script, name, digest });
      }
    } catch {
      // Node compiles it, and reports a syntax error the way it always does.
      return original.call(this, content, filename, ...more);
    }
    // Only compiling is guarded: a module that throws while it runs must not run twice.
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };

  return {
    counts,
    save() {
      if (toSave.length === 0) return;
      const pending = toSave.splice(0);
      // Another process may have made the key since this one looked.
      if (!currentKey()) key = readKey(base) ?? makeKey(base);
      const secret = key;
      if (!secret) return;
      for (const { script, name, digest } of pending) {
        try {
          const data = script.createCachedData();
          if (writeWhole(base, name, [ENTRY_MAGIC, tagOf(secret, digest, data), data])) counts.saved += 1;
        } catch {
          // V8 could not serialise this one; it compiles from source next time.
        }
      }
      tidy(base, Date.now(), maxBytes);
    },
    uninstall() {
      moduleProto._compile = original;
      if (opened.fd !== null) closeSync(opened.fd);
      opened.fd = null;
    },
  };
}

/**
 * Turns the cache on for this process, for the files under `root` (the CLI's build folder). Returns
 * what it did, for tests.
 */
export function startCompileCache(root: string, cacheEnv?: CacheEnv): 'gleaner' | 'off' {
  const folder = compileCacheFolder(cacheEnv);
  const cache = folder === null ? null : installCompileCache(root, folder);
  if (cache === null) return 'off';
  process.once('exit', () => cache.save());
  return 'gleaner';
}
