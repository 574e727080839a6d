import { createRequire } from 'node:module';
import { loadContentChecksum } from './checksum.js';
import type { FrameBoundary } from './frame-walker.js';
import { decodeFrameChecked, type FrameVerdict } from './fzstd-frame.js';

/**
 * The decoders a `.jsonl.zstd` log can be read with. Production uses libzstd through the prebuilt
 * native binding `@toondepauw/node-zstd` (its binary ships inside a per-platform npm package, no install
 * script): one call decodes all the complete frames of a read, on libuv's thread pool, verifying each
 * frame's checksum and declared content size. Where that binding cannot load (a platform it has no
 * binary for), fzstd — pure JS, per frame, on the main thread — takes over, with the checks it lacks
 * added by {@link decodeFrameChecked}. `zstdDecoderName()` says which one a run used.
 *
 * `DSH_CTX_CONFORM_ZSTD=fzstd` forces the fallback (benchmarks, debugging); `=native` makes a missing
 * binding an error instead of a silent fallback.
 */
export interface ZstdDecoder {
  readonly name: string;
  /**
   * Decodes complete zstd frames laid back to back in `bytes` (`frames` are their boundaries, in
   * order). Resolves to the decoded content, in order; rejects when any frame fails, and the caller then
   * asks {@link decodeFrameChecked} which frame and why.
   */
  decodeFrames(bytes: Uint8Array, frames: readonly FrameBoundary[]): Promise<Uint8Array[]>;
}

type NativeModule = typeof import('@toondepauw/node-zstd');

const NATIVE_PACKAGE = '@toondepauw/node-zstd';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

export class FrameDecodeError extends Error {
  constructor(
    readonly frameIndex: number,
    readonly verdict: Extract<FrameVerdict, { ok: false }>,
  ) {
    super(`${verdict.problem.rule} ${verdict.problem.messageId}`);
    this.name = 'FrameDecodeError';
  }
}

export function createNativeDecoder(): ZstdDecoder {
  const require = createRequire(import.meta.url);
  const native: NativeModule = require(NATIVE_PACKAGE);
  const { version }: { version: string } = require(`${NATIVE_PACKAGE}/package.json`);
  const decoder = new native.Decoder();
  return {
    name: `libzstd (native, ${NATIVE_PACKAGE}@${version}, thread pool)`,
    async decodeFrames(bytes) {
      const input = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      return [await decoder.decode(input)];
    },
  };
}

export function createFzstdDecoder(reason?: string): ZstdDecoder {
  return {
    name: `fzstd (pure JS fallback${reason ? `: ${reason}` : ''})`,
    async decodeFrames(bytes, frames) {
      const checksumOf = await loadContentChecksum();
      const out: Uint8Array[] = [];
      let at = 0;
      for (let k = 0; k < frames.length; k++) {
        const length = frames[k].end - frames[k].start;
        const verdict = decodeFrameChecked(bytes.subarray(at, at + length), frames[k], checksumOf);
        at += length;
        if (!verdict.ok) throw new FrameDecodeError(k, verdict);
        out.push(verdict.decoded);
      }
      return out;
    },
  };
}

let chosen: ZstdDecoder | null = null;

/** The decoder this process uses for `.zstd` logs (chosen once, on first use). */
export function defaultZstdDecoder(): ZstdDecoder {
  if (chosen) return chosen;
  const wanted = process.env.DSH_CTX_CONFORM_ZSTD;
  if (wanted === 'fzstd') {
    chosen = createFzstdDecoder('DSH_CTX_CONFORM_ZSTD=fzstd');
    return chosen;
  }
  try {
    chosen = createNativeDecoder();
  } catch (error) {
    if (wanted === 'native') throw new Error(`DSH_CTX_CONFORM_ZSTD=native but ${NATIVE_PACKAGE} cannot load: ${errorMessage(error)}`);
    chosen = createFzstdDecoder(`${NATIVE_PACKAGE} did not load: ${errorMessage(error)}`);
  }
  return chosen;
}

/** Which zstd decoder `check` runs with in this process, e.g. for a report's metadata. */
export function zstdDecoderName(): string {
  return defaultZstdDecoder().name;
}
