import { PassThrough } from 'node:stream';
import type { CliIo } from '../../src/main/hosts/cli/io';

/**
 * The CLI's input and output in memory, for running `runCli` in the test's own process: what it
 * printed, and standard input (ended after `stdin` when one is given, else left open). `shutdown: 'never'` is a CLI nobody stops (a
 * command that waits for a shutdown waits for ever); by default a shutdown is asked at once.
 */
export function captureCliIo(options: { stdin?: string; env?: Record<string, string>; shutdown?: 'now' | 'never' } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = new PassThrough();
  if (options.stdin !== undefined) stdin.end(options.stdin);
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin,
    env: options.env ?? {},
    waitForShutdown: options.shutdown === 'never' ? () => new Promise<void>(() => undefined) : () => Promise.resolve(),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
