import { createHash } from 'node:crypto';

/**
 * Content identity. `digest` (lowercase hex SHA-1 of the exact, untruncated text) identifies what a
 * change announced; the trimmed digest collapses siblings that differ only by surrounding whitespace
 * (a symlink or a byte copy with a trailing newline), within one directory only.
 */
export function contentDigest(content: string): string {
  return createHash('sha1').update(content).digest('hex');
}

export function trimmedDigest(content: string): string {
  return contentDigest(content.trim());
}
