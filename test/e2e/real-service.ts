/**
 * Stories against "the real service": a demo service running as its own process on 127.0.0.1,
 * to which Gleaner is pointed with a base URL and a team token, as a user would do with the
 * real one; its control endpoints do what the service's own staff (or its failures) would.
 *
 * The token goes into the OS keychain. So that nothing touches the user's own keyring, each
 * `gleaner serve` here runs inside scripts/with-keyring.sh: a private D-Bus session with a
 * throwaway, unlocked GNOME Keyring that is removed afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test as base, type ServedGleaner } from './fixtures';
import { startDemoProcess, type RunningDemo } from '../helpers/cli';

const repoRoot = join(__dirname, '..', '..');

/** A `gleaner serve` whose terminal the test can read, as its user would. */
export interface KeyedGleaner extends ServedGleaner {
  /** What it has written to its terminal (stderr) so far. */
  terminal(): string;
}

/** `gleaner serve` on an empty library, inside a private keyring session. */
async function startServeWithKeyring(): Promise<{ served: KeyedGleaner; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-e2e-keyring-'));
  const child: ChildProcess = spawn(
    'sh',
    [
      join(repoRoot, 'scripts', 'with-keyring.sh'),
      process.execPath,
      join(repoRoot, 'bin', 'gleaner.js'),
      'serve',
      '--no-open',
      '--json',
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    // Its own process group, so that stopping it also stops the keyring daemon and the bus.
    { cwd: repoRoot, env: { ...process.env, GLEANER_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`gleaner serve (with a test keyring) exited with ${code}: ${stderr}`)));
  });
  const { url } = JSON.parse(firstLine) as { url: string };
  const parsed = new URL(url);
  return {
    served: { url, origin: parsed.origin, secret: parsed.searchParams.get('key') ?? '', dataDir, terminal: () => stderr },
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{ keyed: KeyedGleaner; service: RunningDemo }>({
  keyed: async ({}, use) => {
    const { served, stop } = await startServeWithKeyring();
    await use(served);
    await stop();
  },
  service: async ({}, use) => {
    const demo = await startDemoProcess();
    await use(demo);
    await demo.stop();
  },
});

/** The demo service's control endpoints (what the service's own staff would do to a team). */
export async function control<T>(service: RunningDemo, path: string, data: unknown = {}): Promise<T> {
  const context = await playwrightRequest.newContext();
  try {
    const response = await context.post(`${service.url}/__demo/${path}`, { data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  } finally {
    await context.dispose();
  }
}

export const starterToken = (service: RunningDemo): string => service.teams.find((t) => t.plan === 'starter')!.token;
