import { Decompress, decompress } from 'fzstd';
import type { ReaderMessageFor } from '../reader-rules.js';
import type { ContentChecksum } from './checksum.js';
import { storedChecksum } from './checksum.js';
import type { FrameBoundary } from './frame-walker.js';

/**
 * One complete frame through fzstd (pure JS), with the two checks fzstd itself skips: the content
 * checksum (XXH64) and the declared content size (fzstd pads or overruns instead of failing when the
 * header lies). This is both the fallback decoder and the diagnosis the native path falls back to when a
 * batch fails: it names the frame and the exact problem.
 */
export type FrameVerdict = { ok: true; decoded: Uint8Array } | { ok: false; problem: FrameProblem };

/** What is wrong with one frame; where the frame is (its number and byte range) the caller adds. */
export type FrameProblem = ReaderMessageFor<'LOG-ZSTD-1' | 'LOG-ZSTD-2'> extends infer M
  ? M extends { rule: infer R; messageId: infer K; data: infer D }
    ? 'frame' extends keyof D ? { rule: R; messageId: K; data: Omit<D, 'frame' | 'start' | 'end'> } : never
    : never
  : never;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `bytes` is exactly the frame; `frame` carries what the walker read from its headers. */
export function decodeFrameChecked(bytes: Uint8Array, frame: FrameBoundary, checksumOf: ContentChecksum): FrameVerdict {
  let decoded: Uint8Array;
  try {
    // The walker bounded the declared size already, so fzstd's up-front allocation is affordable.
    decoded = decompress(bytes);
  } catch (error) {
    return { ok: false, problem: { rule: 'LOG-ZSTD-1', messageId: 'undecodable', data: { declaredSize: frame.contentSize, error: errorMessage(error) } } };
  }
  if (frame.contentSize !== null && decoded.length !== frame.contentSize) {
    return { ok: false, problem: { rule: 'LOG-ZSTD-1', messageId: 'falseContentSize', data: { declaredSize: frame.contentSize, decodedSize: decoded.length } } };
  }
  if (frame.hasChecksum) {
    const expected = storedChecksum(bytes);
    const actual = checksumOf(decoded);
    if (expected !== actual) {
      const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;
      return { ok: false, problem: { rule: 'LOG-ZSTD-2', messageId: 'checksumMismatch', data: { stored: hex(expected), actual: hex(actual) } } };
    }
  }
  return { ok: true, decoded };
}

/**
 * A torn final frame: decode the complete blocks that reached disk (streaming, so only what is there
 * is produced). Returns the decoded pieces and why decoding stopped early, if it did.
 */
export function decodeTornFrame(partial: Uint8Array): { parts: Uint8Array[]; decoderError: string | null } {
  const parts: Uint8Array[] = [];
  let decoderError: string | null = null;
  try {
    new Decompress((data) => {
      parts.push(data);
    }).push(partial);
  } catch (error) {
    decoderError = errorMessage(error);
  }
  return { parts, decoderError };
}
