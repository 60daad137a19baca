// After a build: run `gleaner` as a user would, in a throwaway library, so V8's compiled code for
// the new build is saved (src/main/hosts/cli/compile-cache.ts) and a user's first command starts
// as quickly as the ones after it. Only ever a speed-up: nothing here can fail the build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const bin = join(dirname(new URL(import.meta.url).pathname), '..', 'bin', 'gleaner.js');
const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-warm-'));
try {
  for (const args of [['--help'], ['config', 'get', 'plan'], ['search', 'warm']]) {
    spawnSync(process.execPath, [bin, ...args, ...(args[0] === '--help' ? [] : ['--data-dir', dataDir])], {
      stdio: 'ignore',
      timeout: 60_000,
      env: { ...process.env, GLEANER_TOKEN: '' },
    });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
