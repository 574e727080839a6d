import { join, relative } from 'node:path';
import { DEFAULT_REVISION, SOURCES, type SpecRevision } from '../../spec/revisions.js';
import { packageRoot } from '../package-root.js';
import { UsageError } from '../usage-error.js';
import { version } from '../version.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { readAllFixtures } from '../scenario/store.js';
import { applyBaseline, readBaseline, type Baseline } from './expected-failures.js';
import { IsolatedPlugin, type IsolationOptions } from './isolated-plugin.js';
import { runContributorHook, type ContributorRun } from '../contributor/cli.js';
import type { ScenarioExecutor, TracedActual } from '../contributor/executor.js';
import type { Waiver } from '../contributor/waivers.js';
import { referencePluginArg, type PluginArg } from './plugin-arg.js';
import { runProperty } from './property-run.js';
import type { FixtureResult, RunReport } from './results.js';
import { runPlugin } from './run-suite.js';

/** A plugin object in the 0.1 form, its plugin argument named `spec`. */
export interface DeprecatedPluginArg {
  /** @deprecated Use `pluginArg`. */
  spec: string;
  source?: PluginArg['source'];
  cwd?: string;
}

/** A plugin as `runConformance` was given it, as the runner takes it (the 0.1 `spec` key read as `pluginArg`). */
export function toPluginArg(p: string | PluginArg | DeprecatedPluginArg, defaults: { source?: PluginArg['source']; cwd: string }): PluginArg {
  if (typeof p === 'string') return { pluginArg: p, source: defaults.source, cwd: defaults.cwd };
  if ('pluginArg' in p) return p;
  const { spec, ...rest } = p;
  return { pluginArg: spec, ...rest };
}

/** The contributor suite's seed when none is given: runs are reproducible by default. */
export const DEFAULT_CONTRIBUTOR_SEED = 1;

export interface RunConformanceOptions {
  /**
   * Plugins to run: plugin arguments as on the command line (paths, files, package names,
   * `reference:<source>`), or `{ pluginArg, source?, cwd? }`; none means the bundled references of all
   * four sources. An object may still name its argument `spec` (deprecated, the 0.1 name).
   */
  plugins?: readonly (string | PluginArg | DeprecatedPluginArg)[];
  /** Which source the plugins given as strings implement, when their name does not say. */
  source?: PluginArg['source'];
  /** The spec revision to judge against (default DEFAULT_REVISION, 2026-08). */
  revision?: SpecRevision;
  /** @deprecated The 0.1 name of `revision`, still accepted; `revision` wins when both are given. */
  spec?: SpecRevision;
  /** A suite directory (default: the bundled one). */
  fixtureRoot?: string;
  /** Extra config keys for every fixture; keys a fixture sets win. */
  extraConfig?: Record<string, unknown>;
  filter?: string;
  timeoutMs?: number;
  /** Per-process memory ceiling in bytes (default 2 GiB). */
  maxMemoryBytes?: number;
  allowAddons?: boolean;
  /** Keep every fixture's captured output (default: only failures' and errors'). */
  showOutput?: boolean;
  /** Also compare each given plugin with the reference on `runs` generated sessions. */
  runs?: number;
  seed?: number;
  counterexampleDir?: string;
  /** Expected failures: an already-read baseline, or (as `expectedFailures`) a YAML/JSON file path. */
  baseline?: Baseline;
  expectedFailures?: string | Baseline;
  /** Paths in results are made relative to this directory (default: the process cwd). */
  cwd?: string;
  onProgress?: (text: string) => void;
  /** `--waive`: contributor rules a third-party plugin opts out of (shown in the report). */
  waivers?: readonly Waiver[];
  /** Seed of the contributor suite's generated sessions (default DEFAULT_CONTRIBUTOR_SEED). */
  contributorSeed?: number;
  /** Generated sessions for the contributor-pattern suite (default 50 for given plugins, 4 for the bundled references (keeps the default run quick); 0 skips it). */
  contributorRuns?: number;
}

/**
 * The conformance run, as a pure function from options to a report: fixture selection, every plugin
 * in its own isolated process (one that cannot be loaded is an `error` row; the others still run),
 * property runs, the expected-failures baseline with its stale entries, and the summary. The CLI only
 * parses arguments, renders and exits; the library API and test integrations call this.
 */
export async function runConformance(input: RunConformanceOptions = {}): Promise<RunReport> {
  const { spec: deprecatedRevision, ...rest } = input;
  const options = { ...rest, revision: input.revision ?? deprecatedRevision ?? DEFAULT_REVISION };
  const cwd = options.cwd ?? process.cwd();
  const fixtureRoot = options.fixtureRoot ?? join(packageRoot, 'conformance', 'fixtures');
  const stored = readAllFixtures(fixtureRoot);
  const dirs = new Map(stored.map((s) => [s.fixture.id, relative(cwd, s.dir) || s.dir]));
  const extra = options.extraConfig ?? {};
  const scenarios = stored
    .map((s) => s.fixture)
    .filter((f): f is ScenarioFixture => f.kind === 'scenario')
    .map((f) => (Object.keys(extra).length ? { ...f, config: { ...extra, ...(f.config ?? {}) } } : f));

  const given = options.plugins !== undefined && options.plugins.length > 0;
  const plugins: PluginArg[] = given ? options.plugins!.map((p) => toPluginArg(p, { source: options.source, cwd })) : SOURCES.map(referencePluginArg);
  const baseline = options.baseline ?? (typeof options.expectedFailures === 'string' ? readBaseline(options.expectedFailures) : options.expectedFailures);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const isolation: IsolationOptions = {
    loadTimeoutMs: timeoutMs,
    maxMemoryBytes: options.maxMemoryBytes,
    allowAddons: options.allowAddons,
    protectedDirs: [fixtureRoot],
  };
  const report: RunReport = {
    tool: { name: 'dsh-ctx-conform', version },
    spec: options.revision,
    plugins: [],
    results: [],
    properties: [],
    stale: [],
    summary: { pass: 0, fail: 0, error: 0, expectedFailures: 0, stale: 0 },
  };
  const preamble: string[] = [];
  for (const plugin of plugins) {
    // The contributor-pattern suite, for every plugin; a plugin that is none of the four runs only that.
    const contributorRuns = options.contributorRuns ?? (given ? 50 : 4);
    // One isolated process per plugin serves both suites (a process start is most of a small run).
    const isolated = new IsolatedPlugin(plugin, options.revision, isolation);
    try {
      const contributor = contributorRuns > 0 || options.fixtureRoot !== undefined ? await runContributorIsolated(isolated, plugin, options, contributorRuns, timeoutMs, cwd) : undefined;
      if (contributor && 'loadError' in contributor) {
        // Not loadable: the fixture run below reports it as the plugin's `error` row.
      } else if (contributor) {
        preamble.push(...contributor.preamble);
        if (!contributor.official) {
          report.plugins.push(contributor.plugin);
          report.results.push(...contributor.results);
          continue;
        }
      }
      // Checked here, not up front: a --fixtures DIR of contributor fixtures alone is a valid suite for a contributor.
      if (scenarios.length === 0) throw new UsageError(`no scenario fixtures found in ${fixtureRoot}`);
      const run = await runPlugin(plugin, scenarios, {
        revision: options.revision,
        timeoutMs,
        filter: options.filter,
        showOutput: options.showOutput,
        isolation,
        isolated,
        onResult: (r, done, total) => options.onProgress?.(`${r.plugin}: ${done}/${total} fixtures`),
      });
      options.onProgress?.('');
      report.plugins.push(run.plugin);
      for (const w of run.warnings ?? []) (report.warnings ??= []).push(`${run.plugin.plugin}: ${w}`);
      report.results.push(...run.results.map((r) => (r.fixture === 'load' ? r : { ...r, path: dirs.get(r.fixture) })));
      if (contributor && !('loadError' in contributor)) report.results.push(...contributor.results);
      if (options.runs !== undefined && given && run.loadError === undefined) {
        options.onProgress?.(`${run.plugin.plugin}: property run (${options.runs} generated sessions)`);
        report.properties.push(
          await runProperty(plugin, {
            revision: options.revision,
            seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
            runs: options.runs,
            timeoutMs,
            counterexampleDir: options.counterexampleDir ?? join(cwd, 'dsh-ctx-conform-counterexamples'),
            isolation,
          }),
        );
        options.onProgress?.('');
      }
    } finally {
      isolated.stop();
    }
  }
  if (preamble.length) report.preamble = preamble;
  if (baseline) report.stale = applyBaseline(report.results, baseline);
  summarise(report);
  return report;
}

/** Plugins for which no fixture applied (wrong --filter or --revision), for a clear warning. */
export function emptyPlugins(report: RunReport): RunReport['plugins'] {
  return report.plugins.filter((p) => p.loadError === undefined && !report.results.some((r) => r.plugin === p.plugin));
}

/** The suite's scenario fixtures and the directory of each (for reproduction paths). */
export function loadScenarios(fixtureRoot: string): { scenarios: ScenarioFixture[]; dirs: Map<string, string> } {
  const stored = readAllFixtures(fixtureRoot);
  return {
    scenarios: stored.map((s) => s.fixture).filter((f): f is ScenarioFixture => f.kind === 'scenario'),
    dirs: new Map(stored.map((s) => [s.fixture.id, s.dir])),
  };
}

export function defaultFixtureRoot(): string {
  return join(packageRoot, 'conformance', 'fixtures');
}

/** Exit status of a report: failures, errors, stale baseline entries, failed properties, or nothing judged. */
export function reportFailed(report: RunReport): boolean {
  return (
    report.results.length === 0 ||
    report.results.some((r) => r.status !== 'pass' && !r.expected) ||
    report.stale.length > 0 ||
    report.properties.some((p) => p.status !== 'pass')
  );
}

/** The library API's name for `reportFailed`. */
export const runFailed = reportFailed;

/** Fill `report.summary` from its results and stale entries (also used when merging shard reports). */
export function summarise(report: RunReport): void {
  const s = report.summary;
  s.pass = s.fail = s.error = s.expectedFailures = 0;
  for (const r of report.results) {
    if (r.status === 'pass') s.pass++;
    else if (r.expected) s.expectedFailures++;
    else if (r.status === 'fail') s.fail++;
    else s.error++;
  }
  s.stale = report.stale.length;
}

/**
 * The contributor-pattern suite for one plugin, with the plugin in its own isolated process: the child
 * executes generated sessions (fresh module copies per instance, traced) and the suite judges here.
 */
async function runContributorIsolated(isolated: IsolatedPlugin, plugin: PluginArg, options: Omit<RunConformanceOptions, 'spec'> & { revision: SpecRevision }, runs: number, timeoutMs: number, cwd: string): Promise<ContributorRun | { loadError: string }> {
  {
    let loaded;
    try {
      loaded = await isolated.start();
    } catch (error) {
      return { loadError: (error as Error).message };
    }
    const executor: ScenarioExecutor = async (inputs) => {
      const execution = await isolated.execute(inputs, timeoutMs, { traced: true });
      if (execution.kind === 'error') return { error: execution.message };
      return { ...execution.actual, trace: (execution.trace ?? { preSteps: [], serviceCalls: {}, missingServices: [] }) as unknown as TracedActual['trace'] };
    };
    options.onProgress?.(`${loaded.label}: contributor suite (${runs} generated sessions)`);
    const run = await runContributorHook(plugin, {
      revision: options.revision,
      config: options.extraConfig ?? {},
      waivers: options.waivers ?? [],
      runs,
      // A fixed default seed: the same plugin gets the same generated sessions on every run, so a
      // verdict (and an expected-failures baseline) is reproducible; `contributorSeed` varies them.
      seed: options.contributorSeed ?? DEFAULT_CONTRIBUTOR_SEED,
      fixturesDir: options.fixtureRoot,
      counterexampleDir: options.counterexampleDir ?? join(cwd, 'dsh-ctx-conform-counterexamples'),
      executor,
      loaded: { label: loaded.label, source: loaded.source, shape: loaded.shape, ...(loaded.name ? { name: loaded.name } : {}) },
    });
    options.onProgress?.('');
    return run;
  }
}
