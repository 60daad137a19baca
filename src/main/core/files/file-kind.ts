import type { Stats, BigIntStats } from 'node:fs';

export type FileTypeTests = Pick<
  Stats | BigIntStats,
  'isFile' | 'isDirectory' | 'isSymbolicLink' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'
>;

/** "a named pipe (FIFO)": what a file system entry is, as a sentence names it. */
export function describeFileKind(info: FileTypeTests): string {
  if (info.isFile()) return 'a regular file';
  if (info.isDirectory()) return 'a folder';
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}
