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
};

runCli(process.argv.slice(2), io, join(__dirname, '../renderer')).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 1;
  },
);
