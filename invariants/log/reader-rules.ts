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
