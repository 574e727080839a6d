import type { SpecRevision } from '../../spec/revisions.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { IsolatedPlugin } from './isolated-plugin.js';
import type { PluginSpec } from './plugin-spec.js';
import type { FixtureResult, RunReport } from './results.js';

export interface SuiteOptions {
  spec: SpecRevision;
  timeoutMs: number;
  /** Substring matched against fixture id, title and category. */
  filter?: string;
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

export function selectFixtures(fixtures: readonly ScenarioFixture[], source: string, options: Pick<SuiteOptions, 'spec' | 'filter'>): ScenarioFixture[] {
  const needle = options.filter?.toLowerCase();
  return fixtures.filter(
    (f) =>
      f.source === source &&
      f.spec.includes(options.spec) &&
      (!needle || f.id.includes(needle) || f.title.toLowerCase().includes(needle) || f.category.includes(needle)),
  );
}

/**
 * Run every applicable scenario fixture against one plugin, isolated in a child process. Fixtures run
 * sequentially (the clock and time zone are process-global), each bounded by `timeoutMs`.
 */
export async function runPlugin(pluginSpec: PluginSpec, fixtures: readonly ScenarioFixture[], options: SuiteOptions): Promise<PluginRun> {
  const isolated = new IsolatedPlugin(pluginSpec, options.spec);
  let loaded;
  try {
    loaded = await isolated.start();
  } catch (error) {
    isolated.stop();
    const message = error instanceof Error ? error.message : String(error);
    return { plugin: { plugin: pluginSpec.spec, source: pluginSpec.source ?? 'time-context', shape: 'namespace' }, results: [], loadError: message };
  }
  const selected = selectFixtures(fixtures, loaded.source, options);
  const results: FixtureResult[] = [];
  try {
    for (const fixture of selected) {
      const started = performance.now();
      const outcome = await isolated.run(fixture, options.timeoutMs);
      const result: FixtureResult = {
        plugin: loaded.label,
        source: loaded.source,
        fixture: fixture.id,
        title: fixture.title,
        category: fixture.category,
        status: outcome.status,
        message: outcome.message,
        ...(outcome.diff ? { diff: outcome.diff as FixtureResult['diff'] } : {}),
        ...(outcome.rules ? { rules: outcome.rules } : {}),
        durationMs: Math.round(performance.now() - started),
      };
      results.push(result);
      options.onResult?.(result, results.length, selected.length);
    }
  } finally {
    isolated.stop();
  }
  return { plugin: { plugin: loaded.label, source: loaded.source, shape: loaded.shape }, results, ...(loaded.warnings?.length ? { warnings: loaded.warnings } : {}) };
}
