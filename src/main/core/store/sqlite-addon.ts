import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ADDON = 'better_sqlite3.node';

/**
 * The compiled SQLite addon under better-sqlite3's folder, named directly. Left to itself,
 * better-sqlite3 asks the `bindings` package, which tries a dozen places by loading each: some
 * 4 ms of every command's start (issue 28.19). Only the layout npm leaves (a download or a build
 * into build/Release) is named here; where bindings would pick another file first (build/,
 * build/Debug) or the file is not there, undefined leaves the choice to bindings as before.
 * Electron passes its own addon, rebuilt for its ABI: it is never guessed for Electron.
 */
export function sqliteAddonIn(packageFolder: string, inElectron: boolean): string | undefined {
  if (inElectron) return undefined;
  const build = join(packageFolder, 'build');
  if (existsSync(join(build, ADDON)) || existsSync(join(build, 'Debug', ADDON))) return undefined;
  const release = join(build, 'Release', ADDON);
  return existsSync(release) ? release : undefined;
}

let installed: { path: string | undefined } | undefined;

/** The addon of the installed better-sqlite3 (looked for once per process), or undefined for bindings to find. */
export function installedSqliteAddon(): string | undefined {
  installed ??= { path: lookForInstalledAddon() };
  return installed.path;
}

function lookForInstalledAddon(): string | undefined {
  try {
    // require.resolve finds the package as better-sqlite3's own `require('better-sqlite3')` would.
    return sqliteAddonIn(join(dirname(require.resolve('better-sqlite3')), '..'), process.versions.electron !== undefined);
  } catch {
    return undefined;
  }
}
