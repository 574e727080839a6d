import type { Stats } from 'node:fs';

/**
 * Names what a path is when it is not what `check` reads, for messages such as "is a FIFO (named
 * pipe), not a regular file". Only regular files are read: a FIFO or a character device would block
 * or never end, and a socket cannot be opened for reading at all.
 */
export function fileTypeName(info: Pick<Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isSymbolicLink'>): string {
  if (info.isFile()) return 'a regular file';
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** Thrown by the reader when the opened descriptor is not a regular file (checked with fstat). */
export class NotRegularFileError extends Error {
  constructor(
    readonly path: string,
    readonly what: string,
  ) {
    super(`${path} is ${what}, not a regular file; only regular files are read`);
    this.name = 'NotRegularFileError';
  }
}
