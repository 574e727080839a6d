import { Decompress, decompress } from 'fzstd';
import type { ContentChecksum } from './checksum.js';
import { storedChecksum } from './checksum.js';
import type { FrameBoundary } from './frame-walker.js';

/**
 * One complete frame through fzstd (pure JS), with the two checks fzstd itself skips: the content
 * checksum (XXH64) and the declared content size (fzstd pads or overruns instead of failing when the
 * header lies). This is both the fallback decoder and the diagnosis the native path falls back to when a
 * batch fails: it names the frame and the exact problem.
 */
export type FrameVerdict =
  | { ok: true; decoded: Uint8Array }
  | { ok: false; rule: 'LOG-ZSTD-1' | 'LOG-ZSTD-2'; message: string };

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
    const declared = frame.contentSize !== null ? ` (it declares a content size of ${frame.contentSize} bytes)` : '';
    return { ok: false, rule: 'LOG-ZSTD-1', message: `is complete but cannot be decoded${declared}: ${errorMessage(error)}` };
  }
  if (frame.contentSize !== null && decoded.length !== frame.contentSize) {
    return { ok: false, rule: 'LOG-ZSTD-1', message: `declares a content size of ${frame.contentSize} bytes but decodes to ${decoded.length} (false content size: corruption, as zstd -t reports it)` };
  }
  if (frame.hasChecksum) {
    const expected = storedChecksum(bytes);
    const actual = checksumOf(decoded);
    if (expected !== actual) {
      const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;
      return { ok: false, rule: 'LOG-ZSTD-2', message: `content checksum mismatch: stored ${hex(expected)}, decoded content hashes to ${hex(actual)}` };
    }
  }
  return { ok: true, decoded };
}

/**
 * A torn final frame: decode the complete blocks that reached disk (streaming, so only what is there
 * is produced). Returns the decoded pieces and why decoding stopped early, if it did.
 */
export function decodeTornFrame(partial: Uint8Array): { parts: Uint8Array[]; note: string } {
  const parts: Uint8Array[] = [];
  let note = '';
  try {
    new Decompress((data) => {
      parts.push(data);
    }).push(partial);
  } catch (error) {
    note = ` (decoding stopped: ${errorMessage(error)})`;
  }
  return { parts, note };
}
