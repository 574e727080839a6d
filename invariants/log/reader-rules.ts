import { defineMessages, type MessageOf } from '../message-templates.js';
import type { RuleMeta } from '../rule-meta.js';

/**
 * Rule ids for problems found while *reading* a log (before any event reaches a rule module): the
 * file system, the zstd container, JSONL framing, JSON itself, the header line, packed chunk rows and
 * legacy shapes. They live beside the reader because the reader reports them; `rules/core` wraps them
 * in a rule module so reporters and `spec/log.md` see one registry.
 */
const doc = 'spec/log.md';

export const readerRules = {
  'LOG-READ-1': {
    severity: 'error',
    title: 'Input path is readable',
    must: 'Every PATH given to `check` MUST exist and be a readable regular file or directory, and every log file MUST be a regular file (a FIFO, socket or device is refused, and a `session.jsonl(.zstd)` symlink whose target is missing is reported); reading stops at an I/O error.',
    doc,
  },
  'LOG-READ-2': {
    severity: 'error',
    title: 'A directory contains session logs',
    must: 'A directory given to `check` MUST contain at least one `session.jsonl` or `session.jsonl.zstd` file (searched recursively).',
    doc,
  },
  'LOG-READ-3': {
    severity: 'error',
    title: 'Every line is JSON',
    must: 'Every newline-terminated line of a log MUST be one JSON value.',
    doc,
  },
  'LOG-READ-4': {
    severity: 'error',
    title: 'Every record is a JSON object',
    must: 'Every line after the header MUST be a JSON object (an event or a packed chunk row).',
    doc,
  },
  'LOG-READ-5': {
    severity: 'error',
    title: 'Lines have a sane length',
    must: 'A line MUST NOT exceed the maximum line length (32 MiB by default); longer lines are reported and skipped unparsed.',
    doc,
  },
  'LOG-READ-6': {
    severity: 'info',
    title: 'Torn tail',
    must: 'A final line without a terminating newline is a torn tail: it MUST be ignored (DSH drops it on load), and is reported as information only.',
    doc,
  },
  'LOG-READ-7': {
    severity: 'error',
    title: 'Every record can be checked',
    must: 'Every record MUST be readable and checkable; a line on which the reader or a rule fails is reported at that line (with what failed) and reading goes on with the next line.',
    doc,
  },
  'LOG-JSON-1': {
    severity: 'error',
    title: 'Lossless JSON numbers',
    must: 'Every number in a record MUST be finite and MUST NOT be negative zero (DSH accepts only lossless JSON).',
    doc,
  },
  'LOG-JSON-2': {
    severity: 'error',
    title: 'No `__proto__` keys',
    must: 'A record MUST NOT contain an object key named `__proto__`.',
    doc,
  },
  'LOG-JSON-3': {
    severity: 'warning',
    title: 'Lines are valid UTF-8',
    must: 'Every line MUST be valid UTF-8 (DSH writes only valid UTF-8); DSH decodes an invalid byte sequence to U+FFFD without a word, so the text it restores differs from the bytes on disk.',
    doc,
  },
  'LOG-JSON-4': {
    severity: 'warning',
    title: 'No duplicate object keys',
    must: 'A JSON object in a record MUST NOT contain the same key twice (`JSON.stringify` never writes one); DSH keeps the last value, other JSON parsers keep the first or refuse, so such a line means different things to different readers.',
    doc,
  },
  'LOG-HDR-1': {
    severity: 'error',
    title: 'Header line shape',
    must: 'The first line MUST be a session header `{type:"session", version, id, createdAt, cwd?, parentSession?, seedLength?, origin?, delegationDepth, agentPreset?}` with the field rules of the format; otherwise the log is unreadable.',
    doc,
  },
  'LOG-HDR-2': {
    severity: 'error',
    title: 'Header format version',
    must: 'The header `version` MUST be 0; a log with any other version MUST be refused (newer: written by a newer harness; older: no upgrade path).',
    doc,
  },
  'LOG-ROW-1': {
    severity: 'error',
    title: 'Packed chunk rows are well formed',
    must: 'A `text-chunks`, `reasoning-chunks` or `tool-call-chunks` row MUST have exactly the envelope {type, seq0, time0, data} and the data shape of its tag, with `dt.length` equal to the member count minus one and safe-integer member seqs and times.',
    doc,
  },
  'LOG-LEGACY-2': {
    severity: 'info',
    title: 'Legacy v0 shapes normalised',
    must: 'Legacy v0 shapes (pre-identity messages, legacy turn/end reasons, `steering/message`, `turn/start.trigger`) MUST be read as their current equivalents; the checker reports that it normalised them.',
    doc,
  },
  'LOG-ZSTD-1': {
    severity: 'error',
    title: 'zstd container is well formed',
    must: 'A `.zstd` log MUST be a concatenation of complete, decodable zstd frames (skippable frames allowed); anything else is corruption and the rest of the file is unreadable.',
    doc,
  },
  'LOG-ZSTD-2': {
    severity: 'error',
    title: 'zstd content checksum',
    must: 'A zstd frame that carries a content checksum MUST match it (low 32 bits of XXH64, seed 0, of the decoded frame); a mismatch is corruption.',
    doc,
  },
  'LOG-ZSTD-3': {
    severity: 'info',
    title: 'Torn final zstd frame',
    must: 'An incomplete final zstd frame is a torn append: its complete records MUST be kept and the rest ignored, reported as information only.',
    doc,
  },
  'LOG-ZSTD-4': {
    severity: 'error',
    title: 'zstd frames within the decoding limits',
    must: 'A zstd frame MUST NOT need more than the frame limits to decode (32 MiB of content, declared or bounded by its blocks; a 32 MiB window; 32 MiB compressed); such a frame is not decoded, reading stops there and the file is `unreadable` for the checker.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export type ReaderRuleId = keyof typeof readerRules;

/** A line that is not one JSON value, as the reader saw it. */
type NotJson = { problem: 'empty-line' | 'byte-order-mark' | 'invalid-json'; error: string | null };
const notJson = (d: NotJson): string =>
  d.problem === 'empty-line'
    ? 'an empty line'
    : d.problem === 'byte-order-mark'
      ? 'a UTF-8 byte order mark (0xEF 0xBB 0xBF) before the JSON; DSH writes none and its JSON.parse refuses the line'
      : `invalid JSON (${d.error})`;

/** Where a zstd frame is: its 1-based number and compressed byte range. */
type FrameAt = { frame: number; start: number; end: number };
const frameAt = (d: FrameAt): string => `zstd frame ${d.frame} (compressed bytes ${d.start}..${d.end})`;
const row = (d: { tag: string }, why: string): string => `malformed ${d.tag} row: ${why}`;

/** The words of the reader's findings (the facts are the reader's; `renderMessage` applies these). */
export const readerMessages = defineMessages({
  'LOG-READ-1': {
    cannotStat: (d: { path: string; error: string }) => `cannot read ${d.path}: ${d.error}`,
    notFileOrDirectory: (d: { path: string; fileType: string }) => `${d.path} is ${d.fileType}, neither a regular file nor a directory; not read`,
    cannotReadDirectory: (d: { path: string; error: string }) => `cannot read directory ${d.path}: ${d.error}`,
    danglingLogLink: (d: { path: string; target: string; error: string }) => `${d.path} is a symbolic link to ${d.target}, which cannot be opened (${d.error}); not read`,
    notRegularFile: (d: { path: string; fileType: string }) => `${d.path} is ${d.fileType}, not a regular file; only regular files are read`,
    readFailed: (d: { path: string; afterLine: number | null; code: string | null; error: string }) =>
      `cannot read ${d.path}${d.afterLine !== null ? ` after line ${d.afterLine}` : ''}: ${d.code ? `${d.code} ` : ''}${d.error}`,
  },
  'LOG-READ-2': {
    noLogs: (d: { path: string }) => `expected session.jsonl or session.jsonl.zstd files under ${d.path}, found none`,
  },
  'LOG-READ-3': {
    notJson: (d: NotJson) => `expected one JSON value, found ${notJson(d)}`,
  },
  'LOG-READ-4': {
    notObject: (d: { foundKind: string }) => `expected an event object, found ${d.foundKind}`,
  },
  'LOG-READ-5': {
    oversizedLine: (d: { length: number; limit: number }) => `line is ${d.length} bytes, over the ${d.limit}-byte limit; skipped without parsing (check --max-line-size raises the limit)`,
  },
  'LOG-READ-6': {
    tornTail: (d: { length: number }) => `final line has no newline (torn tail of ${d.length} bytes); ignored as DSH does on load`,
  },
  'LOG-READ-7': {
    consumerFailed: (d: { item: string; error: string }) => `checking this ${d.item} failed (${d.error}); the rest of the file is still checked`,
    readerFailed: (d: { error: string }) => `the reader failed on this line (${d.error}); it was skipped`,
  },
  'LOG-JSON-1': {
    lossyNumber: (d: { problem: 'non-finite' | 'negative-zero'; path: string }) =>
      `expected lossless JSON (finite numbers, no -0), found ${d.problem === 'non-finite' ? 'a number that overflows to Infinity' : 'negative zero'} at ${d.path}`,
  },
  'LOG-JSON-2': {
    protoKey: (d: { path: string }) => `expected no "__proto__" object keys, found one at ${d.path}`,
  },
  'LOG-JSON-3': {
    invalidUtf8: (d: { bytes: string; at: number }) => `expected valid UTF-8, found the invalid byte sequence ${d.bytes} at byte ${d.at} of the line; DSH reads it as U+FFFD`,
  },
  'LOG-JSON-4': {
    /** `key` is the duplicated key, cut to 60 characters (and an ellipsis). */
    duplicateKey: (d: { key: string; path: string }) => `expected unique object keys, found ${JSON.stringify(d.key)} twice in ${d.path}; DSH keeps the last value, other parsers may keep the first`,
  },
  'LOG-HDR-1': {
    oversizedHeader: (d: { length: number; limit: number }) => `expected a session header on line 1, found a ${d.length}-byte line (limit ${d.limit} bytes)`,
    headerNotJson: (d: NotJson) => `expected a session header on line 1, found ${notJson(d)}`,
    notHeaderObject: (d: { foundKind: string }) => `expected the first line to be a session header object, found ${d.foundKind}`,
    notSessionType: (d: { foundType: string }) => `expected the first line to be a session header {"type":"session",...}, found type ${d.foundType}`,
    invalidHeader: (d: { issues: Array<{ path: string; message: string }> }) => `session header is invalid: ${d.issues.map((i) => `${i.path || '(header)'} ${i.message}`).join('; ')}`,
    tornHeader: (d: { length: number }) => `expected a newline-terminated session header on line 1, found only a torn ${d.length}-byte fragment`,
    emptyLog: (_d: Record<string, never>) => 'expected a session header on line 1, found an empty log',
  },
  'LOG-HDR-2': {
    foreignVersion: (d: { version: number; supported: number }) =>
      `session log ${
        d.version > d.supported
          ? `was written by a newer harness (format version ${d.version}; this checker reads version ${d.supported}) — upgrade dsh-ctx-conform`
          : `uses an older format version ${d.version} with no upgrade path (this checker reads version ${d.supported})`
      }`,
  },
  'LOG-ROW-1': {
    envelopeKeys: (d: { tag: string; foundKeys: string[] }) => row(d, `envelope must be exactly {type, seq0, time0, data}, found {${d.foundKeys.join(', ')}}`),
    badSeq0: (d: { tag: string; found: string }) => row(d, `seq0 must be a non-negative safe integer, found ${d.found}`),
    badTime0: (d: { tag: string; found: string }) => row(d, `time0 must be a safe integer, found ${d.found}`),
    dataNotObject: (d: { tag: string }) => row(d, 'data must be an object'),
    dataKeys: (d: { tag: string; expected: string; foundKeys: string[] }) => row(d, `data must be exactly ${d.expected}, found {${d.foundKeys.join(', ')}}`),
    idNotString: (d: { tag: string }) => row(d, 'id (and name when present) must be strings'),
    positionNotNumbers: (d: { tag: string }) => row(d, 'turn/step/index must be numbers'),
    emptyMembers: (d: { tag: string; payloadKey: string }) => row(d, `${d.payloadKey} must be a non-empty array of strings`),
    badDt: (d: { tag: string }) => row(d, 'dt must be an array of safe integers'),
    dtLength: (d: { tag: string; gaps: number; members: number }) => row(d, `dt has ${d.gaps} gaps for ${d.members} members (expected ${d.members - 1})`),
    unsafeSeqs: (d: { tag: string }) => row(d, 'member seqs must stay safe integers'),
    unsafeTimes: (d: { tag: string }) => row(d, 'member times must stay safe integers'),
  },
  'LOG-LEGACY-2': {
    normalised: (d: { count: number; kind: string }) => `normalised ${d.count} legacy v0 record(s): ${d.kind} (first here)`,
  },
  'LOG-ZSTD-1': {
    dictionaryFrame: (d: FrameAt & { dictionaryId: number }) => `${frameAt(d)} needs dictionary ${d.dictionaryId}; DSH never writes dictionary frames, so this is not a DSH log frame`,
    /** `detail` is the frame walker's account of the bad header or block. */
    badFrame: (d: { frame: number; offset: number; detail: string }) => `zstd frame ${d.frame} at compressed byte ${d.offset}: ${d.detail}`,
    undecodable: (d: FrameAt & { declaredSize: number | null; error: string }) =>
      `${frameAt(d)} is complete but cannot be decoded${d.declaredSize !== null ? ` (it declares a content size of ${d.declaredSize} bytes)` : ''}: ${d.error}`,
    falseContentSize: (d: FrameAt & { declaredSize: number; decodedSize: number }) =>
      `${frameAt(d)} declares a content size of ${d.declaredSize} bytes but decodes to ${d.decodedSize} (false content size: corruption, as zstd -t reports it)`,
    batchUndecodable: (d: { firstFrame: number; lastFrame: number; start: number; end: number; error: string }) =>
      `zstd frames ${d.firstFrame}..${d.lastFrame} (compressed bytes ${d.start}..${d.end}) cannot be decoded: ${d.error}`,
  },
  'LOG-ZSTD-2': {
    /** The checksums as 8-digit hex, e.g. 0x0badf00d. */
    checksumMismatch: (d: FrameAt & { stored: string; actual: string }) => `${frameAt(d)} content checksum mismatch: stored ${d.stored}, decoded content hashes to ${d.actual}`,
  },
  'LOG-ZSTD-3': {
    tornFrame: (d: { frame: number; bytesOnDisk: number; offset: number; kept: number; decoderError: string | null }) =>
      `final zstd frame ${d.frame} is incomplete (${d.bytesOnDisk} of its bytes reached disk before EOF at compressed byte ${d.offset}); kept ${d.kept} decoded bytes, complete lines only${d.decoderError !== null ? ` (decoding stopped: ${d.decoderError})` : ''}`,
  },
  'LOG-ZSTD-4': {
    /** `detail` is the frame walker's account of which limit the frame is over. */
    overLimit: (d: { frame: number; offset: number; detail: string }) => `zstd frame ${d.frame} at compressed byte ${d.offset}: ${d.detail}`,
  },
});

/** One reader finding's message: `{ rule, messageId, data }`, checked against the templates above. */
export type ReaderMessage = MessageOf<typeof readerMessages>;
/** The same, for one rule id. */
export type ReaderMessageFor<R extends ReaderRuleId> = Extract<ReaderMessage, { rule: R }>;
