import { isAbsolute, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { DEFAULT_REVISION, type SourceName, type SpecRevision } from '../../spec/revisions.js';
import { readBaseline } from '../runner/expected-failures.js';
import { IsolatedPlugin } from '../runner/isolated-plugin.js';
import { selectFixtures } from '../runner/run-suite.js';
import { defaultFixtureRoot, loadScenarios } from '../runner/run-conformance.js';
import { resultOf } from '../runner/run-suite.js';
import { ConformanceFailure } from './failure.js';

/**
 * `dsh-ctx-conform/vitest`: the conformance suite as ordinary vitest tests, one per fixture, named
 * `source / category / title [id]`, so `-t`, watch mode, `--reporter` and IDE runners all work.
 * The plugin runs isolated in a child process exactly as under the CLI; a failure shows the kit's
 * message, vitest's diff of the first difference, and the fixture directory that reproduces it.
 *
 *   import { describeConformance } from 'dsh-ctx-conform/vitest';
 *   describeConformance('./my-plugin', { source: 'time-context' });
 */
export interface DescribeConformanceOptions {
  /** Which source the plugin implements, when its `name` does not say. */
  source?: SourceName;
  /** Extra config keys for every fixture (keys a fixture sets win). */
  config?: Record<string, unknown>;
  /** The spec revision to judge against (default DEFAULT_REVISION, 2026-08). */
  revision?: SpecRevision;
  /** @deprecated The 0.1 name of `revision`, still accepted; `revision` wins when both are given. */
  spec?: SpecRevision;
  /** Only fixtures whose id, title or category contains this text. */
  filter?: string;
  /** Per-fixture limit in ms (default 10000). */
  timeoutMs?: number;
  /** Another copy of the suite (default: the bundled one). */
  fixtures?: string;
  /** Expected failures file (YAML/JSON): listed fixtures are `test.fails`, so one that starts passing fails as stale. */
  expectedFailures?: string;
  /** Where a relative plugin path is resolved (default: process.cwd(), the vitest root). */
  cwd?: string;
  /** Suite name (default `dsh-ctx-conform <plugin>`). */
  name?: string;
}

export function describeConformance(plugin: string, options: DescribeConformanceOptions = {}): void {
  const revision = options.revision ?? options.spec ?? DEFAULT_REVISION;
  const cwd = options.cwd ?? process.cwd();
  // A path is resolved now so the child (started from another directory) finds the same plugin.
  const target = plugin.startsWith('.') || isAbsolute(plugin) ? resolve(cwd, plugin) : plugin;
  const timeoutMs = options.timeoutMs ?? 10_000;
  describe(options.name ?? `dsh-ctx-conform ${plugin}`, async () => {
    const pluginArg = { pluginArg: target, source: options.source, cwd };
    // Collection needs the source to pick fixtures: load once in a child, then let it go (a run that
    // filters every test out with -t must not leave a process behind).
    const probe = new IsolatedPlugin(pluginArg, revision);
    let loaded;
    try {
      loaded = await probe.start();
    } catch (error) {
      const message = `cannot load plugin ${plugin}: ${(error as Error).message}`;
      test('loads the plugin', () => {
        throw new Error(message);
      });
      return;
    } finally {
      probe.stop();
    }
    const { scenarios, dirs } = loadScenarios(options.fixtures ?? defaultFixtureRoot());
    const extra = options.config ?? {};
    const selected = selectFixtures(scenarios, loaded.source, { revision, filter: options.filter }).map((f) => (Object.keys(extra).length ? { ...f, config: { ...extra, ...(f.config ?? {}) } } : f));
    const baseline = options.expectedFailures ? readBaseline(resolve(cwd, options.expectedFailures)).entries : new Map<string, string | undefined>();
    if (selected.length === 0) {
      test('selects fixtures', () => {
        throw new Error(`no fixtures selected for ${loaded.label} (${loaded.source}, revision ${revision}${options.filter ? `, filter ${JSON.stringify(options.filter)}` : ''})`);
      });
      return;
    }

    const isolated = new IsolatedPlugin(pluginArg, revision);
    beforeAll(async () => {
      await isolated.start();
    }, 60_000);
    afterAll(() => isolated.stop());
    for (const fixture of selected) {
      const dir = dirs.get(fixture.id);
      const name = `${fixture.source} / ${fixture.category} / ${fixture.title} [${fixture.id}]`;
      const listed = baseline.has(fixture.id) || [...baseline.keys()].some((k) => k.startsWith(`${fixture.id}:`));
      (listed ? test.fails : test)(
        name,
        async () => {
          // The plugin's process only executes; the verdict is reached here (run-suite.ts `resultOf`).
          const outcome = resultOf(fixture, await isolated.execute(fixture, timeoutMs), revision);
          if (outcome.status !== 'pass') throw new ConformanceFailure(outcome, { id: fixture.id, dir: dir && (relative(cwd, dir) || dir) });
        },
        timeoutMs + 5_000,
      );
    }
  });
}
