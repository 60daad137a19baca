import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink } from './log';
import { makeFolder } from './make-folder';

/** Appends log lines to `<dataDir>/logs/gleaner.log`; a failing disk never breaks the app. */
export function createFileLogSink(dataDir: string): LogSink {
  const folder = join(dataDir, 'logs');
  const file = join(folder, 'gleaner.log');
  let ready = false;
  return (line) => {
    try {
      if (!ready) {
        makeFolder(folder);
        ready = true;
      }
      appendFileSync(file, `${line}\n`);
    } catch {
      // Logging is best effort by design.
    }
  };
}
