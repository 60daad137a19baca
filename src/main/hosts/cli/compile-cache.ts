/**
 * V8's compiled code for the CLI's own files, kept between runs (issue 28.19).
 *
 * Most of what `gleaner search` spends before it searches is V8 parsing and compiling the bundled
 * JavaScript, the same work on every run. Node 22.1 and later keep that work between runs
 * themselves (`module.enableCompileCache`); on older Node (20 is supported) this module does the
 * same for the files under the CLI's build folder: each file is compiled with the code V8 saved for
 * it last time, and, for a file that had none, the code is saved when the process exits, so it
 * holds the functions that run actually compiled, not only the file's top level.
 *
 * A cache is only ever a speed-up: anything that goes wrong with it (an unreadable folder, a file
 * V8 refuses, no room to write) leaves the command compiling as it would without one.
 */
import { hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { Script } from 'node:vm';

/** A saved file not written again for this long belongs to a build no longer run: it is removed. */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** A build's saved code is under 1 MB; this keeps dozens of builds (a developer's day) and no more. */
const MAX_FOLDER_BYTES = 64 * 1024 * 1024;
const OFF_WORDS = new Set(['0', 'off', 'false', 'no']);

interface CacheEnv {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
}

/**
 * Where the cache lives, or null when it is turned off: `GLEANER_COMPILE_CACHE` names a folder, or
 * turns it off (`off`, `0`); Node's own `NODE_DISABLE_COMPILE_CACHE` turns it off too. Otherwise the
 * system's per-user cache folder, which only this user may write (so no one else can plant code in it).
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
  /** Files compiled from source, whose code is saved at exit (none was saved, or V8 refused it). */
  compiled: number;
  /** Saved code V8 refused (another V8 version, other flags, a damaged file). */
  refused: number;
  /** Files whose code was saved. */
  saved: number;
}

export interface InstalledCompileCache {
  counts: CompileCacheCounts;
  /** Saves the code of the files compiled from source since the last save (at exit by default). */
  save(): void;
  /** Puts Node's own compiling back (tests). */
  uninstall(): void;
}

type CompileMethod = (this: Module, content: string, filename: string) => unknown;
const moduleProto = Module.prototype as unknown as { _compile: CompileMethod };

/** The name a file's saved code goes by: V8 checks only a source's length, so the key is its whole content. */
function cacheKey(content: string): string {
  return `${hash('sha256', `${process.versions.v8}\0${process.arch}\0${content}`)}.v8`;
}

/** A folder only this user can write, made if missing; null when it cannot be used. */
function ownFolder(folder: string): string | null {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = statSync(folder);
    if (!stat.isDirectory()) return null;
    // Saved code runs as this user: a folder another user owns, or may write, is not trusted.
    if (process.getuid && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0)) return null;
    return folder;
  } catch {
    return null;
  }
}

function readSaved(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Written whole or not at all: another `gleaner` starting meanwhile never reads half a file. */
function writeWhole(path: string, data: Buffer): boolean {
  const partial = `${path}.${process.pid}.partial`;
  try {
    writeFileSync(partial, data, { mode: 0o600 });
    renameSync(partial, path);
    return true;
  } catch {
    rmSync(partial, { force: true });
    return false;
  }
}

/**
 * Keeps the folder small: each build of Gleaner adds the code of its own files, so saved code not
 * written for a month goes, and past `maxBytes` the oldest goes first until a quarter is free.
 */
function tidy(folder: string, now: number, maxBytes: number): void {
  const entries: { path: string; size: number; mtimeMs: number }[] = [];
  try {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      try {
        const { size, mtimeMs } = statSync(path);
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
 * Compiles the files under `root` with their saved code from `folder` (Gleaner's own cache, for
 * Node without one). Other files (packages, Node's own) are compiled by Node as usual.
 */
export function installCompileCache(root: string, folder: string, maxBytes = MAX_FOLDER_BYTES): InstalledCompileCache {
  const counts: CompileCacheCounts = { used: 0, compiled: 0, refused: 0, saved: 0 };
  const toSave: { script: Script; path: string }[] = [];
  const original = moduleProto._compile;
  const prefix = root.endsWith(sep) ? root : root + sep;

  moduleProto._compile = function compileWithCache(this: Module, content: string, filename: string): unknown {
    if (!filename.startsWith(prefix)) return original.call(this, content, filename);
    let script: Script;
    const path = join(folder, cacheKey(content));
    try {
      const saved = readSaved(path);
      script = new Script(Module.wrap(content), { filename, ...(saved ? { cachedData: saved } : {}) });
      if (saved && !script.cachedDataRejected) counts.used += 1;
      else {
        if (saved) counts.refused += 1;
        counts.compiled += 1;
        toSave.push({ script, path });
      }
    } catch {
      // Node compiles it, and reports a syntax error the way it always does.
      return original.call(this, content, filename);
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
      for (const { script, path } of pending) {
        try {
          if (writeWhole(path, script.createCachedData())) counts.saved += 1;
        } catch {
          // V8 could not serialise this one; it compiles from source next time.
        }
      }
      tidy(folder, Date.now(), maxBytes);
    },
    uninstall() {
      moduleProto._compile = original;
    },
  };
}

/**
 * Turns the cache on for this process, for the files under `root` (the CLI's build folder): Node's
 * own where Node has one, Gleaner's otherwise. Returns what it did, for tests.
 */
export function startCompileCache(root: string, cacheEnv?: CacheEnv): 'node' | 'gleaner' | 'off' {
  const wanted = compileCacheFolder(cacheEnv);
  const folder = wanted === null ? null : ownFolder(wanted);
  if (folder === null) return 'off';
  const nodes = (Module as unknown as { enableCompileCache?: (directory: string) => unknown }).enableCompileCache;
  if (nodes) {
    nodes(folder);
    return 'node';
  }
  const cache = installCompileCache(root, folder);
  process.once('exit', () => cache.save());
  return 'gleaner';
}
