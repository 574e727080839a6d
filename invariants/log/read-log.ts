import type { Severity } from '../findings.js';
import { decodedSource, isZstdPath } from './byte-source.js';
import { NotRegularFileError } from './file-type.js';
import { ROW_TAGS, expandChunkRow } from './chunk-rows.js';
import { validateHeader, describe } from './header.js';
import { compactSeparatorCount, countKeySeparators, countParsedKeys, findDuplicateKey, firstInvalidUtf8, hasLooseSeparator, startsWithBom, utf8SequenceHex } from './json-text.js';
import { findJsonProblem, keysOfLastWalk } from './json-value.js';
import { normaliseLegacy, type LegacyContext, type LegacyKind } from './legacy.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from './line-splitter.js';
import type { ReaderMessage, ReaderMessageFor } from './reader-rules.js';
import type { EventLocation, SessionEvent, SessionHeader } from './types.js';
import { defaultZstdDecoder, type ZstdDecoder } from './zstd/decoders.js';
import type { FrameLimits } from './zstd/frame-walker.js';

/**
 * Reads one log file exactly as written on disk, front to back, once: decoded bytes → lines →
 * JSON → header / events (packed rows expanded, legacy shapes upgraded), each with its file, 1-based
 * line and byte offset in the decoded stream. Problems become `finding` items in stream order; the
 * reader never throws for anything found in a file, and never holds more than one chunk, one frame
 * and one line at a time.
 */
export type LogItem =
  | { kind: 'header'; header: SessionHeader; loc: EventLocation }
  | { kind: 'event'; event: SessionEvent; loc: EventLocation }
  | ({ kind: 'finding'; loc: EventLocation | null; seq: number | null; severity?: Severity } & ReaderMessage);

export interface ReadOptions {
  maxLineBytes?: number;
  /** Read these bytes instead of the file (tests, in-memory logs); `path` still names the source. */
  chunks?: AsyncIterable<Uint8Array>;
  /** Per-frame decoding limits for `.zstd` logs (defaults: 32 MiB content, window and compressed size). */
  frameLimits?: Partial<FrameLimits>;
  /** The zstd decoder (default: native libzstd, or fzstd where the binding cannot load). */
  zstdDecoder?: ZstdDecoder;
}

export interface ReadResult {
  /** DSH could not load this file (bad header, corrupt container, unreadable path). */
  unreadable: boolean;
  events: number;
  lines: number;
  /** Decoded bytes read. */
  bytes: number;
  /** The zstd decoder that decoded this file (its name), or null for plain jsonl. */
  zstdDecoder: string | null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function readLog(path: string, onItem: (item: LogItem) => void, options: ReadOptions = {}): Promise<ReadResult> {
  const reader = new RecordReader(path, onItem);
  const splitter = new LineSplitter(
    {
      line: (buffer, start, end, lineNo, byteOffset) => reader.line(buffer, start, end, lineNo, byteOffset),
      oversized: (length, lineNo, byteOffset) => reader.oversized(length, lineNo, byteOffset, splitter.maxLineBytes),
    },
    options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
  );
  let bytes = 0;
  let tornFrame = false;
  let zstdDecoder: ZstdDecoder | null = null;
  try {
    // Chosen here, not inside the source, so the result can say which decoder ran (inside the try: a
    // forced DSH_CTX_CONFORM_ZSTD=native without the binding is this file's read error).
    if (isZstdPath(path)) zstdDecoder = options.zstdDecoder ?? defaultZstdDecoder();
    for await (const item of decodedSource(path, options.chunks, { limits: options.frameLimits, decoder: zstdDecoder ?? undefined })) {
      if (item.kind === 'data') {
        bytes += item.bytes.length;
        const buf = Buffer.isBuffer(item.bytes) ? item.bytes : Buffer.from(item.bytes.buffer, item.bytes.byteOffset, item.bytes.length);
        splitter.push(buf);
      } else {
        const loc = { file: path, line: splitter.nextLineNo, byteOffset: splitter.nextLineOffset };
        onItem({ kind: 'finding', ...item.message, loc, seq: null });
        if (item.message.rule === 'LOG-ZSTD-3') tornFrame = true;
        if (item.fatal) reader.unreadable = true;
      }
      if (reader.stopped) break;
    }
  } catch (error) {
    // Opening, fstat or a read failed (or the input is not a regular file): reading stops where it was.
    const loc = { file: path, line: splitter.nextLineNo, byteOffset: splitter.nextLineOffset };
    const code = (error as NodeJS.ErrnoException).code;
    const message: ReaderMessageFor<'LOG-READ-1'> =
      error instanceof NotRegularFileError
        ? { rule: 'LOG-READ-1', messageId: 'notRegularFile', data: { path: error.path, fileType: error.what } }
        : { rule: 'LOG-READ-1', messageId: 'readFailed', data: { path, afterLine: loc.line > 1 ? loc.line - 1 : null, code: code ?? null, error: errorMessage(error) } };
    onItem({ kind: 'finding', ...message, loc, seq: null });
    reader.unreadable = true;
  }
  const tail = reader.stopped ? null : splitter.end();
  reader.finish(tail, tornFrame);
  return { unreadable: reader.unreadable, events: reader.events, lines: splitter.nextLineNo - 1, bytes, zstdDecoder: zstdDecoder?.name ?? null };
}

/** Turns complete lines into header/event/finding items. */
class RecordReader {
  unreadable = false;
  /** Set once the header is refused: nothing after it can be interpreted. */
  stopped = false;
  events = 0;
  private header: SessionHeader | null = null;
  private readonly legacySeen = new Map<LegacyKind, { count: number; loc: EventLocation; seq: number | null }>();
  private readonly toolResultIds = new Map<number, string>();
  /** What legacy upgrades may consult; made once, when the header is accepted. */
  private legacy: LegacyContext | null = null;

  private readonly emit: (item: LogItem) => void;

  constructor(
    private readonly file: string,
    consumer: (item: LogItem) => void,
  ) {
    // A consumer failing on one record (a rule crash) must not end the file: it becomes a finding at
    // that record's line and reading goes on. Rule modules contain their own failures; this is the net.
    this.emit = (item) => {
      try {
        consumer(item);
      } catch (error) {
        if (item.kind === 'finding') throw error;
        const seq = item.kind === 'event' && typeof item.event.seq === 'number' ? item.event.seq : null;
        consumer({ kind: 'finding', rule: 'LOG-READ-7', messageId: 'consumerFailed', data: { item: item.kind, error: errorMessage(error) }, loc: item.loc, seq });
      }
    };
  }

  private finding(message: ReaderMessage, loc: EventLocation | null, seq: number | null = null, severity?: Severity): void {
    this.emit({ kind: 'finding', ...message, loc, seq, ...(severity ? { severity } : {}) });
  }

  private refuseHeader(message: ReaderMessageFor<'LOG-HDR-1' | 'LOG-HDR-2'>, loc: EventLocation): void {
    this.finding(message, loc);
    this.unreadable = true;
    this.stopped = true;
  }

  oversized(length: number, lineNo: number, byteOffset: number, max: number): void {
    if (this.stopped) return;
    const loc = { file: this.file, line: lineNo, byteOffset };
    if (lineNo === 1) return this.refuseHeader({ rule: 'LOG-HDR-1', messageId: 'oversizedHeader', data: { length, limit: max } }, loc);
    this.finding({ rule: 'LOG-READ-5', messageId: 'oversizedLine', data: { length, limit: max } }, loc);
  }

  line(buffer: Buffer, start: number, end: number, lineNo: number, byteOffset: number): void {
    if (this.stopped) return;
    const loc: EventLocation = { file: this.file, line: lineNo, byteOffset };
    try {
      this.record(buffer, start, end, lineNo, loc);
    } catch (error) {
      // The reader's own failure on a hostile line: reported at the line, and the next line is read.
      this.finding({ rule: 'LOG-READ-7', messageId: 'readerFailed', data: { error: errorMessage(error) } }, loc);
    }
  }

  private record(buffer: Buffer, start: number, end: number, lineNo: number, loc: EventLocation): void {
    let value: unknown;
    const text = buffer.toString('utf8', start, end);
    try {
      value = JSON.parse(text);
    } catch (error) {
      const what =
        end === start
          ? ({ problem: 'empty-line', error: null } as const)
          : startsWithBom(buffer, start, end)
            ? ({ problem: 'byte-order-mark', error: null } as const)
            : ({ problem: 'invalid-json', error: errorMessage(error) } as const);
      if (lineNo === 1) return this.refuseHeader({ rule: 'LOG-HDR-1', messageId: 'headerNotJson', data: what }, loc);
      return this.finding({ rule: 'LOG-READ-3', messageId: 'notJson', data: what }, loc);
    }
    const seqOf = (v: unknown): number | null => {
      if (typeof v !== 'object' || v === null) return null;
      const r = v as Record<string, unknown>;
      return typeof r.seq === 'number' ? r.seq : typeof r.seq0 === 'number' ? r.seq0 : null;
    };
    const problem = findJsonProblem(value);
    this.textProblems(buffer, start, end, text, value, loc, seqOf(value));
    if (lineNo === 1) {
      if (problem) this.jsonProblem(problem, loc, null);
      const verdict = validateHeader(value);
      if (!verdict.ok) return this.refuseHeader(verdict.message, loc);
      this.header = verdict.header;
      const toolResultIds = this.toolResultIds;
      this.legacy = { sessionId: verdict.header.id, toolResultId: (seq) => toolResultIds.get(seq) };
      this.emit({ kind: 'header', header: verdict.header, loc });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return this.finding({ rule: 'LOG-READ-4', messageId: 'notObject', data: { foundKind: describe(value) } }, loc);
    }
    const record = value as Record<string, unknown>;
    const seqHint = typeof record.seq === 'number' ? record.seq : typeof record.seq0 === 'number' ? record.seq0 : null;
    if (problem) this.jsonProblem(problem, loc, seqHint);
    if (typeof record.type === 'string' && ROW_TAGS.has(record.type)) {
      const verdict = expandChunkRow(record);
      if (!verdict.ok) return this.finding(verdict.message, loc, seqHint);
      const events = verdict.events;
      for (let i = 0; i < events.length; i++) this.event(events[i], loc);
      return;
    }
    const upgraded = normaliseLegacy(record, this.legacy!);
    for (const kind of upgraded) {
      const seen = this.legacySeen.get(kind);
      if (seen) seen.count++;
      else this.legacySeen.set(kind, { count: 1, loc, seq: seqHint });
    }
    if (record.type === 'tool/result') {
      const id = ((record.data as { message?: { id?: unknown } } | null)?.message as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' && typeof record.seq === 'number') this.toolResultIds.set(record.seq, id);
    }
    this.event(record as unknown as SessionEvent, loc);
  }

  private event(event: SessionEvent, loc: EventLocation): void {
    this.events++;
    this.emit({ kind: 'event', event, loc });
  }

  /** What the bytes say that the parsed value no longer can: invalid UTF-8, duplicate keys. */
  private textProblems(buffer: Buffer, start: number, end: number, text: string, value: unknown, loc: EventLocation, seq: number | null): void {
    const bad = firstInvalidUtf8(buffer, start, end, text);
    if (bad !== -1) {
      this.finding({ rule: 'LOG-JSON-3', messageId: 'invalidUtf8', data: { bytes: utf8SequenceHex(buffer, start + bad, end), at: bad } }, loc, seq);
    }
    if (typeof value !== 'object' || value === null) return;
    const walked = keysOfLastWalk();
    const parsedKeys = walked >= 0 ? walked : countParsedKeys(value);
    // Cheap proof of "no duplicates" first: without loose separators, at most one `":` pair per key.
    if (compactSeparatorCount(text) <= parsedKeys && !hasLooseSeparator(text)) return;
    if (countKeySeparators(buffer, start, end) === parsedKeys) return;
    const dup = findDuplicateKey(text);
    if (dup) {
      this.finding({ rule: 'LOG-JSON-4', messageId: 'duplicateKey', data: { key: dup.key.length > 60 ? `${dup.key.slice(0, 60)}…` : dup.key, path: dup.path } }, loc, seq);
    }
  }

  private jsonProblem(problem: NonNullable<ReturnType<typeof findJsonProblem>>, loc: EventLocation, seq: number | null): void {
    if (problem.kind === 'proto-key') {
      this.finding({ rule: 'LOG-JSON-2', messageId: 'protoKey', data: { path: problem.path } }, loc, seq);
    } else {
      this.finding({ rule: 'LOG-JSON-1', messageId: 'lossyNumber', data: { problem: problem.kind === 'non-finite' ? 'non-finite' : 'negative-zero', path: problem.path } }, loc, seq);
    }
  }

  finish(tail: { lineNo: number; byteOffset: number; length: number } | null, tornFrame: boolean): void {
    if (tail && !tornFrame) {
      const loc = { file: this.file, line: tail.lineNo, byteOffset: tail.byteOffset };
      if (this.header === null && !this.stopped) {
        this.refuseHeader({ rule: 'LOG-HDR-1', messageId: 'tornHeader', data: { length: tail.length } }, loc);
        return;
      }
      this.finding({ rule: 'LOG-READ-6', messageId: 'tornTail', data: { length: tail.length } }, loc);
    }
    if (this.header === null && !this.stopped && !this.unreadable) {
      this.finding({ rule: 'LOG-HDR-1', messageId: 'emptyLog', data: {} }, { file: this.file, line: 1, byteOffset: 0 });
      this.unreadable = true;
      return;
    }
    for (const [kind, seen] of this.legacySeen) {
      this.finding({ rule: 'LOG-LEGACY-2', messageId: 'normalised', data: { count: seen.count, kind } }, seen.loc, seen.seq);
    }
  }
}
