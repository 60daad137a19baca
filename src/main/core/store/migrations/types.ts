import type { Database } from 'better-sqlite3';

export interface Migration {
  /** 1, 2, 3, … with no gaps; stored in `PRAGMA user_version` once applied. */
  version: number;
  /** Matches the file name `NNNN-name.ts`; recorded so a mismatched history is refused. */
  name: string;
  up(db: Database): void;
}
