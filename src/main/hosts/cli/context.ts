import type { Command } from 'commander';
import type { Core, Logger } from '../../core';
import type { CliIo } from './io';

/** What a command may use of the core: the client every transport shares, and the host's own levers. */
export type CliCore = Pick<Core, 'client' | 'startQueue' | 'stopQueue' | 'exportToFile' | 'bundles'>;

/** What every command gets from the program: its io, its options, and a core opened for it. */
export interface CliContext {
  io: CliIo;
  rendererDir: string;
  dataDir(command: Command): string;
  json(command: Command): boolean;
  /**
   * Opens the library of `--data-dir`, runs `work`, and always closes it. `existing`: the
   * command only reads, so a folder with no library in it (a typo, a drive not mounted) is
   * said, not quietly made into a new, empty library that answers "nothing found".
   * `existing: 'if-any'`: the command needs no library of its own (checking a bundle someone
   * sent): it uses the library there for its settings, else a throwaway one, removed after.
   */
  withCore<T>(command: Command, work: (core: CliCore, log: Logger) => Promise<T>, options?: { existing?: boolean | 'if-any' }): Promise<T>;
}
