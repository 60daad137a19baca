/** Entry point of the `gleaner` command (bundled to out/main/cli.js; see bin/gleaner.js). */
import { join } from 'node:path';
import { runCli } from './program';
import type { CliIo } from './io';

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  env: process.env,
  waitForShutdown: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
  onInterrupt: (handler) => {
    process.once('SIGINT', handler);
    return () => process.removeListener('SIGINT', handler);
  },
};

// A reader that stops early (`gleaner search x | head`) closes the pipe. Stop quietly, as Unix tools
// do, instead of dying with a stack trace: whatever was fetched is committed before it is printed.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

runCli(process.argv.slice(2), io, join(__dirname, '../renderer')).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 1;
  },
);
