import type { CheckOptions, RuleModule } from './engine.js';
import { defaultCheckOptions, specRefFor } from './engine.js';
import type { Finding } from './findings.js';
import { checkLog, type FileResult } from './check.js';
import { expandPaths } from './log/expand-path.js';
import { readerRules } from './log/reader-rules.js';
import { findingMessage } from './messages.js';
import type { CheckReport } from './reporters/report.js';
import { checkInPool } from './pool/check-pool.js';
import { allRuleModules } from './rules/index.js';

/**
 * The whole `check` run as a library call: expand PATHs, pick this shard's files, check each file,
 * and assemble the report. No printing and no exit codes here (that is the CLI's job).
 */
export interface Shard {
  index: number; // 1-based
  count: number;
}

export interface CheckPathsOptions extends Partial<CheckOptions> {
  modules?: readonly RuleModule[];
  shard?: Shard;
  maxFindings?: number;
  /** Longest line judged (default 32 MiB); see `LineSplitter`. */
  maxLineBytes?: number;
  tool: { name: string; version: string };
  /**
   * Check files on this many worker threads (the CLI passes `--workers`, default the available
   * parallelism). Omitted: in this thread, one file after another. Only the built-in rule modules
   * can run in workers (modules are code, not data); with custom `modules` this is ignored.
   */
  workers?: number;
  /** Called after each file, in file order (progress display). */
  onFile?: (done: number, total: number, result: FileResult) => void;
}

/** Deterministic split: file k (0-based, in sorted order) belongs to shard (k mod n) + 1. */
export function shardFiles<T>(files: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...files];
  return files.filter((_, k) => k % shard.count === shard.index - 1);
}

export async function checkPaths(paths: readonly string[], options: CheckPathsOptions): Promise<CheckReport> {
  const { modules = allRuleModules, shard, maxFindings, maxLineBytes, tool, onFile, workers, ...rest } = options;
  const checkOptions: CheckOptions = { ...defaultCheckOptions(), ...rest };
  const expanded = await expandPaths(paths);
  const files = shardFiles(expanded.files, shard);
  const limit = maxFindings ?? Infinity;
  // Findings are counted in full but kept only up to the limit, so memory stays bounded on a fleet.
  const findings: Finding[] = [];
  const counts = { error: 0, warning: 0, info: 0 };
  let total = 0;
  const keep = (f: Finding): void => {
    counts[f.severity]++;
    total++;
    if (findings.length < limit) findings.push(f);
  };
  // Path problems belong to the first shard only, so merged shard reports do not repeat them.
  if (!shard || shard.index === 1) {
    for (const p of expanded.problems) {
      keep({ rule: p.rule, severity: 'error', file: p.path, line: null, byteOffset: null, seq: null, witness: [], ...findingMessage(p.rule, p.messageId, p.data), specRef: specRefFor(p.rule, readerRules[p.rule]) });
    }
  }
  const checked: CheckReport['files'] = [];
  let events = 0;
  let bytes = 0;
  let done = 0;
  let suppressed = 0;
  const decoders: string[] = [];
  const take = (result: FileResult): void => {
    checked.push({ file: result.file, events: result.events, status: result.status, suppressed: result.suppressed, ...(result.zstdDecoder ? { zstdDecoder: result.zstdDecoder } : {}) });
    if (result.zstdDecoder && !decoders.includes(result.zstdDecoder)) decoders.push(result.zstdDecoder);
    events += result.events;
    bytes += result.bytes;
    // Severity totals come from the file's counts (they include findings over the per-rule cap).
    for (const f of result.findings) {
      total++;
      if (findings.length < limit) findings.push(f);
    }
    counts.error += result.counts.error;
    counts.warning += result.counts.warning;
    counts.info += result.counts.info;
    for (const n of Object.values(result.suppressed)) suppressed += n;
  };
  if (workers !== undefined && modules === allRuleModules) {
    // Worker threads, results in file order: the report is the same as the sequential one.
    await checkInPool(files, { options: checkOptions, maxLineBytes, workers, onResult: (result) => {
      take(result);
      onFile?.(++done, files.length, result);
    } });
  } else {
    for (const file of files) {
      const result = await checkLog(file, { ...checkOptions, modules, maxLineBytes });
      take(result);
      onFile?.(++done, files.length, result);
    }
  }
  return {
    tool,
    spec: checkOptions.revision,
    files: checked,
    findings,
    summary: {
      files: checked.length,
      events,
      bytes,
      errors: counts.error,
      warnings: counts.warning,
      infos: counts.info,
      unreadable: checked.filter((f) => f.status === 'unreadable').length,
      violations: checked.filter((f) => f.status === 'violations').length,
      findingsOmitted: total - findings.length,
      findingsSuppressed: suppressed,
      shard: shard ? `${shard.index}/${shard.count}` : null,
      ...(decoders.length > 0 ? { zstdDecoders: decoders } : {}),
    },
  };
}
