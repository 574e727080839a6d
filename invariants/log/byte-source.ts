import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { NotRegularFileError, fileTypeName } from './file-type.js';
import { zstdSource, type SourceItem, type ZstdSourceOptions } from './zstd/zstd-source.js';

/**
 * The decoded byte stream of one log file, in order: plain `.jsonl` is read as is; `.jsonl.zstd` is
 * walked frame by frame and decoded in batches (`./zstd/zstd-source.ts`). Container problems are
 * interleaved with the data as `problem` items so the line reader can place them at the exact decoded
 * position where reading stopped.
 */
export { zstdSource, type SourceItem, type ZstdSourceOptions };

/** 1 MiB: large enough to amortise syscalls, small enough that memory stays flat. */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;

export function isZstdPath(path: string): boolean {
  return path.endsWith('.zstd') || path.endsWith('.zst');
}

/**
 * Opens first, then asks the descriptor what it is: a path checked before opening could be swapped
 * (for a FIFO, say) in between. O_NONBLOCK makes opening a FIFO return at once instead of waiting for
 * a writer; for a regular file it changes nothing.
 */
export async function* readChunks(path: string, chunkSize = DEFAULT_CHUNK_SIZE): AsyncGenerator<Uint8Array> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotRegularFileError(path, fileTypeName(info));
    for (;;) {
      // A fresh buffer per chunk: downstream keeps subarrays of it (a line split across chunks).
      const buf = Buffer.allocUnsafe(chunkSize);
      const { bytesRead } = await handle.read(buf, 0, chunkSize, null);
      if (bytesRead === 0) return;
      yield bytesRead === chunkSize ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

export function decodedSource(path: string, chunks: AsyncIterable<Uint8Array> = readChunks(path), zstd: ZstdSourceOptions = {}): AsyncGenerator<SourceItem> {
  return isZstdPath(path) ? zstdSource(chunks, zstd) : plainSource(chunks);
}

async function* plainSource(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SourceItem> {
  for await (const bytes of chunks) yield { kind: 'data', bytes };
}
