/** Runs the command line this process was started with: main.ts loads it once the compile cache is on. */
import { runCli } from './program';
import type { CliIo } from './io';

/**
 * Ctrl+C, a `kill` or `timeout` (SIGTERM) and a closed terminal (SIGHUP) all stop a command the
 * same way: a command waiting on the queue withdraws its requests and puts its jobs back in line
 * before it exits, so no job is left for a later, unrelated run to send unseen. A second signal
 * quits at once (the handlers are gone by then, so the system's default applies).
 */
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const interrupters = new Set<() => void>();

function onStopSignal(handler: () => void, alsoOnClosedOutput = true): () => void {
  const once = (): void => {
    remove();
    handler();
  };
  const remove = (): void => {
    for (const signal of STOP_SIGNALS) process.removeListener(signal, once);
    interrupters.delete(once);
  };
  for (const signal of STOP_SIGNALS) process.once(signal, once);
  if (alsoOnClosedOutput) interrupters.add(once);
  return remove;
}

// A closed terminal makes writes to it fail; the command's tidying must not die of that.
let stdoutGone = false;
const write = (stream: NodeJS.WriteStream, text: string): void => {
  if (stream === process.stdout && stdoutGone) return;
  try {
    stream.write(text);
  } catch {
    // Nothing to tell, and nowhere to tell it.
  }
};

/**
 * Node makes process.stderr when first read (some 10 ms for a pipe or a terminal), so it is read,
 * and guarded, only when a command has something to say there: a search that succeeds never does.
 */
let stderrGuarded = false;
function stderr(): NodeJS.WriteStream {
  if (!stderrGuarded) {
    stderrGuarded = true;
    process.stderr.on('error', () => undefined);
  }
  return process.stderr;
}

const io: CliIo = {
  stdout: (text) => write(process.stdout, text),
  stderr: (text) => write(stderr(), text),
  // Made when first read (some 10 ms): only the commands that read standard input pay for it.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
  // `serve` runs until stopped; a reader that closed its output does not stop it.
  waitForShutdown: () => new Promise((resolve) => void onStopSignal(() => resolve(), false)),
  onInterrupt: (handler) => onStopSignal(handler),
};

/** Runs `gleaner …` as this process's command line, and sets its exit status. */
export function runThisProcess(rendererDir: string): void {
  watchClosedOutput();
  runCli(process.argv.slice(2), io, rendererDir).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = 1;
    },
  );
}

// A reader that stops early (`gleaner search x | head`) closes the pipe. Stop quietly, as Unix tools
// do, instead of dying with a stack trace: whatever was fetched is committed before it is printed.
// A command still waiting on the queue (`import … | head`) stops as on Ctrl+C, withdrawing what it
// has in flight, and ends with its own (non-zero) status.
function watchClosedOutput(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (stdoutGone) return;
    stdoutGone = true;
    const waiting = [...interrupters];
    if (waiting.length === 0) process.exit(process.exitCode ?? 0);
    for (const interrupt of waiting) interrupt();
  });
}
