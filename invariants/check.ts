import { LogChecker, defaultCheckOptions, specRefFor, type CheckOptions, type RuleMeta, type RuleModule } from './engine.js';
import type { SeverityCounts } from './engine.js';
import type { Finding, SuppressedCounts } from './findings.js';
import { readLog, type LogItem } from './log/read-log.js';
import type { ZstdDecoder } from './log/zstd/decoders.js';
import type { FrameLimits } from './log/zstd/frame-walker.js';
import { readerRules } from './log/reader-rules.js';
import { findingMessage } from './messages.js';
import { allRuleModules } from './rules/index.js';

/**
 * `checkLog`: one file through the reader, the shared session model and every rule module, in one
 * streaming pass. Pure with respect to the file: the same bytes always give the same findings, in
 * file order.
 */
export type FileStatus = 'ok' | 'violations' | 'unreadable';

export interface FileResult {
  file: string;
  /** Events read (packed rows counted as the events they expand to). */
  events: number;
  /** Decoded bytes read. */
  bytes: number;
  status: FileStatus;
  /** The kept findings, in file order (at most `maxFindingsPerRule` per rule). */
  findings: Finding[];
  /** Per rule id, findings over the cap: counted, not kept. */
  suppressed: SuppressedCounts;
  /** Severity totals including suppressed findings. */
  counts: SeverityCounts;
  /** For a `.zstd` log: which decoder read it (native libzstd, or the fzstd fallback). */
  zstdDecoder?: string;
}

export interface CheckLogOptions extends Partial<CheckOptions> {
  modules?: readonly RuleModule[];
  maxLineBytes?: number;
  /** Per-frame decoding limits for `.zstd` logs (see spec/log.md, LOG-ZSTD-4). */
  frameLimits?: Partial<FrameLimits>;
  /** The zstd decoder to use instead of the process default (tests, benchmarks). */
  zstdDecoder?: ZstdDecoder;
  /** Check these bytes instead of reading `path` (in-memory logs, tests). */
  chunks?: AsyncIterable<Uint8Array>;
}

export async function checkLog(path: string, options: CheckLogOptions = {}): Promise<FileResult> {
  const { modules = allRuleModules, maxLineBytes, frameLimits, zstdDecoder, chunks, ...rest } = options;
  const checkOptions: CheckOptions = { ...defaultCheckOptions(), ...rest };
  const checker = new LogChecker(path, modules, checkOptions);
  const metas = new Map<string, RuleMeta>(Object.entries(readerRules));
  for (const m of modules) for (const [id, meta] of Object.entries(m.rules)) metas.set(id, meta);

  const onItem = (item: LogItem): void => {
    switch (item.kind) {
      case 'header':
        checker.header(item.header, item.loc);
        return;
      case 'event':
        // The item already has the LocatedEvent shape {event, loc}: no second object per event.
        checker.event(item);
        return;
      case 'finding': {
        const meta = metas.get(item.rule)!;
        checker.external({
          rule: item.rule,
          severity: item.severity ?? meta.severity,
          file: item.loc?.file ?? path,
          line: item.loc?.line ?? null,
          byteOffset: item.loc?.byteOffset ?? null,
          seq: item.seq,
          witness: item.seq !== null ? [item.seq] : [],
          ...findingMessage(item.rule, item.messageId, item.data),
          specRef: specRefFor(item.rule, meta),
        });
      }
    }
  };
  const read = await readLog(path, onItem, { maxLineBytes, frameLimits, zstdDecoder, chunks });
  // End-of-log observations ("ends inside an open turn") describe where reading stopped; for a file
  // DSH cannot load at all they would only mislead.
  const endRules = new Set(['LOG-END-1', 'LOG-END-2']);
  const ended = checker.end();
  const counts = { ...checker.counts };
  const suppressed = { ...checker.suppressed };
  const all = ended.filter((f) => {
    if (!(read.unreadable && endRules.has(f.rule))) return true;
    counts[f.severity]--;
    return false;
  });
  const findings = orderFindings(all.map(sanitise));
  const status: FileStatus = read.unreadable ? 'unreadable' : counts.error > 0 ? 'violations' : 'ok';
  return { file: path, events: read.events, bytes: read.bytes, status, findings, suppressed, counts, ...(read.zstdDecoder !== null ? { zstdDecoder: read.zstdDecoder } : {}) };
}

/** Check an in-memory log (tests, generators): `name` stands in for the path in findings. */
export function checkText(name: string, text: string | Uint8Array, options: Omit<CheckLogOptions, 'chunks'> = {}): Promise<FileResult> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  async function* once(): AsyncGenerator<Uint8Array> {
    yield bytes;
  }
  return checkLog(name, { ...options, chunks: once() });
}

/** A malformed event may carry a non-integer seq; findings only ever name integer seqs. */
function sanitise(f: Finding): Finding {
  const ok = (s: unknown): s is number => typeof s === 'number' && Number.isSafeInteger(s);
  if (ok(f.seq) && f.witness.every(ok)) return f;
  return { ...f, seq: ok(f.seq) ? f.seq : null, witness: f.witness.filter(ok) };
}

/** File order (file-level findings first); a stable sort keeps the emission order within a line. */
function orderFindings(findings: Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.line ?? 0) - (b.f.line ?? 0) || a.i - b.i)
    .map(({ f }) => f);
}
