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
 *
 * It also bounds what decoding a frame may cost *before* anything is decoded: from the header it knows
 * the declared content size and the window size, and from the block headers an upper bound of the
 * decoded size (raw and RLE blocks state their size; a compressed block regenerates at most
 * `min(Window_Size, 128 KiB)`). A frame over the limits is refused with {@link ZstdLimitError} as soon
 * as that is certain, so a 23-byte frame that declares 2 GB costs nothing, and a declared content size
 * the blocks cannot reach is corruption ({@link ZstdFormatError}) without decoding a byte.
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
  /** zstd frames only: Frame_Content_Size from the header, or null when the header does not declare it. */
  contentSize: number | null;
  /**
   * zstd frames only: what the frame can decode to at most — its declared content size when it has one
   * (a decoder refuses to go past it), otherwise the sum of the block bounds. 0 for skippable frames.
   */
  maxDecodedBytes: number;
}

/** Per-frame budget: what one frame may need to be decoded. */
export interface FrameLimits {
  /** Most decoded bytes one frame may produce (declared, or bounded by its blocks). */
  maxFrameBytes: number;
  /** Largest Window_Size a frame may ask the decoder to allocate. */
  maxWindowBytes: number;
}

/**
 * 32 MiB each: a DSH append batch is a 200 ms window of events (kilobytes), so a frame this large is
 * not a live writer's; the limit keeps one frame's decoding (window + output) far below the 256 MB
 * peak-RSS target.
 */
export const DEFAULT_FRAME_LIMITS: FrameLimits = { maxFrameBytes: 32 * 1024 * 1024, maxWindowBytes: 32 * 1024 * 1024 };

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

/** A well-formed frame that would need more than the {@link FrameLimits} allow to be decoded. */
export class ZstdLimitError extends ZstdFormatError {
  constructor(message: string, offset: number) {
    super(message, offset);
    this.name = 'ZstdLimitError';
  }
}

const MiB = 1024 * 1024;
function bytesText(n: number): string {
  return n >= MiB ? `${n} bytes (${(n / MiB).toFixed(1)} MiB)` : `${n} bytes`;
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
  private contentSize: number | null = null;
  private windowSize = 0;
  /** Upper bound of the decoded size of the blocks seen so far in this frame. */
  private blockBound = 0;
  private readonly limits: FrameLimits;

  constructor(limits: Partial<FrameLimits> = {}) {
    this.limits = { ...DEFAULT_FRAME_LIMITS, ...limits };
  }

  /** The header of the frame in progress, once read (the torn-tail path needs it). */
  get currentContentSize(): number | null {
    return this.contentSize;
  }

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
        if (size > this.limits.maxFrameBytes) throw new ZstdLimitError(`skippable frame of ${bytesText(size)} is over the ${bytesText(this.limits.maxFrameBytes)} frame limit`, this.frameStart);
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
        this.contentSize = null;
        this.windowSize = 0;
        this.blockBound = 0;
        this.phase = rest === 0 ? { kind: 'block-header' } : { kind: 'header-rest', need: rest };
        if (rest === 0) this.checkHeader();
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
        const fcsFlag = this.descriptor >> 6;
        const fcsBytes = [singleSegment ? 1 : 0, 2, 4, 8][fcsFlag];
        const fcsAt = at + dictBytes;
        if (fcsBytes > 0) {
          // Little-endian; as a double (exact up to 2^53, and anything larger is over every limit anyway).
          let fcs = 0;
          for (let k = fcsBytes - 1; k >= 0; k--) fcs = fcs * 256 + this.scratch[fcsAt + k];
          this.contentSize = fcsBytes === 2 ? fcs + 256 : fcs;
        }
        if (!singleSegment) {
          const wd = this.scratch[0];
          const base = 2 ** (10 + (wd >> 3));
          this.windowSize = base + (base / 8) * (wd & 7);
        } else {
          this.windowSize = this.contentSize ?? 0;
        }
        this.phase = { kind: 'block-header' };
        this.checkHeader();
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
        // RFC 8878 §3.1.1.2.3: a compressed block regenerates at most Block_Maximum_Size bytes.
        this.blockBound += type === 2 ? Math.min(this.windowSize || MAX_BLOCK_SIZE, MAX_BLOCK_SIZE) : size;
        this.checkBound();
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

  /** The header alone already says whether the frame is affordable. */
  private checkHeader(): void {
    const { maxFrameBytes, maxWindowBytes } = this.limits;
    if (this.contentSize !== null && this.contentSize > maxFrameBytes) {
      throw new ZstdLimitError(`zstd frame declares a content size of ${bytesText(this.contentSize)}, over the ${bytesText(maxFrameBytes)} frame limit; not decoded`, this.frameStart);
    }
    if (this.windowSize > maxWindowBytes) {
      throw new ZstdLimitError(`zstd frame asks for a ${bytesText(this.windowSize)} window, over the ${bytesText(maxWindowBytes)} window limit; not decoded`, this.frameStart);
    }
  }

  /** Blocks (and their compressed bytes) must stay within the frame budget too. */
  private checkBound(): void {
    const { maxFrameBytes } = this.limits;
    if (this.contentSize === null && this.blockBound > maxFrameBytes) {
      throw new ZstdLimitError(`zstd frame without a declared content size has blocks that can decode to more than the ${bytesText(maxFrameBytes)} frame limit; not decoded`, this.frameStart);
    }
    if (this.pos - this.frameStart > maxFrameBytes) {
      throw new ZstdLimitError(`zstd frame is over ${bytesText(maxFrameBytes)} compressed, the frame limit; not decoded`, this.frameStart);
    }
  }

  private finishFrame(onFrame: (frame: FrameBoundary) => void): void {
    const zstd = this.frameKind === 'zstd';
    if (zstd && this.contentSize !== null && this.contentSize > this.blockBound) {
      throw new ZstdFormatError(`zstd frame declares a content size of ${bytesText(this.contentSize)}, but its blocks can decode to at most ${bytesText(this.blockBound)} (false content size)`, this.frameStart);
    }
    const frame: FrameBoundary = {
      kind: this.frameKind,
      start: this.frameStart,
      end: this.pos,
      hasChecksum: zstd && this.hasChecksum,
      dictionaryId: zstd ? this.dictionaryId : 0,
      contentSize: zstd ? this.contentSize : null,
      maxDecodedBytes: zstd ? (this.contentSize ?? this.blockBound) : 0,
    };
    this.phase = { kind: 'magic' };
    this.have = 0;
    onFrame(frame);
  }
}
