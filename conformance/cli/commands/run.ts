import { parseArgs } from 'node:util';
import { DEFAULT_SPEC, SOURCES, isSpecRevision, type SourceName } from '../../../spec/revisions.js';
import { colorEnabled } from '../../reporters/style.js';
import { RUN_REPORTER_NAMES, renderRun, type RunReporter } from '../../reporters/registry.js';
import { writeBaseline } from '../../runner/expected-failures.js';
import { PluginLoadFailure, runConformance, runFailed } from '../../runner/run-conformance.js';
import { extractOutputFiles, readJsonOption, reporterParseOptions, resolveReporters, writeReports } from '../reporter-options.js';
import { EXIT, UsageError } from '../usage-error.js';

export const runHelp = `Usage: dsh-ctx-conform [PLUGIN...] [options]

Runs context-source plugins through the conformance suite in a simulated DSH host and reports,
fixture by fixture, where each departs from the spec. With no PLUGIN, runs the bundled reference
implementations of all four sources (time-context, tmux-context, agent-instructions,
session-reference).

PLUGIN is a directory with a package.json, a .js/.mjs/.cjs file, or an installed package name.
Namespace plugins (name/Config/apply) and Service classes (session-reference) are both accepted;
the source is taken from the plugin's name unless --source says otherwise.

Options:
  --source NAME               which source the plugin implements (${SOURCES.join(', ')})
  --config JSON|@FILE         extra config keys for the plugin (inline or from a file); keys a
                              fixture sets win
  --spec REVISION             spec revision to judge against: 2026-08 (default) or 2026-07
  --reporter NAME[:FILE]      ${RUN_REPORTER_NAMES.join(' | ')} (default human); repeat for
                              several reports, each to its own FILE (at most one to stdout)
  --output-file.NAME FILE     write reporter NAME's report to FILE (vitest's form)
  --output FILE               with one reporter: write its report to FILE instead of stdout
  --expected-failures FILE    YAML/JSON list of fixture ids (or id:RULE) that are known to fail
  --update-baseline           write the current failures to --expected-failures FILE and exit 0
  --filter TEXT               only fixtures whose id, title or category contains TEXT
  --timeout MS                per-fixture time limit (default 10000); a hang is an error
  --fixtures DIR              use another copy of the suite (default: the bundled one)
  --runs N                    also compare the plugin with the reference on N generated sessions
                              (fast-check); a failure is shrunk and written as a fixture
  --seed N                    seed for --runs (default: random, printed in the report)
  -h, --help                  show this help

Examples:
  npx dsh-ctx-conform                                   # the bundled reference implementations
  npx dsh-ctx-conform ./my-time-context                 # your plugin, source taken from its name
  npx dsh-ctx-conform ./dist/plugin.js --source tmux-context --reporter junit --output conform.xml
  npx dsh-ctx-conform ./my-plugin --reporter human --reporter junit:conform.xml --reporter html:conform.html
  npx dsh-ctx-conform ./my-plugin --expected-failures conform-baseline.yaml

Verdicts: pass; fail (the plugin did something other than the spec says: the first difference is
shown); error (the plugin threw where it must not, hung past --timeout, or ended the process).

Exit codes: 0 all pass (or only listed failures), 1 failures, errors or a stale baseline,
2 usage error, 3 internal error.
`;

function parseRunArgs(argv: string[]) {
  const { argv: rest, outputFiles } = extractOutputFiles(argv);
  try {
    const parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        config: { type: 'string' },
        spec: { type: 'string' },
        ...reporterParseOptions,
        'expected-failures': { type: 'string' },
        'update-baseline': { type: 'boolean' },
        filter: { type: 'string' },
        timeout: { type: 'string' },
        fixtures: { type: 'string' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    return { ...parsed, outputFiles };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`--${name} expects a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}

export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals, outputFiles } = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(runHelp);
    return EXIT.ok;
  }
  const spec = values.spec ?? DEFAULT_SPEC;
  if (!isSpecRevision(spec)) throw new UsageError(`--spec must be 2026-08 or 2026-07, got ${JSON.stringify(spec)}`);
  // Reporters (and the writability of their files) are checked before anything runs.
  const targets = resolveReporters<RunReporter>(values, outputFiles, RUN_REPORTER_NAMES, 'human');
  if (values.source !== undefined && !(SOURCES as readonly string[]).includes(values.source)) {
    throw new UsageError(`--source must be one of ${SOURCES.join(', ')}, got ${JSON.stringify(values.source)}`);
  }
  if (values['update-baseline'] && !values['expected-failures']) throw new UsageError('--update-baseline needs --expected-failures FILE to write');
  let config: Record<string, unknown> = {};
  if (values.config !== undefined) {
    const parsed = readJsonOption('--config', values.config);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--config must be a JSON object, e.g. {"refreshIntervalMs":60000}');
    config = parsed as Record<string, unknown>;
  }
  const timeoutMs = positiveInt('timeout', values.timeout, 10_000);
  const runs = values.runs === undefined ? undefined : positiveInt('runs', values.runs, 100);
  if (values.seed !== undefined && !Number.isSafeInteger(Number(values.seed))) throw new UsageError(`--seed expects a whole number, got ${JSON.stringify(values.seed)}`);
  if (values.seed !== undefined && runs === undefined) throw new UsageError('--seed only makes sense with --runs N');
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);

  const progress = process.stderr.isTTY ? (text: string) => process.stderr.write(`\r\u001b[2K${text}`) : undefined;
  let report;
  try {
    report = await runConformance({
      plugins: positionals,
      source: values.source as SourceName | undefined,
      config,
      spec,
      filter: values.filter,
      timeoutMs,
      fixtures: values.fixtures,
      expectedFailures: values['update-baseline'] ? undefined : values['expected-failures'],
      runs,
      seed,
      onProgress: progress && ((p) => progress(`${p.plugin}: ${p.done}/${p.total} fixtures`)),
      onWarning: (message) => {
        progress?.('');
        process.stderr.write(`dsh-ctx-conform: warning: ${message}\n`);
      },
    });
  } catch (error) {
    progress?.('');
    if (error instanceof PluginLoadFailure) {
      // A plugin that cannot be loaded at all is a user-facing problem with that plugin, not a kit crash.
      process.stderr.write(`dsh-ctx-conform: ${error.message}\n`);
      return EXIT.failures;
    }
    if (error instanceof Error && error.message.startsWith('no scenario fixtures found')) throw new UsageError(error.message);
    throw error;
  }
  progress?.('');

  if (values['update-baseline']) {
    const n = writeBaseline(values['expected-failures']!, report.results);
    process.stderr.write(`dsh-ctx-conform: wrote ${n} expected failure(s) to ${values['expected-failures']}\n`);
    return EXIT.ok;
  }
  await writeReports(targets, (t) => renderRun(t.name, report, { color: t.name === 'human' && t.file === undefined && colorEnabled(process.stdout) }));
  if (report.results.length === 0) {
    // Like vitest with no test files: a run that judged nothing must not look green.
    process.stderr.write('dsh-ctx-conform: no fixture was run; check --filter and --spec\n');
  }
  return runFailed(report) ? EXIT.failures : EXIT.ok;
}
