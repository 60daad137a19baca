/**
 * Held answers on disk, beside the library, so an answer paid for survives the process that
 * received it: a CLI command that meets a full disk exits, and the next run stores the answer
 * instead of asking the service again.
 *
 * A full disk is the usual reason an answer is held, so space is set aside up front, while there
 * is room: a reserve file of zeros, given back to the disk a slice at a time to make room for
 * each held answer, and topped up again once the library can be written.
 */
import * as nodeFs from 'node:fs';
import { dirname, join } from 'node:path';
import { HELD_ANSWERS_FOLDER_NAME } from '../data-dir';
import type { Logger } from '../log';
import { freeBytesAt } from '../store/database';
import type { Answer } from './answers';

/** The most set aside, and the share of the free space it may take (so a small disk is not filled by it). */
export const RESERVE_BYTES = 8 * 1024 * 1024;
const RESERVE_SHARE_OF_FREE = 1 / 4;
/** Given back beyond an answer's own size: the file system's blocks and the folder's entry. */
const SLACK_BYTES = 64 * 1024;
const CHUNK = Buffer.alloc(64 * 1024);
const RESERVE_NAME = 'reserve';
const FILE_NAME = /^job-(\d+)\.json$/;

/** The folder beside the library file where its held answers wait. */
export const heldAnswersFolder = (libraryPath: string): string => join(dirname(libraryPath), HELD_ANSWERS_FOLDER_NAME);

/** The file-system calls used here, injected so tests can make a disk fill up. */
export type HeldFileSystem = Pick<
  typeof nodeFs,
  | 'mkdirSync'
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'renameSync'
  | 'readdirSync'
  | 'readFileSync'
  | 'unlinkSync'
  | 'statSync'
  | 'truncateSync'
>;

export interface HeldAnswerFilesDeps {
  folder: string;
  log: Logger;
  fs?: HeldFileSystem;
  freeBytes?: (folder: string) => number | null;
  reserveBytes?: number;
}

/** Where held answers wait on disk; every call is best effort and never throws. */
export interface HeldAnswerStore {
  /** Writes the answer durably; false when even that failed (the answer is then held in memory only). */
  save(answer: Answer): boolean;
  /** Every answer saved, by any process, that is still waiting to be stored. */
  loadAll(): Answer[];
  remove(jobId: number): void;
  /** Sets space aside again (the library is writable now). */
  topUpReserve(): void;
}

function isAnswer(value: unknown): value is Answer {
  const answer = value as Partial<Answer> | null;
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof answer.sendId === 'number' &&
    typeof answer.job?.id === 'number' &&
    typeof answer.job.attempts === 'number' &&
    typeof answer.response?.body === 'string'
  );
}

/** The `data` of a service answer's body, as the client read it when the answer came. */
const dataOf = (body: string): unknown => (JSON.parse(body) as { data?: unknown }).data;

export function createHeldAnswerFiles(deps: HeldAnswerFilesDeps): HeldAnswerStore {
  const fs = deps.fs ?? nodeFs;
  const { folder, log } = deps;
  const reservePath = join(folder, RESERVE_NAME);
  const fileOf = (jobId: number) => join(folder, `job-${jobId}.json`);
  // Measured at the library's folder: this one may not exist yet.
  const freeSpace = (): number => (deps.freeBytes ?? freeBytesAt)(dirname(folder)) ?? 0;
  const detail = (error: unknown) => (error instanceof Error ? error.message : String(error));

  const sizeOf = (path: string): number => {
    try {
      return fs.statSync(path).size;
    } catch {
      return 0;
    }
  };

  /** Writes `text` to `path` and syncs it, then syncs the folder so the new name survives a power cut. */
  function writeDurably(path: string, text: Buffer): void {
    const temporary = `${path}.tmp`;
    const fd = fs.openSync(temporary, 'w', 0o600);
    try {
      for (let offset = 0; offset < text.length;) offset += fs.writeSync(fd, text, offset, text.length - offset);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, path);
    syncFolder();
  }

  function syncFolder(): void {
    try {
      const fd = fs.openSync(folder, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      // Some systems cannot sync a folder; the file itself is synced.
    }
  }

  /** Gives `bytes` of the reserve back to the disk (all of it when `bytes` is past its size). */
  function release(bytes: number): void {
    const size = sizeOf(reservePath);
    if (size === 0) return;
    try {
      fs.truncateSync(reservePath, Math.max(0, size - bytes));
    } catch (error) {
      log.warn('could not give the reserved space back', { error: detail(error) });
    }
  }

  function removeQuietly(path: string): void {
    try {
      fs.unlinkSync(path);
    } catch {
      // Already gone.
    }
  }

  return {
    save(answer) {
      // The parsed data is the body's own `data`: read again on loading, it need not take room twice.
      const text = Buffer.from(JSON.stringify({ ...answer, response: { ...answer.response, data: undefined } }));
      const path = fileOf(answer.job.id);
      const need = text.length + SLACK_BYTES;
      const free = freeSpace();
      const reserved = sizeOf(reservePath);
      if (free < need && free + reserved < need) {
        // Too big even for the space set aside: that space is kept for the answers that fit.
        log.warn('a held answer is too big for the space set aside; it is held in memory only', { job: answer.job.id, bytes: text.length });
        return false;
      }
      if (free < need) release(need - free);
      try {
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        writeDurably(path, text);
        return true;
      } catch (error) {
        removeQuietly(`${path}.tmp`);
        log.warn('could not keep a held answer on disk; it is held in memory only', { job: answer.job.id, error: detail(error) });
        return false;
      }
    },

    loadAll() {
      let names: string[];
      try {
        names = fs.readdirSync(folder);
      } catch {
        return [];
      }
      const answers: Answer[] = [];
      for (const name of names.sort()) {
        if (name.endsWith('.json.tmp')) removeQuietly(join(folder, name));
        if (!FILE_NAME.test(name)) continue;
        try {
          const value: unknown = JSON.parse(fs.readFileSync(join(folder, name), 'utf8'));
          if (isAnswer(value)) answers.push({ ...value, response: { ...value.response, data: dataOf(value.response.body) } });
          else log.warn('a held answer file is not one; left as it is', { file: name });
        } catch (error) {
          log.warn('a held answer file could not be read; left as it is', { file: name, error: detail(error) });
        }
      }
      return answers.sort((a, b) => a.job.id - b.job.id);
    },

    remove(jobId) {
      removeQuietly(fileOf(jobId));
    },

    topUpReserve() {
      try {
        const have = sizeOf(reservePath);
        const free = freeSpace();
        const want = Math.min(deps.reserveBytes ?? RESERVE_BYTES, Math.floor((have + free) * RESERVE_SHARE_OF_FREE));
        if (want <= have) return;
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        // Zeros written, not a sparse file: only written blocks are the file's own.
        const fd = fs.openSync(reservePath, 'a', 0o600);
        try {
          for (let size = have; size < want;) size += fs.writeSync(fd, CHUNK, 0, Math.min(CHUNK.length, want - size));
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      } catch (error) {
        log.warn('could not set disk space aside for held answers', { error: detail(error) });
      }
    },
  };
}
