import type { ReaderMessage } from '../reader-rules.js';
import { loadContentChecksum } from './checksum.js';
import { defaultZstdDecoder, FrameDecodeError, type ZstdDecoder } from './decoders.js';
import { FrameWalker, ZstdFormatError, ZstdLimitError, type FrameBoundary, type FrameLimits } from './frame-walker.js';
import { decodeFrameChecked, decodeTornFrame } from './fzstd-frame.js';

/**
 * Decodes a `.jsonl.zstd` log: a concatenation of frames. The walker finds frame boundaries from
 * headers alone and refuses unaffordable frames before any decoding; complete frames are grouped into
 * batches (all the complete frames of a read, split so one batch's decoded size is bounded) and each
 * batch is one decoder call. Batches of the next read decode on the thread pool while the consumer is
 * still checking the lines of the previous one, so decoding costs almost no wall time.
 *
 * Problems come out as `problem` items placed exactly after the data decoded before them. Reading stops
 * at the first corrupt or over-limit frame (the rest cannot be trusted or afforded); a frame cut short by
 * EOF is a torn append and keeps what decodes.
 */
export type SourceItem =
  | { kind: 'data'; bytes: Uint8Array }
  | { kind: 'problem'; message: ReaderMessage; fatal: boolean };

export interface ZstdSourceOptions {
  limits?: Partial<FrameLimits>;
  decoder?: ZstdDecoder;
}

/** Upper bound of decoded bytes per decoder call (the native call allocates its whole output). */
const BATCH_BOUND = 2 * 1024 * 1024;
/** Upper bound of decoded bytes in flight (decoding or decoded, not yet handed over). */
const IN_FLIGHT_BOUND = 24 * 1024 * 1024;

type Settled = { ok: true; parts: Uint8Array[] } | { ok: false; error: unknown };

interface Batch {
  kind: 'batch';
  frames: FrameBoundary[];
  /** The compressed frames, in order. */
  pieces: Uint8Array[];
  firstFrameNo: number;
  bound: number;
  /** Chunk in which the batch was submitted: the newest two chunks' batches stay in flight. */
  chunk: number;
  result?: Promise<Settled>;
}

type Entry = Batch | { kind: 'item'; item: SourceItem };

/**
 * The pieces as one byte range. Pieces cut from one read lie back to back in its buffer: then they are
 * one view of it, not a copy (a batch is usually all the frames of one read).
 */
function concat(pieces: Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  const first = pieces[0];
  let end = first.byteOffset + first.length;
  for (let k = 1; k < pieces.length; k++) {
    const p = pieces[k];
    if (p.buffer !== first.buffer || p.byteOffset !== end) return Buffer.concat(pieces);
    end += p.length;
  }
  return new Uint8Array(first.buffer, first.byteOffset, end - first.byteOffset);
}

/** Where a frame is, as the frame messages' data names it. */
function frameWhere(frameNo: number, frame: FrameBoundary): { frame: number; start: number; end: number } {
  return { frame: frameNo, start: frame.start, end: frame.end };
}

export async function* zstdSource(chunks: AsyncIterable<Uint8Array>, options: ZstdSourceOptions = {}): AsyncGenerator<SourceItem> {
  const decoder = options.decoder ?? defaultZstdDecoder();
  const walker = new FrameWalker(options.limits);
  const queue: Entry[] = [];
  let inFlight = 0;
  let pieces: Uint8Array[] = []; // compressed bytes of the frame in progress, across chunks
  let frameNo = 0;
  let chunkNo = 0;
  let stop = false;
  let batch: Batch | null = null;

  const submit = (): void => {
    if (!batch) return;
    const b = batch;
    batch = null;
    b.result = decoder.decodeFrames(concat(b.pieces), b.frames).then(
      (parts): Settled => ({ ok: true, parts }),
      (error: unknown): Settled => ({ ok: false, error }),
    );
    inFlight += b.bound;
    queue.push(b);
  };
  const fail = (message: ReaderMessage): void => {
    submit();
    queue.push({ kind: 'item', item: { kind: 'problem', message, fatal: true } });
    stop = true;
  };
  const onFrame = (frame: FrameBoundary, bytes: Uint8Array): void => {
    if (stop || frame.kind === 'skippable') return;
    frameNo++;
    if (frame.dictionaryId !== 0) {
      return fail({ rule: 'LOG-ZSTD-1', messageId: 'dictionaryFrame', data: { ...frameWhere(frameNo, frame), dictionaryId: frame.dictionaryId } });
    }
    if (batch && batch.bound + frame.maxDecodedBytes > BATCH_BOUND) submit();
    batch ??= { kind: 'batch', frames: [], pieces: [], firstFrameNo: frameNo, bound: 0, chunk: chunkNo };
    batch.frames.push(frame);
    batch.pieces.push(bytes);
    batch.bound += frame.maxDecodedBytes;
  };

  /** Hands over the head of the queue; returns false once reading must stop. */
  async function* drainHead(): AsyncGenerator<SourceItem, boolean> {
    const entry = queue.shift()!;
    if (entry.kind === 'item') {
      yield entry.item;
      return !(entry.item.kind === 'problem' && entry.item.fatal);
    }
    const settled = await entry.result!;
    inFlight -= entry.bound;
    if (settled.ok) {
      for (const bytes of settled.parts) if (bytes.length > 0) yield { kind: 'data', bytes };
      return true;
    }
    yield* diagnose(entry, settled.error);
    return false;
  }

  /** A batch failed: find the first bad frame (fzstd, with every check) and keep what precedes it. */
  async function* diagnose(entry: Batch, error: unknown): AsyncGenerator<SourceItem> {
    const checksumOf = await loadContentChecksum();
    for (let k = 0; k < entry.frames.length; k++) {
      const frame = entry.frames[k];
      const verdict = error instanceof FrameDecodeError && k === error.frameIndex ? error.verdict : decodeFrameChecked(entry.pieces[k], frame, checksumOf);
      if (!verdict.ok) {
        const { problem } = verdict;
        yield { kind: 'problem', message: { ...problem, data: { ...frameWhere(entry.firstFrameNo + k, frame), ...problem.data } } as ReaderMessage, fatal: true };
        return;
      }
      if (verdict.decoded.length > 0) yield { kind: 'data', bytes: verdict.decoded };
    }
    // The reference decoder accepts every frame the fast one refused: report the fast one's reason.
    const first = entry.frames[0];
    const last = entry.frames[entry.frames.length - 1];
    const message = error instanceof Error ? error.message : String(error);
    yield { kind: 'problem', message: { rule: 'LOG-ZSTD-1', messageId: 'batchUndecodable', data: { firstFrame: entry.firstFrameNo, lastFrame: entry.firstFrameNo + entry.frames.length - 1, start: first.start, end: last.end, error: message } }, fatal: true };
  }

  async function* drain(all: boolean): AsyncGenerator<SourceItem, boolean> {
    while (queue.length > 0) {
      const head = queue[0];
      // Two reads' batches stay in flight: each gets a whole read's worth of checking time to finish.
      if (!all && head.kind === 'batch' && head.chunk >= chunkNo - 1 && inFlight <= IN_FLIGHT_BOUND) break;
      if (!(yield* drainHead())) return false;
    }
    return true;
  }

  for await (const chunk of chunks) {
    chunkNo++;
    let cursor = 0;
    const base = walker.offset;
    try {
      walker.feed(chunk, (frame) => {
        const endInChunk = frame.end - base;
        pieces.push(chunk.subarray(cursor, endInChunk));
        cursor = endInChunk;
        const bytes = concat(pieces);
        pieces = [];
        onFrame(frame, bytes);
      });
    } catch (error) {
      if (!(error instanceof ZstdFormatError)) throw error;
      if (!stop) {
        const data = { frame: frameNo + 1, offset: error.offset, detail: error.message };
        fail(error instanceof ZstdLimitError ? { rule: 'LOG-ZSTD-4', messageId: 'overLimit', data } : { rule: 'LOG-ZSTD-1', messageId: 'badFrame', data });
      }
    }
    if (stop) {
      yield* drain(true);
      return;
    }
    if (cursor < chunk.length) pieces.push(chunk.subarray(cursor));
    submit();
    if (!(yield* drain(false))) return;
  }
  if (!(yield* drain(true))) return;

  if (walker.inFrame) {
    // Torn final frame (its header, if read, was already held to the limits): keep the complete blocks.
    const partial = concat(pieces);
    const { parts, decoderError } = decodeTornFrame(partial);
    let decodedLength = 0;
    for (const part of parts) {
      decodedLength += part.length;
      yield { kind: 'data', bytes: part };
    }
    yield {
      kind: 'problem',
      message: { rule: 'LOG-ZSTD-3', messageId: 'tornFrame', data: { frame: frameNo + 1, bytesOnDisk: partial.length, offset: walker.offset, kept: decodedLength, decoderError } },
      fatal: false,
    };
  }
}
