import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const repoRoot = join(__dirname, '..', '..');
const bin = join(repoRoot, 'bin', 'gleaner.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `gleaner` command as a user would, with its own environment and stdin. */
export function runGleaner(
  args: readonly string[],
  options: { env?: Record<string, string>; stdin?: string; timeoutMs?: number; closeStdout?: boolean; cwd?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // As `gleaner … | head` does once it has its lines: the reader goes away before the output ends.
    if (options.closeStdout) child.stdout.destroy();
    else child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gleaner ${args.join(' ')} timed out\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

export interface RunningDemo {
  url: string;
  teams: { name: string; plan: string; token: string }[];
  stop(): Promise<void>;
}

/** `gleaner demo-service --json` in its own process, as the checks run it. */
export async function startDemoProcess(extraArgs: string[] = []): Promise<RunningDemo> {
  const child: ChildProcess = spawn(process.execPath, [bin, 'demo-service', '--port', '0', '--json', ...extraArgs], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`demo-service exited with ${code}: ${stderr}`)));
  });
  const { url, teams } = JSON.parse(line) as { url: string; teams: RunningDemo['teams'] };
  return {
    url,
    teams,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
