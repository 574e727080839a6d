import { createReadStream } from 'node:fs';
import type { FileSystemProvider } from './provider.js';

/**
 * Bounded reads. A file whose reported size already exceeds `maxSourceBytes` is not opened; otherwise
 * the text is streamed and abandoned as soon as the accumulated UTF-8 byte count passes the cap, so a
 * provider without sizes (or a lying one) cannot make the plugin buffer an unbounded file. A read
 * failure yields `undefined` (skip the file); an abort always propagates.
 */

export interface ReadableFile {
  absolutePath: string;
  target?: unknown;
  size?: number;
}

async function* nodeChunks(path: string, signal: AbortSignal | undefined): AsyncIterable<string> {
  const stream = createReadStream(path, { encoding: 'utf8', signal });
  for await (const chunk of stream) yield String(chunk);
}

export async function readBounded(file: ReadableFile, maxSourceBytes: number, fs: FileSystemProvider | undefined, signal: AbortSignal | undefined): Promise<string | undefined> {
  signal?.throwIfAborted();
  if (file.size !== undefined && file.size > maxSourceBytes) return undefined;
  try {
    const chunks = fs === undefined || file.target === undefined ? nodeChunks(file.absolutePath, signal) : await fs.streamText(file.target, signal);
    const parts: string[] = [];
    let bytes = 0;
    for await (const chunk of chunks) {
      signal?.throwIfAborted();
      bytes += Buffer.byteLength(chunk, 'utf8');
      if (bytes > maxSourceBytes) return undefined;
      parts.push(chunk);
    }
    signal?.throwIfAborted();
    return parts.join('');
  } catch {
    signal?.throwIfAborted();
    return undefined;
  }
}
