/** `gleaner serve` as a user starts it, for the benchmarks that drive the real host. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';

const ROOT = join(__dirname, '..');

export interface Served {
  child: ChildProcess;
  url: string;
  origin: string;
  secret: string;
  stop(): Promise<void>;
}

export async function startServe(dataDir: string): Promise<Served> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, GLEANER_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`gleaner serve exited with ${code}: ${stderr}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  const parsed = new URL(url);
  return {
    child,
    url,
    origin: parsed.origin,
    secret: parsed.searchParams.get('key') ?? '',
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Resident memory of a process now and at its peak, in MiB (Linux /proc). */
export function residentMiB(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Calls a bridge method of a served host as a script does (bearer secret). */
export async function rpc<T>(served: Served, method: string, input: unknown = {}): Promise<T> {
  const response = await fetch(`${served.origin}/rpc/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${served.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const envelope = (await response.json()) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}
