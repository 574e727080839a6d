import type { Severity } from '../findings.js';
import { decodedSource, isZstdPath } from './byte-source.js';
import { NotRegularFileError } from './file-type.js';
import { ROW_TAGS, expandChunkRow } from './chunk-rows.js';
import { validateHeader, describe } from './header.js';
import { compactSeparatorCount, countKeySeparators, countParsedKeys, findDuplicateKey, firstInvalidUtf8, hasLooseSeparator, startsWithBom, utf8SequenceHex } from './json-text.js';
import { findJsonProblem, keysOfLastWalk } from './json-value.js';
import { normaliseLegacy, type LegacyContext, type LegacyKind } from './legacy.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from './line-splitter.js';
import type { ReaderRuleId } from './reader-rules.js';
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
  | { kind: 'finding'; rule: ReaderRuleId; message: string; loc: EventLocation | null; seq: number | null; severity?: Severity };

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
        onItem({ kind: 'finding', rule: item.rule, message: item.message, loc, seq: null });
        if (item.rule === 'LOG-ZSTD-3') tornFrame = true;
        if (item.fatal) reader.unreadable = true;
      }
      if (reader.stopped) break;
    }
  } catch (error) {
    // Opening, fstat or a read failed (or the input is not a regular file): reading stops where it was.
    const loc = { file: path, line: splitter.nextLineNo, byteOffset: splitter.nextLineOffset };
    const code = (error as NodeJS.ErrnoException).code;
    const message = error instanceof NotRegularFileError ? error.message : `cannot read ${path}${loc.line > 1 ? ` after line ${loc.line - 1}` : ''}: ${code ? `${code} ` : ''}${errorMessage(error)}`;
    onItem({ kind: 'finding', rule: 'LOG-READ-1', message, loc, seq: null });
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
        consumer({ kind: 'finding', rule: 'LOG-READ-7', message: `checking this ${item.kind} failed (${errorMessage(error)}); the rest of the file is still checked`, loc: item.loc, seq });
      }
    };
  }

  private finding(rule: ReaderRuleId, message: string, loc: EventLocation | null, seq: number | null = null, severity?: Severity): void {
    this.emit({ kind: 'finding', rule, message, loc, seq, ...(severity ? { severity } : {}) });
  }

  private refuseHeader(rule: 'LOG-HDR-1' | 'LOG-HDR-2', message: string, loc: EventLocation): void {
    this.finding(rule, message, loc);
    this.unreadable = true;
    this.stopped = true;
  }

  oversized(length: number, lineNo: number, byteOffset: number, max: number): void {
    if (this.stopped) return;
    const loc = { file: this.file, line: lineNo, byteOffset };
    if (lineNo === 1) return this.refuseHeader('LOG-HDR-1', `expected a session header on line 1, found a ${length}-byte line (limit ${max} bytes)`, loc);
    this.finding('LOG-READ-5', `line is ${length} bytes, over the ${max}-byte limit; skipped without parsing`, loc);
  }

  line(buffer: Buffer, start: number, end: number, lineNo: number, byteOffset: number): void {
    if (this.stopped) return;
    const loc: EventLocation = { file: this.file, line: lineNo, byteOffset };
    try {
      this.record(buffer, start, end, lineNo, loc);
    } catch (error) {
      // The reader's own failure on a hostile line: reported at the line, and the next line is read.
      this.finding('LOG-READ-7', `the reader failed on this line (${errorMessage(error)}); it was skipped`, loc);
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
          ? 'an empty line'
          : startsWithBom(buffer, start, end)
            ? 'a UTF-8 byte order mark (0xEF 0xBB 0xBF) before the JSON; DSH writes none and its JSON.parse refuses the line'
            : `invalid JSON (${errorMessage(error)})`;
      if (lineNo === 1) return this.refuseHeader('LOG-HDR-1', `expected a session header on line 1, found ${what}`, loc);
      return this.finding('LOG-READ-3', `expected one JSON value, found ${what}`, loc);
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
      if (!verdict.ok) return this.refuseHeader(verdict.rule, verdict.message, loc);
      this.header = verdict.header;
      const toolResultIds = this.toolResultIds;
      this.legacy = { sessionId: verdict.header.id, toolResultId: (seq) => toolResultIds.get(seq) };
      this.emit({ kind: 'header', header: verdict.header, loc });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return this.finding('LOG-READ-4', `expected an event object, found ${describe(value)}`, loc);
    }
    const record = value as Record<string, unknown>;
    const seqHint = typeof record.seq === 'number' ? record.seq : typeof record.seq0 === 'number' ? record.seq0 : null;
    if (problem) this.jsonProblem(problem, loc, seqHint);
    if (typeof record.type === 'string' && ROW_TAGS.has(record.type)) {
      const verdict = expandChunkRow(record);
      if (!verdict.ok) return this.finding('LOG-ROW-1', verdict.message, loc, seqHint);
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
      this.finding('LOG-JSON-3', `expected valid UTF-8, found the invalid byte sequence ${utf8SequenceHex(buffer, start + bad, end)} at byte ${bad} of the line; DSH reads it as U+FFFD`, loc, seq);
    }
    if (typeof value !== 'object' || value === null) return;
    const walked = keysOfLastWalk();
    const parsedKeys = walked >= 0 ? walked : countParsedKeys(value);
    // Cheap proof of "no duplicates" first: without loose separators, at most one `":` pair per key.
    if (compactSeparatorCount(text) <= parsedKeys && !hasLooseSeparator(text)) return;
    if (countKeySeparators(buffer, start, end) === parsedKeys) return;
    const dup = findDuplicateKey(text);
    if (dup) {
      this.finding('LOG-JSON-4', `expected unique object keys, found ${JSON.stringify(dup.key.length > 60 ? `${dup.key.slice(0, 60)}…` : dup.key)} twice in ${dup.path}; DSH keeps the last value, other parsers may keep the first`, loc, seq);
    }
  }

  private jsonProblem(problem: NonNullable<ReturnType<typeof findJsonProblem>>, loc: EventLocation, seq: number | null): void {
    if (problem.kind === 'proto-key') {
      this.finding('LOG-JSON-2', `expected no "__proto__" object keys, found one at ${problem.path}`, loc, seq);
    } else {
      const found = problem.kind === 'non-finite' ? 'a number that overflows to Infinity' : 'negative zero';
      this.finding('LOG-JSON-1', `expected lossless JSON (finite numbers, no -0), found ${found} at ${problem.path}`, loc, seq);
    }
  }

  finish(tail: { lineNo: number; byteOffset: number; length: number } | null, tornFrame: boolean): void {
    if (tail && !tornFrame) {
      const loc = { file: this.file, line: tail.lineNo, byteOffset: tail.byteOffset };
      if (this.header === null && !this.stopped) {
        this.refuseHeader('LOG-HDR-1', `expected a newline-terminated session header on line 1, found only a torn ${tail.length}-byte fragment`, loc);
        return;
      }
      this.finding('LOG-READ-6', `final line has no newline (torn tail of ${tail.length} bytes); ignored as DSH does on load`, loc);
    }
    if (this.header === null && !this.stopped && !this.unreadable) {
      this.finding('LOG-HDR-1', 'expected a session header on line 1, found an empty log', { file: this.file, line: 1, byteOffset: 0 });
      this.unreadable = true;
      return;
    }
    for (const [kind, seen] of this.legacySeen) {
      this.finding('LOG-LEGACY-2', `normalised ${seen.count} legacy v0 record(s): ${kind} (first here)`, seen.loc, seen.seq);
    }
  }
}
