import { join, relative } from 'node:path';
import { DEFAULT_SPEC, SOURCES, type SourceName, type SpecRevision } from '../../spec/revisions.js';
import { packageRoot } from '../cli/package-root.js';
import { applyBaseline, readBaseline, type Baseline } from './expected-failures.js';
import { referenceSpec, type PluginSpec } from './plugin-spec.js';
import { runProperty } from './property-run.js';
import type { FixtureResult, RunReport } from './results.js';
import { runPlugin } from './run-suite.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { readAllFixtures } from '../scenario/store.js';
import { version } from '../cli/version.js';

/**
 * The pure core of `dsh-ctx-conform [PLUGIN...]`: select fixtures, run each plugin (isolated in a
 * child process), optionally run the property comparison, apply the expected-failures baseline, find
 * stale entries and summarise. It returns data and never prints or exits: the CLI renders the report
 * and maps it to an exit code; the library API and the vitest entry use the same function.
 */
export interface RunConformanceOptions {
  /** Plugins to run (paths, files or package names). Empty or absent: the bundled reference implementations. */
  plugins?: readonly string[];
  /** Which source the plugins implement, when their `name` does not say. */
  source?: SourceName;
  /** Extra config keys for every fixture (keys a fixture sets win). */
  config?: Record<string, unknown>;
  spec?: SpecRevision;
  /** Substring matched against fixture id, title and category. */
  filter?: string;
  /** Per-fixture limit (default 10000 ms). */
  timeoutMs?: number;
  /** Another copy of the suite (default: the bundled one). */
  fixtures?: string;
  /** Expected failures: a YAML/JSON file path or an already-read baseline. */
  expectedFailures?: string | Baseline;
  /** Also compare each (non-reference) plugin with the reference on `runs` generated sessions. */
  runs?: number;
  seed?: number;
  /** Where a shrunk property counterexample is written (default ./dsh-ctx-conform-counterexamples). */
  counterexampleDir?: string;
  /** Paths in results are made relative to this directory (default process.cwd()). */
  cwd?: string;
  onProgress?: (event: { plugin: string; done: number; total: number }) => void;
  /** Non-fatal problems (a --source that contradicts the plugin's own name, no fixture selected). */
  onWarning?: (message: string) => void;
}

/** A plugin that cannot be loaded at all: a problem with that plugin, not a kit crash. */
export class PluginLoadFailure extends Error {
  override readonly name = 'PluginLoadFailure';
  constructor(
    readonly plugin: string,
    readonly reason: string,
  ) {
    super(`cannot load plugin ${plugin}: ${reason}`);
  }
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

export async function runConformance(options: RunConformanceOptions = {}): Promise<RunReport> {
  const spec = options.spec ?? DEFAULT_SPEC;
  const cwd = options.cwd ?? process.cwd();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const extra = options.config ?? {};
  const fixtureRoot = options.fixtures ?? defaultFixtureRoot();
  const { scenarios: all, dirs } = loadScenarios(fixtureRoot);
  if (all.length === 0) throw new Error(`no scenario fixtures found in ${fixtureRoot}`);
  const scenarios = Object.keys(extra).length ? all.map((f) => ({ ...f, config: { ...extra, ...(f.config ?? {}) } })) : all;
  const baseline = typeof options.expectedFailures === 'string' ? readBaseline(options.expectedFailures) : options.expectedFailures;
  const userPlugins = options.plugins ?? [];
  const plugins: PluginSpec[] = userPlugins.length ? userPlugins.map((p) => ({ spec: p, source: options.source, cwd })) : SOURCES.map(referenceSpec);

  const report: RunReport = {
    tool: { name: 'dsh-ctx-conform', version },
    spec,
    plugins: [],
    results: [],
    properties: [],
    stale: [],
    summary: { pass: 0, fail: 0, error: 0, expectedFailures: 0, stale: 0 },
  };
  for (const plugin of plugins) {
    const run = await runPlugin(plugin, scenarios, {
      spec,
      timeoutMs,
      filter: options.filter,
      onResult: (r, done, total) => options.onProgress?.({ plugin: r.plugin, done, total }),
    });
    if (run.loadError !== undefined) throw new PluginLoadFailure(plugin.spec, run.loadError);
    for (const w of run.warnings ?? []) options.onWarning?.(w);
    if (run.results.length === 0) {
      options.onWarning?.(`no fixtures selected for ${run.plugin.plugin} (${run.plugin.source}, spec ${spec}${options.filter ? `, filter ${JSON.stringify(options.filter)}` : ''})`);
    }
    report.plugins.push(run.plugin);
    report.results.push(...run.results.map((r) => withPath(r, dirs.get(r.fixture), cwd)));
    if (options.runs !== undefined && userPlugins.length > 0) {
      const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
      const counterexampleDir = options.counterexampleDir ?? join(cwd, 'dsh-ctx-conform-counterexamples');
      report.properties.push(await runProperty(plugin, { spec, seed, runs: options.runs, timeoutMs, counterexampleDir }));
    }
  }
  if (baseline) report.stale = applyBaseline(report.results, baseline);
  summarise(report);
  return report;
}

function withPath(r: FixtureResult, dir: string | undefined, cwd: string): FixtureResult {
  return dir === undefined ? r : { ...r, path: relative(cwd, dir) || dir };
}

/** Counts by verdict; a listed failure counts as expected, not as a failure. */
export function summarise(report: RunReport): void {
  const s = { pass: 0, fail: 0, error: 0, expectedFailures: 0, stale: report.stale.length };
  for (const r of report.results) {
    if (r.status === 'pass') s.pass++;
    else if (r.expected) s.expectedFailures++;
    else if (r.status === 'fail') s.fail++;
    else s.error++;
  }
  report.summary = s;
}

/** Whether the report should fail a build: an unlisted failure or error, a stale baseline, a failed property, or nothing judged. */
export function runFailed(report: RunReport): boolean {
  return report.results.length === 0 || report.results.some((r) => r.status !== 'pass' && !r.expected) || report.stale.length > 0 || report.properties.some((p) => p.status !== 'pass');
}
