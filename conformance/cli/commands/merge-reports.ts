import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ruleIndex } from '../../../invariants/engine.js';
import { allRuleModules } from '../../../invariants/rules/index.js';
import { buildTimelines } from '../../reporters/html/timeline.js';
import { MergeError, identifyReport, mergeReports } from '../../reporters/merge.js';
import { CHECK_REPORTER_NAMES, RUN_REPORTER_NAMES, renderCheck, renderRun, type CheckReporter, type RunReporter } from '../../reporters/registry.js';
import { runFailed } from '../../runner/run-conformance.js';
import { extractOutputFiles, reporterParseOptions, resolveReporters, writeReports } from '../reporter-options.js';
import { EXIT, UsageError } from '../usage-error.js';

export const mergeReportsHelp = `Usage: dsh-ctx-conform merge-reports FILE... [options]

Merges JSON reports written by shards — 'check --shard i/n --reporter json', or one 'run' per CI
job — into the report one unsharded run would have produced, and renders it with any reporter.
(Concatenating JSON or JUnit files does not give a valid document; this does.) All FILEs must be of
one kind (check or run) and one spec revision; a log or fixture that appears in two shards is an error.

Options:
  --reporter NAME[:FILE]   json | junit | sarif | html | human | github (tap for run reports);
                           default json; repeat for several, each to its own FILE
  --output-file.NAME FILE  write reporter NAME's report to FILE
  --output FILE            with one reporter: write it to FILE instead of stdout
  -h, --help               show this help

Examples:
  dsh-ctx-conform check /logs --shard 1/2 --reporter json:shard-1.json
  dsh-ctx-conform check /logs --shard 2/2 --reporter json:shard-2.json
  dsh-ctx-conform merge-reports shard-*.json --reporter junit:check.xml --reporter sarif:check.sarif --reporter html:check.html

Exit codes: 0 the merged report is clean, 1 it has failures, 2 usage error (unreadable or mixed FILEs).
`;

export async function mergeReportsCommand(argv: string[]): Promise<number> {
  const { argv: rest, outputFiles } = extractOutputFiles(argv);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: { ...reporterParseOptions, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(mergeReportsHelp);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('missing FILE: give the JSON reports of the shards to merge');
  let merged;
  try {
    const reports = positionals.map((file) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new MergeError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new MergeError(`${file}: not JSON (${(error as Error).message}); write shards with --reporter json`);
      }
      return identifyReport(value, file);
    });
    merged = mergeReports(reports, positionals);
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(error.message);
    throw error;
  }
  if (merged.kind === 'check') {
    const report = merged.report;
    const targets = resolveReporters<CheckReporter>(values, outputFiles, CHECK_REPORTER_NAMES, 'json');
    const rules = new Map([...ruleIndex(allRuleModules)].map(([id, meta]) => [id, meta]));
    const timelines = targets.some((t) => t.name === 'html') ? await buildTimelines(report.files.map((f) => f.file), report.findings) : undefined;
    await writeReports(targets, (t) => renderCheck(t.name, report, { rules, timelines }));
    return report.summary.errors > 0 || report.summary.unreadable > 0 ? EXIT.failures : EXIT.ok;
  }
  const report = merged.report;
  const targets = resolveReporters<RunReporter>(values, outputFiles, RUN_REPORTER_NAMES, 'json');
  await writeReports(targets, (t) => renderRun(t.name, report));
  return runFailed(report) ? EXIT.failures : EXIT.ok;
}
