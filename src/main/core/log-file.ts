import { appendFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOGS_FOLDER_NAME } from './data-dir';
import type { LogSink } from './log';
import { makeFolder, PRIVATE_FOLDER } from './make-folder';

/** Past this size the log starts afresh, keeping the one before as gleaner.log.1 (20 MB at most in all). */
export const MAX_LOG_BYTES = 10 * 1024 * 1024;

/**
 * Appends log lines to `<dataDir>/logs/gleaner.log`; a failing disk never breaks the app. The
 * log is rotated at MAX_LOG_BYTES: a request writes a line, and a busy year would otherwise
 * fill gigabytes of disk that nobody reads.
 */
export function createFileLogSink(dataDir: string, maxBytes = MAX_LOG_BYTES): LogSink {
  const folder = join(dataDir, LOGS_FOLDER_NAME);
  const file = join(folder, 'gleaner.log');
  let ready = false;
  let size = -1;
  return (line) => {
    try {
      if (!ready) {
        // What was searched and fetched is the user's research: the log is theirs alone, like the
        // library, even inside a data folder they made open to others.
        makeFolder(folder, PRIVATE_FOLDER);
        ready = true;
      }
      if (size < 0) {
        try {
          size = statSync(file).size;
        } catch {
          size = 0;
        }
      }
      const text = `${line}\n`;
      if (size > 0 && size + Buffer.byteLength(text) > maxBytes) {
        renameSync(file, `${file}.1`);
        size = 0;
      }
      appendFileSync(file, text, { mode: 0o600 });
      size += Buffer.byteLength(text);
    } catch {
      // Logging is best effort by design.
    }
  };
}
