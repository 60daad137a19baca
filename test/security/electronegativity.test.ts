/**
 * Electronegativity on the built app (out/, which `npm test` builds before the unit tests):
 * every finding is fixed or explained in docs/electronegativity-allowlist.json.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';

describe('Electronegativity', () => {
  it('finds nothing in out/ that the allow-list does not explain', () => {
    const result = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'electronegativity.mjs')], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/\d+ checks, \d+ finding\(s\), 0 unexplained/);
  }, 180_000);
});
