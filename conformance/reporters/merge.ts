import { CheckReport } from '../../invariants/reporters/report.js';
import { RunReport } from '../runner/results.js';
import { summarise } from '../runner/run-conformance.js';

/**
 * Merging shard reports (`check --shard i/n --reporter json`, or one `run` per CI job) into the report
 * one unsharded run would have produced. Concatenating the JSON or JUnit text does not give a valid
 * document; merging the data and rendering once does.
 */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

export type AnyReport = { kind: 'check'; report: CheckReport } | { kind: 'run'; report: RunReport };

/** Recognise a parsed JSON report as a check report or a run report. */
export function identifyReport(value: unknown, name: string): AnyReport {
  const check = CheckReport.safeParse(value);
  if (check.success) return { kind: 'check', report: check.data };
  const run = RunReport.safeParse(value);
  if (run.success) return { kind: 'run', report: run.data };
  const v = value as { files?: unknown; results?: unknown } | null;
  const looksLike = v && typeof v === 'object' && 'results' in v ? run : check;
  const issue = looksLike.error!.issues[0];
  throw new MergeError(`${name}: not a dsh-ctx-conform JSON report (${issue.path.join('.') || '(root)'}: ${issue.message}); write shards with --reporter json`);
}

function sameRevision(reports: readonly { spec: string }[], names: readonly string[]): void {
  const revision = reports[0].spec;
  const other = reports.findIndex((r) => r.spec !== revision);
  if (other >= 0) throw new MergeError(`${names[other]} was judged against spec ${reports[other].spec}, ${names[0]} against ${revision}: merge reports of one spec revision`);
}

export function mergeCheckReports(reports: readonly CheckReport[], names: readonly string[] = reports.map((_, i) => `report ${i + 1}`)): CheckReport {
  if (reports.length === 0) throw new MergeError('no reports to merge');
  sameRevision(reports, names);
  const seen = new Map<string, string>();
  reports.forEach((r, i) => {
    for (const f of r.files) {
      if (seen.has(f.file)) throw new MergeError(`${f.file} is in both ${seen.get(f.file)} and ${names[i]}: were the shards of one --shard i/n split?`);
      seen.set(f.file, names[i]);
    }
  });
  const sum = (key: keyof Omit<CheckReport['summary'], 'shard' | 'zstdDecoders'>) => reports.reduce((n, r) => n + r.summary[key], 0);
  const shards = shardOrder(reports);
  const { files, findings } = shards ? interleave(shards) : { files: reports.flatMap((r) => r.files), findings: reports.flatMap((r) => r.findings) };
  // In order of first use, as one run lists them.
  const decoders = [...new Set(files.flatMap((f) => (f.zstdDecoder ? [f.zstdDecoder] : [])))];
  return {
    tool: reports[0].tool,
    spec: reports[0].spec,
    files,
    findings,
    summary: {
      files: sum('files'),
      events: sum('events'),
      bytes: sum('bytes'),
      errors: sum('errors'),
      warnings: sum('warnings'),
      infos: sum('infos'),
      unreadable: sum('unreadable'),
      violations: sum('violations'),
      findingsOmitted: sum('findingsOmitted'),
      findingsSuppressed: sum('findingsSuppressed'),
      shard: null,
      ...(decoders.length > 0 ? { zstdDecoders: decoders } : {}),
    },
  };
}

/**
 * The reports sorted by shard index, when they are exactly the n shards of one `--shard i/n` split
 * (in any argument order); otherwise null, and the reports are concatenated as given.
 */
function shardOrder(reports: readonly CheckReport[]): CheckReport[] | null {
  const parsed = reports.map((r) => /^(\d+)\/(\d+)$/.exec(r.summary.shard ?? ''));
  if (parsed.some((m) => m === null)) return null;
  const count = Number(parsed[0]![2]);
  if (count !== reports.length || parsed.some((m) => Number(m![2]) !== count)) return null;
  const byIndex: CheckReport[] = new Array(count);
  for (let k = 0; k < reports.length; k++) byIndex[Number(parsed[k]![1]) - 1] = reports[k];
  if (byIndex.some((r) => r === undefined)) return null;
  // Shard i holds files i-1, i-1+n, ... of the sorted list: sizes never differ by more than one, and
  // never grow with the index.
  const sizes = byIndex.map((r) => r.files.length);
  if (sizes.some((n, i) => n > sizes[0] || n < sizes[0] - 1 || (i > 0 && n > sizes[i - 1]))) return null;
  return byIndex;
}

/**
 * The n shards back in the unsharded order: file k of the sorted list is file ⌊k/n⌋ of shard
 * (k mod n) + 1. Findings follow their file; findings about no checked file (path problems, which only
 * shard 1 reports) come first, as an unsharded run reports them before any file.
 */
function interleave(shards: readonly CheckReport[]): Pick<CheckReport, 'files' | 'findings'> {
  const n = shards.length;
  const total = shards.reduce((a, r) => a + r.files.length, 0);
  const files: CheckReport['files'] = [];
  for (let k = 0; k < total; k++) files.push(shards[k % n].files[Math.floor(k / n)]);
  const perFile = new Map<string, CheckReport['findings']>(files.map((f) => [f.file, []]));
  const before: CheckReport['findings'] = [];
  for (const shard of shards) for (const finding of shard.findings) (perFile.get(finding.file) ?? before).push(finding);
  return { files, findings: [...before, ...files.flatMap((f) => perFile.get(f.file)!)] };
}

export function mergeRunReports(reports: readonly RunReport[], names: readonly string[] = reports.map((_, i) => `report ${i + 1}`)): RunReport {
  if (reports.length === 0) throw new MergeError('no reports to merge');
  sameRevision(reports, names);
  const plugins = new Map<string, RunReport['plugins'][number]>();
  const results = new Map<string, { from: string; result: RunReport['results'][number] }>();
  reports.forEach((r, i) => {
    for (const p of r.plugins) plugins.set(p.plugin, p);
    for (const result of r.results) {
      const key = `${result.plugin}\u0000${result.fixture}`;
      const prior = results.get(key);
      if (prior) throw new MergeError(`${result.plugin} fixture ${result.fixture} is in both ${prior.from} and ${names[i]}`);
      results.set(key, { from: names[i], result });
    }
  });
  const merged: RunReport = {
    tool: reports[0].tool,
    spec: reports[0].spec,
    plugins: [...plugins.values()],
    results: [...results.values()].map((v) => v.result),
    properties: reports.flatMap((r) => r.properties),
    stale: [...new Set(reports.flatMap((r) => r.stale))],
    summary: { pass: 0, fail: 0, error: 0, expectedFailures: 0, stale: 0 },
  };
  summarise(merged);
  return merged;
}

export function mergeReports(reports: readonly AnyReport[], names?: readonly string[]): AnyReport {
  if (reports.length === 0) throw new MergeError('no reports to merge');
  const kind = reports[0].kind;
  const mixed = reports.findIndex((r) => r.kind !== kind);
  if (mixed >= 0) throw new MergeError(`${names?.[mixed] ?? `report ${mixed + 1}`} is a ${reports[mixed].kind} report, ${names?.[0] ?? 'report 1'} a ${kind} report: merge one kind at a time`);
  return kind === 'check'
    ? { kind, report: mergeCheckReports(reports.map((r) => r.report as CheckReport), names) }
    : { kind, report: mergeRunReports(reports.map((r) => r.report as RunReport), names) };
}
