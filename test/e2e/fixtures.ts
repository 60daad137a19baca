import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

export interface ServedGleaner {
  /**
   * The link `gleaner serve` prints: the app's per-run path with ?key=. It opens one browser; a
   * test that opens more than one (a page per test on one server) asks for `browserLink`s.
   */
  url: string;
  origin: string;
  /** The run's secret, the bearer token for scripts: the printed link's key. */
  secret: string;
  dataDir: string;
}

const repoRoot = join(__dirname, '..', '..');

/**
 * The machines these stories run on have no Secret Service for `gleaner serve`, so the library's
 * signing key comes the way scripts give it (as the keychain would hand one over on a desk);
 * without it Settings → Case bundles would show why no key can be kept. A story may give its own.
 */
const SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * Starts `gleaner serve` exactly as a user would, on its own empty library — or on one that
 * `seedDataDir` wrote into the data folder before the server opened it.
 */
export async function startServe(
  options: { seedDataDir?(dataDir: string): void; env?: Record<string, string> } = {},
): Promise<{ served: ServedGleaner; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-e2e-'));
  options.seedDataDir?.(dataDir);
  const child: ChildProcess = spawn(
    process.execPath,
    [join(repoRoot, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--port', '0', '--data-dir', dataDir],
    {
      cwd: repoRoot,
      env: { ...process.env, GLEANER_TOKEN: '', GLEANER_SIGNING_KEY: SIGNING_KEY, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`gleaner serve exited with ${code}: ${stderr}`)));
  });
  const { url } = JSON.parse(firstLine) as { url: string };
  const parsed = new URL(url);
  return {
    served: { url, origin: parsed.origin, secret: parsed.searchParams.get('key') ?? '', dataDir },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{ gleaner: ServedGleaner }>({
  gleaner: async ({}, use) => {
    const { served, stop } = await startServe();
    await use(served);
    await stop();
  },
});

export { expect } from '@playwright/test';
