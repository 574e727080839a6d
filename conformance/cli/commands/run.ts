import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SPEC, SOURCES, isSpecRevision, type SourceName } from '../../../spec/revisions.js';
import { runContributorHook } from '../../contributor/cli.js';
import { parseWaivers } from '../../contributor/waivers.js';
import { colorEnabled } from '../../reporters/style.js';
import { RUN_REPORTERS, renderRunReport, type RunReporterName } from '../../reporters/run-reporters.js';
import { applyBaseline, readBaseline, writeBaseline } from '../../runner/expected-failures.js';
import { referenceSpec, type PluginSpec } from '../../runner/plugin-spec.js';
import type { FixtureResult, RunReport } from '../../runner/results.js';
import { runProperty } from '../../runner/property-run.js';
import { runPlugin } from '../../runner/run-suite.js';
import type { ScenarioFixture } from '../../scenario/schema.js';
import { readAllFixtures } from '../../scenario/store.js';
import { packageRoot } from '../package-root.js';
import { EXIT, UsageError } from '../usage-error.js';
import { version } from '../version.js';

export const runHelp = `Usage: dsh-ctx-conform [PLUGIN...] [options]

Runs context-source plugins through the conformance suite in a simulated DSH host and reports,
fixture by fixture, where each departs from the spec. With no PLUGIN, runs the bundled reference
implementations of all four sources (time-context, tmux-context, agent-instructions,
session-reference).

PLUGIN is a directory with a package.json, a .js/.mjs/.cjs file, or an installed package name.
Namespace plugins (name/Config/apply) and Service classes (session-reference) are both accepted;
the source is taken from the plugin's name unless --source says otherwise. A plugin whose name is
none of the four is a context contributor: it runs the contributor-pattern suite (spec/contributor.md),
which the four sources also run and pass.

Options:
  --source NAME               which source the plugin implements (${SOURCES.join(', ')}, or
                              contributor: any other context plugin, judged by the contributor suite)
  --waive RULE                let a contributor plugin opt out of an error CTX rule (repeatable);
                              the report says it did
  --config JSON               extra config keys for the plugin; keys a fixture sets win
  --spec REVISION             spec revision to judge against: 2026-08 (default) or 2026-07
  --reporter NAME             ${RUN_REPORTERS.join(' | ')} (default human)
  --output FILE               write the report to FILE instead of stdout
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
  npx dsh-ctx-conform ./my-plugin --expected-failures conform-baseline.yaml

Verdicts: pass; fail (the plugin did something other than the spec says: the first difference is
shown); error (the plugin threw where it must not, hung past --timeout, or ended the process).

Exit codes: 0 all pass (or only listed failures), 1 failures, errors or a stale baseline,
2 usage error, 3 internal error.
`;

function parseRunArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        config: { type: 'string' },
        spec: { type: 'string' },
        reporter: { type: 'string' },
        output: { type: 'string' },
        'expected-failures': { type: 'string' },
        'update-baseline': { type: 'boolean' },
        filter: { type: 'string' },
        timeout: { type: 'string' },
        fixtures: { type: 'string' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        waive: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
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
  const { values, positionals } = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(runHelp);
    return EXIT.ok;
  }
  const spec = values.spec ?? DEFAULT_SPEC;
  if (!isSpecRevision(spec)) throw new UsageError(`--spec must be 2026-08 or 2026-07, got ${JSON.stringify(spec)}`);
  const reporter = (values.reporter ?? 'human') as RunReporterName;
  if (!RUN_REPORTERS.includes(reporter)) throw new UsageError(`--reporter must be one of ${RUN_REPORTERS.join(', ')}, got ${JSON.stringify(values.reporter)}`);
  if (values.source !== undefined && ![...SOURCES, 'contributor'].includes(values.source)) {
    throw new UsageError(`--source must be one of ${SOURCES.join(', ')}, contributor, got ${JSON.stringify(values.source)}`);
  }
  const waived = parseWaivers(values.waive ?? []);
  if ('error' in waived) throw new UsageError(waived.error);
  if (values['update-baseline'] && !values['expected-failures']) throw new UsageError('--update-baseline needs --expected-failures FILE to write');
  let extraConfig: Record<string, unknown> = {};
  if (values.config !== undefined) {
    try {
      extraConfig = JSON.parse(values.config) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`--config is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof extraConfig !== 'object' || extraConfig === null || Array.isArray(extraConfig)) throw new UsageError('--config must be a JSON object, e.g. {"refreshIntervalMs":60000}');
  }
  const timeoutMs = positiveInt('timeout', values.timeout, 10_000);
  const runs = values.runs === undefined ? undefined : positiveInt('runs', values.runs, 100);
  if (values.seed !== undefined && !Number.isSafeInteger(Number(values.seed))) throw new UsageError(`--seed expects a whole number, got ${JSON.stringify(values.seed)}`);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  if (values.seed !== undefined && runs === undefined) throw new UsageError('--seed only makes sense with --runs N');
  const baseline = values['expected-failures'] && !values['update-baseline'] ? readBaseline(values['expected-failures']) : undefined;

  const fixtureRoot = values.fixtures ?? join(packageRoot, 'conformance', 'fixtures');
  const stored = readAllFixtures(fixtureRoot);
  const dirs = new Map(stored.map((s) => [s.fixture.id, relative(process.cwd(), s.dir) || s.dir]));
  const scenarios = stored
    .map((s) => s.fixture)
    .filter((f): f is ScenarioFixture => f.kind === 'scenario')
    .map((f) => (Object.keys(extraConfig).length ? { ...f, config: { ...extraConfig, ...(f.config ?? {}) } } : f));
  const plugins: PluginSpec[] = positionals.length
    ? positionals.map((p) => ({ spec: p, source: values.source as SourceName | 'contributor' | undefined, cwd: process.cwd() }))
    : SOURCES.map(referenceSpec);

  const progress = process.stderr.isTTY ? (text: string) => process.stderr.write(`\r\u001b[2K${text}`) : undefined;
  const report: RunReport = {
    tool: { name: 'dsh-ctx-conform', version },
    spec,
    plugins: [],
    results: [],
    properties: [],
    stale: [],
    summary: { pass: 0, fail: 0, error: 0, expectedFailures: 0, stale: 0 },
  };
  const preamble: string[] = [];
  for (const plugin of plugins) {
    // The contributor-pattern suite, for every plugin (issue 15); a contributor runs only that.
    let contributor;
    try {
      contributor = await runContributorHook(plugin, { spec, config: extraConfig, waivers: waived.waivers, runs: runs ?? (positionals.length ? 50 : 20), seed, fixturesDir: values.fixtures, counterexampleDir: join(process.cwd(), 'dsh-ctx-conform-counterexamples') });
    } catch (error) {
      process.stderr.write(`dsh-ctx-conform: cannot load plugin ${plugin.spec}: ${(error as Error).message}\n`);
      return EXIT.failures;
    }
    preamble.push(...contributor.preamble);
    if (!contributor.official) {
      report.plugins.push(contributor.plugin);
      report.results.push(...contributor.results);
      continue;
    }
    if (scenarios.length === 0) throw new UsageError(`no scenario fixtures found in ${fixtureRoot}`);
    const run = await runPlugin(plugin, scenarios, {
      spec,
      timeoutMs,
      filter: values.filter,
      onResult: (r, done, total) => progress?.(`${r.plugin}: ${done}/${total} fixtures`),
    });
    progress?.('');
    if (run.loadError !== undefined) {
      // A plugin that cannot be loaded at all is a user-facing problem with that plugin, not a kit crash.
      process.stderr.write(`dsh-ctx-conform: cannot load plugin ${plugin.spec}: ${run.loadError}\n`);
      return EXIT.failures;
    }
    if (run.results.length === 0) process.stderr.write(`dsh-ctx-conform: no fixtures selected for ${run.plugin.plugin} (${run.plugin.source}, spec ${spec}${values.filter ? `, filter ${JSON.stringify(values.filter)}` : ''})\n`);
    report.plugins.push(run.plugin);
    report.results.push(...run.results.map((r) => ({ ...r, path: dirs.get(r.fixture) })), ...contributor.results);
    if (runs !== undefined && positionals.length > 0) {
      progress?.(`${run.plugin.plugin}: property run (${runs} generated sessions)`);
      report.properties.push(await runProperty(plugin, { spec, seed, runs, timeoutMs, counterexampleDir: join(process.cwd(), 'dsh-ctx-conform-counterexamples') }));
      progress?.('');
    }
  }

  if (values['update-baseline']) {
    const n = writeBaseline(values['expected-failures']!, report.results);
    process.stderr.write(`dsh-ctx-conform: wrote ${n} expected failure(s) to ${values['expected-failures']}\n`);
    return EXIT.ok;
  }
  if (baseline) report.stale = applyBaseline(report.results, baseline);
  summarise(report.results, report);
  const rendered = renderRunReport(reporter, report, reporter === 'human' && !values.output && colorEnabled(process.stdout));
  const text = reporter === 'human' && preamble.length ? `${preamble.join('\n')}\n${rendered}` : rendered;
  if (values.output) writeFileSync(values.output, text);
  else process.stdout.write(text);
  if (report.results.length === 0) {
    // Like vitest with no test files: a run that judged nothing must not look green.
    process.stderr.write('dsh-ctx-conform: no fixture was run; check --filter and --spec\n');
    return EXIT.failures;
  }
  const failed = report.results.some((r) => r.status !== 'pass' && !r.expected) || report.stale.length > 0 || report.properties.some((p) => p.status !== 'pass');
  return failed ? EXIT.failures : EXIT.ok;
}

function summarise(results: readonly FixtureResult[], report: RunReport): void {
  const s = report.summary;
  for (const r of results) {
    if (r.status === 'pass') s.pass++;
    else if (r.expected) s.expectedFailures++;
    else if (r.status === 'fail') s.fail++;
    else s.error++;
  }
  s.stale = report.stale.length;
}
