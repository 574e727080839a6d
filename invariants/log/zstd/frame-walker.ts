/**
 * Finds zstd frame boundaries (RFC 8878) by reading only frame and block *headers*, never the
 * compressed payload. DSH writes a `.jsonl.zstd` log as a concatenation of independent frames (the
 * header line alone, then one frame per durable append batch), and knowing where each frame ends lets
 * the reader decode and checksum frame by frame, keep memory bounded by the largest frame, and tell a
 * torn final frame (writer died mid-append: EOF inside a frame) from corruption (bytes that are not a
 * frame at all).
 *
 * The walker is an incremental state machine: feed it chunks of any size; it reports each completed
 * frame as absolute byte offsets. It holds at most a 14-byte header scratch buffer.
 */

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;
/** RFC 8878 §3.1.1.2.4: Block_Size never exceeds 128 KiB (`Block_Maximum_Size`). */
export const MAX_BLOCK_SIZE = 128 * 1024;

export interface FrameBoundary {
  kind: 'zstd' | 'skippable';
  /** Absolute offset of the magic number. */
  start: number;
  /** Absolute offset one past the frame's last byte. */
  end: number;
  /** zstd frames only: whether the frame ends with a 4-byte content checksum. */
  hasChecksum: boolean;
  /** zstd frames only: the Dictionary_ID (0 = none). A dictionary frame cannot be decoded here. */
  dictionaryId: number;
}

export class ZstdFormatError extends Error {
  constructor(
    message: string,
    /** Absolute offset of the offending byte. */
    readonly offset: number,
  ) {
    super(message);
    this.name = 'ZstdFormatError';
  }
}

type Phase =
  | { kind: 'magic' }
  | { kind: 'descriptor' }
  | { kind: 'header-rest'; need: number }
  | { kind: 'block-header' }
  | { kind: 'skip'; remaining: number; then: 'block-header' | 'checksum' | 'frame-end' }
  | { kind: 'checksum' }
  | { kind: 'skippable-size' };

export class FrameWalker {
  private phase: Phase = { kind: 'magic' };
  private scratch = new Uint8Array(16);
  private have = 0;
  /** Absolute offset of the next byte to be fed. */
  private pos = 0;
  private frameStart = 0;
  private frameKind: FrameBoundary['kind'] = 'zstd';
  private descriptor = 0;
  private hasChecksum = false;
  private dictionaryId = 0;

  /** Absolute offset where the frame currently being walked began (meaningful when {@link inFrame}). */
  get currentFrameStart(): number {
    return this.frameStart;
  }

  /** True when some bytes of a frame have been seen but the frame is not complete yet. */
  get inFrame(): boolean {
    return !(this.phase.kind === 'magic' && this.have === 0);
  }

  /** Total bytes fed so far. */
  get offset(): number {
    return this.pos;
  }

  /**
   * Consume `chunk`, calling `onFrame` for every frame that completes inside it. Throws
   * {@link ZstdFormatError} when the bytes cannot be a zstd stream.
   */
  feed(chunk: Uint8Array, onFrame: (frame: FrameBoundary) => void): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      const phase = this.phase;
      if (phase.kind === 'skip') {
        const take = Math.min(phase.remaining, n - i);
        i += take;
        this.pos += take;
        phase.remaining -= take;
        if (phase.remaining === 0) this.afterSkip(phase.then, onFrame);
        continue;
      }
      // Header-like phases gather a fixed number of bytes into scratch, then interpret them.
      const need = this.bytesNeeded(phase);
      const take = Math.min(need - this.have, n - i);
      this.scratch.set(chunk.subarray(i, i + take), this.have);
      this.have += take;
      i += take;
      this.pos += take;
      if (this.have === need) {
        this.have = 0;
        this.interpret(phase, onFrame);
      }
    }
  }

  private bytesNeeded(phase: Exclude<Phase, { kind: 'skip' }>): number {
    switch (phase.kind) {
      case 'magic':
      case 'checksum':
      case 'skippable-size':
        return 4;
      case 'descriptor':
        return 1;
      case 'header-rest':
        return phase.need;
      case 'block-header':
        return 3;
    }
  }

  private u32(): number {
    const s = this.scratch;
    return (s[0] | (s[1] << 8) | (s[2] << 16) | (s[3] << 24)) >>> 0;
  }

  private interpret(phase: Exclude<Phase, { kind: 'skip' }>, onFrame: (frame: FrameBoundary) => void): void {
    switch (phase.kind) {
      case 'magic': {
        this.frameStart = this.pos - 4;
        const magic = this.u32();
        if (magic === ZSTD_MAGIC) {
          this.frameKind = 'zstd';
          this.phase = { kind: 'descriptor' };
        } else if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
          this.frameKind = 'skippable';
          this.phase = { kind: 'skippable-size' };
        } else {
          throw new ZstdFormatError(`expected a zstd frame magic number, found 0x${magic.toString(16).padStart(8, '0')}`, this.frameStart);
        }
        return;
      }
      case 'skippable-size': {
        const size = this.u32();
        this.phase = { kind: 'skip', remaining: size, then: 'frame-end' };
        if (size === 0) this.afterSkip('frame-end', onFrame);
        return;
      }
      case 'descriptor': {
        const d = this.scratch[0];
        if (d & 0x08) throw new ZstdFormatError('zstd frame header descriptor has the reserved bit set', this.pos - 1);
        this.descriptor = d;
        this.hasChecksum = (d & 0x04) !== 0;
        const singleSegment = (d & 0x20) !== 0;
        const fcsFlag = d >> 6;
        const dictFlag = d & 0x03;
        const windowBytes = singleSegment ? 0 : 1;
        const dictBytes = [0, 1, 2, 4][dictFlag];
        const fcsBytes = [singleSegment ? 1 : 0, 2, 4, 8][fcsFlag];
        const rest = windowBytes + dictBytes + fcsBytes;
        this.dictionaryId = 0;
        this.phase = rest === 0 ? { kind: 'block-header' } : { kind: 'header-rest', need: rest };
        return;
      }
      case 'header-rest': {
        const singleSegment = (this.descriptor & 0x20) !== 0;
        const dictFlag = this.descriptor & 0x03;
        const dictBytes = [0, 1, 2, 4][dictFlag];
        const at = singleSegment ? 0 : 1;
        let id = 0;
        for (let k = dictBytes - 1; k >= 0; k--) id = id * 256 + this.scratch[at + k];
        this.dictionaryId = id;
        this.phase = { kind: 'block-header' };
        return;
      }
      case 'block-header': {
        const s = this.scratch;
        const h = s[0] | (s[1] << 8) | (s[2] << 16);
        const last = (h & 1) === 1;
        const type = (h >> 1) & 3;
        const size = h >>> 3;
        if (type === 3) throw new ZstdFormatError('zstd block header uses the reserved block type', this.pos - 3);
        if (size > MAX_BLOCK_SIZE) throw new ZstdFormatError(`zstd block size ${size} exceeds the 128 KiB maximum`, this.pos - 3);
        // An RLE block stores one byte regardless of its (regenerated) Block_Size.
        const body = type === 1 ? 1 : size;
        const then = last ? (this.hasChecksum ? 'checksum' : 'frame-end') : 'block-header';
        this.phase = { kind: 'skip', remaining: body, then };
        if (body === 0) this.afterSkip(then, onFrame);
        return;
      }
      case 'checksum':
        this.finishFrame(onFrame);
        return;
    }
  }

  private afterSkip(then: 'block-header' | 'checksum' | 'frame-end', onFrame: (frame: FrameBoundary) => void): void {
    if (then === 'frame-end') this.finishFrame(onFrame);
    else this.phase = { kind: then };
  }

  private finishFrame(onFrame: (frame: FrameBoundary) => void): void {
    const frame: FrameBoundary = {
      kind: this.frameKind,
      start: this.frameStart,
      end: this.pos,
      hasChecksum: this.frameKind === 'zstd' && this.hasChecksum,
      dictionaryId: this.frameKind === 'zstd' ? this.dictionaryId : 0,
    };
    this.phase = { kind: 'magic' };
    this.have = 0;
    onFrame(frame);
  }
}
