import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink } from './log';

/** Appends log lines to `<dataDir>/logs/gleaner.log`; a failing disk never breaks the app. */
export function createFileLogSink(dataDir: string): LogSink {
  const folder = join(dataDir, 'logs');
  const file = join(folder, 'gleaner.log');
  let ready = false;
  return (line) => {
    try {
      if (!ready) {
        mkdirSync(folder, { recursive: true });
        ready = true;
      }
      appendFileSync(file, `${line}\n`);
    } catch {
      // Logging is best effort by design.
    }
  };
}
