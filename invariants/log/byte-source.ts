import { open } from 'node:fs/promises';
import { Decompress, decompress } from 'fzstd';
import type { ReaderRuleId } from './reader-rules.js';
import { loadContentChecksum, storedChecksum } from './zstd/checksum.js';
import { FrameWalker, ZstdFormatError, type FrameBoundary } from './zstd/frame-walker.js';

/**
 * The decoded byte stream of one log file, in order: plain `.jsonl` is read as is; `.jsonl.zstd` is
 * walked frame by frame, each frame decoded (fzstd) and checksummed (xxhash-wasm). Container problems
 * are interleaved with the data as `problem` items so the line reader can place them at the exact
 * decoded position where reading stopped.
 */
export type SourceItem =
  | { kind: 'data'; bytes: Uint8Array }
  | { kind: 'problem'; rule: ReaderRuleId; message: string; fatal: boolean };

/** 1 MiB: large enough to amortise syscalls, small enough that memory stays flat. */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;

export function isZstdPath(path: string): boolean {
  return path.endsWith('.zstd') || path.endsWith('.zst');
}

export async function* readChunks(path: string, chunkSize = DEFAULT_CHUNK_SIZE): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
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

export function decodedSource(path: string, chunks: AsyncIterable<Uint8Array> = readChunks(path)): AsyncGenerator<SourceItem> {
  return isZstdPath(path) ? zstdSource(chunks) : plainSource(chunks);
}

async function* plainSource(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SourceItem> {
  for await (const bytes of chunks) yield { kind: 'data', bytes };
}

function concat(pieces: Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  return Buffer.concat(pieces);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Decodes a concatenation of zstd frames. Stops at the first corrupt frame (the rest of the file
 * cannot be trusted or even framed); a frame cut short by EOF is a torn append and keeps what decodes.
 */
export async function* zstdSource(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SourceItem> {
  const checksumOf = await loadContentChecksum();
  const walker = new FrameWalker();
  let pieces: Uint8Array[] = [];
  let frameNo = 0;
  let out: SourceItem[] = [];
  let stop = false;

  const onFrame = (frame: FrameBoundary, bytes: Uint8Array): void => {
    if (frame.kind === 'skippable') return;
    frameNo++;
    const where = `zstd frame ${frameNo} (compressed bytes ${frame.start}..${frame.end})`;
    if (frame.dictionaryId !== 0) {
      out.push({ kind: 'problem', rule: 'LOG-ZSTD-1', message: `${where} needs dictionary ${frame.dictionaryId}; DSH never writes dictionary frames, so this is not a DSH log frame`, fatal: true });
      stop = true;
      return;
    }
    let decoded: Uint8Array;
    try {
      decoded = decompress(bytes);
    } catch (error) {
      out.push({ kind: 'problem', rule: 'LOG-ZSTD-1', message: `${where} is complete but cannot be decoded: ${errorMessage(error)}`, fatal: true });
      stop = true;
      return;
    }
    if (frame.hasChecksum) {
      const expected = storedChecksum(bytes);
      const actual = checksumOf(decoded);
      if (expected !== actual) {
        out.push({
          kind: 'problem',
          rule: 'LOG-ZSTD-2',
          message: `${where} content checksum mismatch: stored 0x${expected.toString(16).padStart(8, '0')}, decoded content hashes to 0x${actual.toString(16).padStart(8, '0')}`,
          fatal: true,
        });
        stop = true;
        return;
      }
    }
    if (decoded.length > 0) out.push({ kind: 'data', bytes: decoded });
  };

  for await (const chunk of chunks) {
    let cursor = 0;
    const base = walker.offset;
    try {
      walker.feed(chunk, (frame) => {
        if (stop) return;
        const endInChunk = frame.end - base;
        pieces.push(chunk.subarray(cursor, endInChunk));
        cursor = endInChunk;
        const bytes = concat(pieces);
        pieces = [];
        onFrame(frame, bytes);
      });
    } catch (error) {
      if (!(error instanceof ZstdFormatError)) throw error;
      yield* out;
      yield { kind: 'problem', rule: 'LOG-ZSTD-1', message: `not a zstd stream at compressed byte ${error.offset}: ${error.message}`, fatal: true };
      return;
    }
    if (cursor < chunk.length) pieces.push(chunk.subarray(cursor));
    yield* out;
    out = [];
    if (stop) return;
  }

  if (walker.inFrame) {
    // Torn final frame: decode the complete blocks that made it to disk, keep their bytes.
    const partial = concat(pieces);
    const decodedParts: Uint8Array[] = [];
    let note = '';
    try {
      new Decompress((data) => {
        decodedParts.push(data);
      }).push(partial);
    } catch (error) {
      note = ` (decoding stopped: ${errorMessage(error)})`;
    }
    let decodedLength = 0;
    for (const part of decodedParts) {
      decodedLength += part.length;
      yield { kind: 'data', bytes: part };
    }
    yield {
      kind: 'problem',
      rule: 'LOG-ZSTD-3',
      message: `final zstd frame ${frameNo + 1} is incomplete (${partial.length} of its bytes reached disk before EOF at compressed byte ${walker.offset}); kept ${decodedLength} decoded bytes, complete lines only${note}`,
      fatal: false,
    };
  }
}
