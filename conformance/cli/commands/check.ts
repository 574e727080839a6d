import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { SOURCES } from '../../../spec/revisions.js';
import { revisionHelp, parseRevision, revisionParseOptions } from '../revision-option.js';
import { checkPaths, type Shard } from '../../../invariants/check-paths.js';
import { DEFAULT_MAX_FINDINGS_PER_RULE, ruleIndex, type KnownConfigs } from '../../../invariants/engine.js';
import { buildTimelines } from '../../reporters/html/timeline.js';
import { CHECK_REPORTER_NAMES, renderCheck, type CheckReporter } from '../../reporters/registry.js';
import { extractOutputFiles, readJsonOption, reporterParseOptions, resolveReporters, writeReports } from '../reporter-options.js';
import { allRuleModules, KnownConfigsSchema } from '../../../invariants/rules/index.js';
import { useColor } from '../../reporters/style.js';
import { parseByteSize } from '../byte-size.js';
import { EXIT, UsageError } from '../usage-error.js';
import { DEFAULT_MAX_LINE_BYTES } from '../../../invariants/log/line-splitter.js';
import { version } from '../version.js';

/**
 * `dsh-ctx-conform check PATH...`: validate DSH session logs. Parsing and validating the command line,
 * choosing colour and progress, and mapping the report to an exit code live here; everything else is
 * `checkPaths` and the reporters.
 */
export function checkHelp(): string {
  return `dsh-ctx-conform check — validate DeepSeek Harness session logs

Usage:
  dsh-ctx-conform check PATH... [options]

PATH is a session.jsonl or session.jsonl.zstd file, or a directory searched recursively for them
(e.g. ~/.dsh/sessions). Every log is read once, streaming, and judged against the LOG-* rules of
spec/log.md plus the rules of each context source (time-context, tmux-context, ...).

Options:
  --reporter NAME[:FILE]  how to print the result (default: human); repeat for several reports,
                       each to its own FILE (at most one to stdout)
                         human   grouped by file, for a terminal (colour on a TTY; NO_COLOR/FORCE_COLOR)
                         json    one JSON document {tool, spec, files, findings, summary}, for scripts
                         junit   JUnit XML, one test case per log, for CI test dashboards
                         sarif   SARIF 2.1.0 with rule metadata, for code-scanning UIs
                         github  ::error/::warning annotations for GitHub Actions
                         html    one self-contained page: summary, per-file timeline with findings
  --output-file.NAME FILE  write reporter NAME's report to FILE (vitest's form)
  --output FILE        with one reporter: write its report to FILE instead of stdout
  --max-findings N     keep at most N findings in the whole report (all are still counted)
  --max-findings-per-rule N
                       keep at most N findings of each rule per log (default ${DEFAULT_MAX_FINDINGS_PER_RULE}); the rest
                       are counted per file and rule and shown as "N more ..." in every reporter
  --workers N          check files on N worker threads (default: the available parallelism, here
                       ${availableParallelism()}); the report is the same for any N
  --shard i/n          check only the i-th of n deterministic slices of the sorted file list
                       (file k goes to shard (k mod n)+1); write each shard with --reporter json
                       and combine them with 'dsh-ctx-conform merge-reports' (JSON, JUnit, SARIF, HTML)
  --revision REVISION  ${revisionHelp(23)}
  --config JSON|@FILE  source configs the logs were written with, as JSON or @file.json, e.g.
                       '{"time-context":{"refreshIntervalMs":60000}}'
  --max-clock-skew MS  how far a reading may predate already-durable events (default 60000)
  --max-line-size SIZE
                       longest line judged, e.g. 64M (default ${DEFAULT_MAX_LINE_BYTES / 1024 ** 2}M); a longer line is a
                       LOG-READ-5 error, skipped unparsed. A line costs about 4x its size in memory
                       while it is judged, so raising this raises check's peak memory
  -h, --help           show this help

Examples:
  dsh-ctx-conform check ~/.dsh/sessions
  dsh-ctx-conform check ./session.jsonl.zstd --reporter json --output report.json
  dsh-ctx-conform check /logs --shard 2/8 --reporter json:shard-2.json
  dsh-ctx-conform merge-reports shard-*.json --reporter sarif:all.sarif --reporter html:all.html
  dsh-ctx-conform check /logs --reporter human --reporter junit:check.xml --reporter html:check.html
  dsh-ctx-conform check /logs --config '{"time-context":{"refreshIntervalMs":300000}}'

Exit codes:
  0  no error findings (warnings and infos do not fail a run)
  1  error findings, or a log that cannot be read (missing path, bad header, corrupt zstd)
  2  usage error (unknown option, no PATH, bad --shard, bad --config ...)
  3  internal error of the checker (please report it)
`;
}

function parseConfig(raw: string): KnownConfigs {
  const value = readJsonOption('--config', raw);
  const parsed = KnownConfigsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--config: ${issue.path.join('.') || '(root)'}: ${issue.message} (known sources: ${SOURCES.join(', ')})`);
  }
  return parsed.data;
}

function parseShard(raw: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard expects i/n with 1 <= i <= n (e.g. 2/8), got "${raw}"`);
  return { index, count };
}

function parseNonNegativeInt(flag: string, raw: string): number {
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`${flag} expects a non-negative integer, got "${raw}"`);
  return Number(raw);
}

/** The kit's one colour decider (conformance/reporters/style.ts). */
export { useColor };

export async function checkCommand(argv: string[]): Promise<number> {
  let parsed;
  const { argv: rest, outputFiles } = extractOutputFiles(argv);
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        ...reporterParseOptions,
        'max-findings-per-rule': { type: 'string' },
        workers: { type: 'string' },
        'max-findings': { type: 'string' },
        shard: { type: 'string' },
        ...revisionParseOptions,
        config: { type: 'string' },
        'max-clock-skew': { type: 'string' },
        'max-line-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // parseArgs reports unknown or malformed options as TypeErrors with ERR_PARSE_ARGS_* codes.
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(checkHelp());
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('missing PATH: give one or more session logs or directories to check');
  const targets = resolveReporters<CheckReporter>(values, outputFiles, CHECK_REPORTER_NAMES, 'human');
  const maxFindingsPerRule = values['max-findings-per-rule'] !== undefined ? parseNonNegativeInt('--max-findings-per-rule', values['max-findings-per-rule']) : DEFAULT_MAX_FINDINGS_PER_RULE;
  const workers = values.workers !== undefined ? parseNonNegativeInt('--workers', values.workers) : availableParallelism();
  if (workers < 1) throw new UsageError('--workers expects at least 1');
  const revision = parseRevision(values);
  const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
  const maxFindings = values['max-findings'] !== undefined ? parseNonNegativeInt('--max-findings', values['max-findings']) : undefined;
  const maxClockSkewMs = values['max-clock-skew'] !== undefined ? parseNonNegativeInt('--max-clock-skew', values['max-clock-skew']) : undefined;
  const configs = values.config !== undefined ? parseConfig(values.config) : {};
  const maxLineBytes = values['max-line-size'] !== undefined ? parseByteSize('--max-line-size', values['max-line-size'], { defaultUnit: 'M', min: 1024, minText: '1K', examples: '16M or 64M' }) : undefined;

  const progress = process.stderr.isTTY ? new Progress() : null;
  const report = await checkPaths(positionals, {
    revision,
    configs,
    ...(maxClockSkewMs !== undefined ? { maxClockSkewMs } : {}),
    modules: allRuleModules,
    shard,
    maxFindings,
    maxFindingsPerRule,
    ...(maxLineBytes !== undefined ? { maxLineBytes } : {}),
    workers,
    tool: { name: 'dsh-ctx-conform', version },
    onFile: progress ? (done, total, result) => progress.update(done, total, result.bytes) : undefined,
  });
  progress?.clear();

  const rules = new Map([...ruleIndex(allRuleModules)].map(([id, meta]) => [id, meta]));
  const timelines = targets.some((t) => t.name === 'html') ? await buildTimelines(report.files.map((f) => f.file), report.findings) : undefined;
  await writeReports(targets, (t) =>
    renderCheck(t.name, report, { color: t.name === 'human' && useColor(process.env, t.file === undefined && process.stdout.isTTY === true), rules, timelines }),
  );
  return report.summary.errors > 0 || report.summary.unreadable > 0 ? EXIT.failures : EXIT.ok;
}

/** A one-line progress meter on a terminal's stderr, shown only once the input is large. */
class Progress {
  private bytes = 0;
  private shown = false;
  private readonly started = Date.now();

  update(done: number, total: number, bytes: number): void {
    this.bytes += bytes;
    const large = this.bytes > 64 * 1024 * 1024 || total > 50 || Date.now() - this.started > 2000;
    if (!large) return;
    this.shown = true;
    process.stderr.write(`\r\u001b[Kchecked ${done}/${total} logs, ${(this.bytes / 1e6).toFixed(0)} MB`);
  }

  clear(): void {
    if (this.shown) process.stderr.write('\r\u001b[K');
  }
}
