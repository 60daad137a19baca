import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";

/**
 * commander requires child_process when it loads, which brings net and stream with it (some
 * 20 ms of every `gleaner` command's start), for the one thing Gleaner never asks of it: running
 * a subcommand as an executable of its own. It gets child_process when it first uses it instead.
 */
function lazyChildProcessInCommander(): Plugin {
  return {
    name: 'gleaner-lazy-child-process-in-commander',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
      if (!code.includes(COMMANDER_CHILD_PROCESS)) {
        this.warn('commander no longer requires child_process as this build expects: it loads it at start again.');
        return null;
      }
      const lazy = "const childProcess = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });";
      return { code: code.replace(COMMANDER_CHILD_PROCESS, lazy), map: null };
    },
  };
}

/**
 * Electron is an optional dependency, and an npm that runs its download and sees it fail (npm
 * releases without allowScripts) drops the package, so there is no electron/package.json to read
 * the Electron version the build targets from. The version Gleaner asks for says the same.
 */
function electronMajorVersion(): string | null {
  try {
    createRequire(resolve(__dirname, 'package.json')).resolve('electron/package.json');
    return null;
  } catch {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as {
      optionalDependencies?: Record<string, string>;
    };
    return manifest.optionalDependencies?.electron?.match(/\d+/)?.[0] ?? null;
  }
}
const electronMajor = process.env.ELECTRON_MAJOR_VER ? null : electronMajorVersion();
if (electronMajor) process.env.ELECTRON_MAJOR_VER = electronMajor;

export default defineConfig({
  main: {
    plugins: [lazyChildProcessInCommander()],
    build: {
      // keytar is an optional dependency, which electron-vite does not externalise by default;
      // bundled, its native binding loses its exports and every keychain call fails. zod is
      // bundled: loaded from node_modules it reads some 95 files (every locale) on each start,
      // about a fifth of what `gleaner search` spends before it searches (issue 28.19).
      // commander too: every command, --help included, loads it (some 8 ms less from the bundle).
      externalizeDeps: { include: ['keytar'], exclude: ['zod', 'commander'] },
      // Two Node entries over one core: the Electron shell and the `gleaner` CLI
      // (which also hosts browser mode). Native modules stay external (package deps).
      // The CLI imports each command with import(), so each becomes a chunk of its own that
      // loads only when the command runs (src/main/hosts/cli/command-table.ts).
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/main.ts'),
          cli: resolve(__dirname, 'src/main/hosts/cli/main.ts'),
        },
        // A package imported on demand (pg, exceljs, fflate) is required, as the bundle's own chunks
        // are: a native import() would start Node's ESM loader for it, and it cannot run in code
        // compiled from the CLI's compile cache (vm.Script has no loader for it on Node 20).
        output: { dynamicImportInCjs: false },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require() packages, so nothing is externalised:
      // the preload imports only the method-name list from src/shared.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
