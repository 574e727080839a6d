import type { SpecRevision } from '../../spec/revisions.js';
import { renderReason } from '../results/messages.js';
import { reasonOf } from '../results/reasons.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { IsolatedPlugin, PluginStartError, type CapturedOutput, type Execution, type IsolationOptions } from './isolated-plugin.js';
import { judgeActual } from './judge-fixture.js';
import type { PluginArg } from './plugin-arg.js';
import type { FixtureResult, RunReport } from './results.js';

export interface SuiteOptions {
  revision: SpecRevision;
  timeoutMs: number;
  /** Substring matched against fixture id, title and category. */
  filter?: string;
  /** Keep every fixture's captured output, not only failures' and errors'. */
  showOutput?: boolean;
  isolation?: IsolationOptions;
  /** A running isolated plugin to reuse (the caller stops it); otherwise one is started and stopped here. */
  isolated?: IsolatedPlugin;
  onResult?: (result: FixtureResult, done: number, total: number) => void;
}

export interface PluginRun {
  plugin: RunReport['plugins'][number];
  results: FixtureResult[];
  /** Set when the plugin could not be loaded at all (reported as one error result). */
  loadError?: string;
  /** Non-fatal load problems reported by the loader (e.g. a contradicting --source). */
  warnings?: string[];
}

export function selectFixtures(fixtures: readonly ScenarioFixture[], source: string, options: Pick<SuiteOptions, 'revision' | 'filter'>): ScenarioFixture[] {
  const needle = options.filter?.toLowerCase();
  return fixtures.filter(
    (f) =>
      f.source === source &&
      f.revisions.includes(options.revision) &&
      (!needle || f.id.includes(needle) || f.title.toLowerCase().includes(needle) || f.category.includes(needle)),
  );
}

function hasOutput(o: CapturedOutput): boolean {
  return o.stdout.length > 0 || o.stderr.length > 0;
}

/** The verdict on one execution: judged here, in the kit's process, against the expectation the child never saw. */
export function resultOf(fixture: ScenarioFixture, execution: Execution, revision: SpecRevision): Pick<FixtureResult, 'status' | 'reason' | 'message' | 'diff' | 'rules' | 'infos' | 'warnings'> {
  if (execution.kind === 'error') return { status: 'error', reason: execution.reason, message: renderReason(execution.reason) };
  const judgement = judgeActual(fixture, execution.actual, revision);
  if (judgement.status !== 'pass' && execution.denied?.length) {
    const reason = reasonOf('sandbox-denied', { denied: execution.denied, then: judgement.reason });
    return { status: 'error', reason, message: renderReason(reason), ...(judgement.diff ? { diff: judgement.diff } : {}) };
  }
  return {
    status: judgement.status,
    reason: judgement.reason,
    message: judgement.message,
    ...(judgement.diff ? { diff: judgement.diff } : {}),
    ...(judgement.rules ? { rules: judgement.rules } : {}),
    ...(judgement.infos?.length ? { infos: judgement.infos } : {}),
    ...(judgement.warnings?.length ? { warnings: judgement.warnings } : {}),
  };
}

/**
 * Run every applicable scenario fixture against one plugin, isolated in its own process. Fixtures run
 * sequentially (the clock and time zone are process-global), each bounded by `timeoutMs`. A plugin
 * that cannot be loaded gives one `error` row (fixture `load`) with the loader's message.
 */
export async function runPlugin(target: PluginArg, fixtures: readonly ScenarioFixture[], options: SuiteOptions): Promise<PluginRun> {
  const owned = options.isolated === undefined;
  const isolated = options.isolated ?? new IsolatedPlugin(target, options.revision, { loadTimeoutMs: options.timeoutMs, ...options.isolation });
  let loaded;
  const started = performance.now();
  try {
    loaded = await isolated.start();
  } catch (error) {
    isolated.stop();
    const message = error instanceof Error ? error.message : String(error);
    const output = error instanceof PluginStartError ? error.output : { stdout: '', stderr: '' };
    const cause = error instanceof PluginStartError ? error.reason : reasonOf('kit-failure', { failure: 'start', message });
    const reason = reasonOf('cannot-load', { plugin: target.pluginArg, cause });
    const source = target.source ?? 'unknown';
    const row: FixtureResult = {
      plugin: target.pluginArg,
      source,
      fixture: 'load',
      title: 'load the plugin',
      category: 'load',
      status: 'error',
      reason,
      message: renderReason(reason),
      durationMs: Math.round(performance.now() - started),
      ...(hasOutput(output) ? { output } : {}),
    };
    return { plugin: { plugin: target.pluginArg, source, shape: 'unknown', loadError: message }, results: [row], loadError: message };
  }
  const selected = selectFixtures(fixtures, loaded.source, options);
  const results: FixtureResult[] = [];
  try {
    for (const fixture of selected) {
      const begun = performance.now();
      const execution = await isolated.execute(fixture, options.timeoutMs);
      const verdict = resultOf(fixture, execution, options.revision);
      const result: FixtureResult = {
        plugin: loaded.label,
        source: loaded.source,
        fixture: fixture.id,
        title: fixture.title,
        category: fixture.category,
        ...verdict,
        durationMs: Math.round(performance.now() - begun),
        ...((verdict.status !== 'pass' || options.showOutput) && hasOutput(execution.output) ? { output: execution.output } : {}),
      };
      results.push(result);
      options.onResult?.(result, results.length, selected.length);
    }
  } finally {
    if (owned) isolated.stop();
  }
  return { plugin: { plugin: loaded.label, source: loaded.source, shape: loaded.shape }, results, ...(loaded.warnings?.length ? { warnings: loaded.warnings } : {}) };
}
