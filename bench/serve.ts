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
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--port', '0', '--data-dir', dataDir],
    {
      cwd: ROOT,
      env: { ...process.env, GLEANER_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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

/** One event stream of the host: every payload of `event` is kept, so none is missed between calls. */
export interface EventListener<T> {
  /** The first payload, seen before or after this call, that `matches` accepts. */
  waitFor(matches: (payload: T) => boolean): Promise<T>;
  close(): void;
}

export async function listenTo<T>(served: Served, event: string): Promise<EventListener<T>> {
  const controller = new AbortController();
  const response = await fetch(`${served.origin}/events`, {
    headers: { authorization: `Bearer ${served.secret}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`/events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const seen: T[] = [];
  const waiting = new Set<() => void>();
  let failure: Error | null = null;
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (/^event: (.*)$/m.exec(message)?.[1] !== event || data === undefined) continue;
          seen.push(JSON.parse(data) as T);
          for (const wake of waiting) wake();
        }
      }
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      for (const wake of waiting) wake();
    }
  })();
  return {
    waitFor: (matches) =>
      new Promise<T>((resolve, reject) => {
        const check = (): void => {
          const found = seen.find(matches);
          if (found !== undefined) {
            waiting.delete(check);
            resolve(found);
          } else if (failure) {
            waiting.delete(check);
            reject(failure);
          }
        };
        waiting.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}
