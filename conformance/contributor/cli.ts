import { join, relative } from 'node:path';
import { contributorRules } from '../../invariants/rules/contributor/catalog.js';
import { terminalSafe } from '../../invariants/text/safe-text.js';
import type { SpecRevision } from '../../spec/revisions.js';
import type { PluginSource } from '../loader/load-plugin.js';
import type { PluginArg } from '../runner/plugin-arg.js';
import { renderReason } from '../results/messages.js';
import { reasonOf, type VerdictReason } from '../results/reasons.js';
import type { FixtureResult, RunReport } from '../runner/results.js';
import { copyLoaderFor, inProcessExecutor, type ScenarioExecutor } from './executor.js';
import { readContributorFixtures } from './fixture.js';
import { sessionsFor } from './sessions.js';
import { replayContributorFixtures, runContributorSuite } from './suite.js';
import { waiversFor, type Waiver } from './waivers.js';

/**
 * The run command's hook into the contributor suite: load the plugin, decide whether it is a
 * contributor (none of the four sources) or an official source (which runs its own suite too), run
 * the generated sessions — or, with `--fixtures DIR`, the contributor fixtures found there — and turn
 * the outcome into result rows plus the report's opening lines.
 *
 * Executor wiring: `executor` defaults to the in-process one. Under the isolated runner, pass
 * `(inputs) => isolated.execute(inputs, timeoutMs)` adapted to `TracedActual` (the child must run
 * `executeTraced(copyLoaderFor(target, revision).load, inputs)` so every instance is a fresh module copy).
 */

export interface ContributorRunOptions {
  revision: SpecRevision;
  config: Record<string, unknown>;
  /** `--waive` rules (already parsed). */
  waivers: readonly Waiver[];
  runs: number;
  seed: number;
  /** `--fixtures DIR`: replay the contributor fixtures there instead of generating sessions. */
  fixturesDir?: string;
  counterexampleDir: string;
  executor?: ScenarioExecutor;
  /** What the isolated runner learnt when it loaded the plugin (then the plugin is never loaded here). */
  loaded?: { label: string; source: PluginSource; shape: 'namespace' | 'service'; name?: string };
}

export interface ContributorRun {
  plugin: RunReport['plugins'][number];
  /** Whether the plugin is one of the four sources (then its own suite runs as well). */
  official: boolean;
  results: FixtureResult[];
  /** Lines that open the human report. */
  preamble: string[];
}

const safe = (text: string) => terminalSafe(text, { multiline: true });

export async function runContributorHook(target: PluginArg, options: ContributorRunOptions): Promise<ContributorRun> {
  let loaded = options.loaded;
  let executor = options.executor;
  if (!loaded || !executor) {
    // In-process: only for trusted code (the kit's own tests and corpus); the CLI passes the isolated runner.
    const loader = copyLoaderFor(target, options.revision);
    loaded ??= await loader.first();
    executor ??= inProcessExecutor(loader.load);
  }
  const official = loaded.source !== 'contributor';
  const waivers = waiversFor(loaded.source, options.waivers);
  const label = loaded.label;
  const preamble = [
    official
      ? `contributor suite: ${safe(label)} is the ${loaded.source} source: it runs its own suite and the contributor-pattern suite (CTX-* rules, spec/contributor.md)`
      : `contributor suite: ${safe(label)}${loaded.name ? ` (name ${JSON.stringify(safe(loaded.name))})` : ''} is not one of the four sources: judged by the contributor-pattern suite (CTX-* rules, spec/contributor.md)`,
    ...waivers.map((w) => `  waived ${w.rule} (${w.origin === 'spec' ? `written in ${w.where}` : 'opted in with --waive on the command line'}): ${w.reason}`),
  ];
  // The message is the reason rendered; the contributor templates make the plugin's texts terminal-safe.
  const row = (rule: string, status: FixtureResult['status'], reason: VerdictReason, durationMs = 0): FixtureResult => ({
    plugin: label,
    source: loaded.source,
    fixture: rule,
    title: `${rule} ${contributorRules[rule as keyof typeof contributorRules]?.title ?? ''}`.trim(),
    category: 'contributor',
    status,
    reason,
    message: renderReason(reason),
    durationMs,
  });
  const results: FixtureResult[] = [];
  const started = performance.now();
  if (options.fixturesDir !== undefined) {
    const stored = readContributorFixtures(options.fixturesDir);
    preamble.push(`  replaying ${stored.length} contributor fixture(s) from ${options.fixturesDir}`);
    for (const r of await replayContributorFixtures(executor, stored, loaded.name, waivers)) {
      const rule = r.stored.fixture.rules[0];
      const fixture = relative(process.cwd(), r.stored.dir) || r.stored.dir;
      const reason =
        r.status === 'pass'
          ? reasonOf('contributor-fixed', { rules: r.stored.fixture.rules, fixture })
          : r.status === 'fail'
            ? reasonOf('contributor-violation', { rule, explanation: r.message, fixture })
            : reasonOf('contributor-error', { message: r.message, fixture });
      results.push({ ...row(rule, r.status, reason), fixture: r.stored.fixture.id, title: r.stored.fixture.title.slice(0, 120) });
    }
    return { plugin: { plugin: label, source: loaded.source, shape: loaded.shape }, official, results, preamble };
  }
  const sessions = await sessionsFor(loaded.source);
  const suite = await runContributorSuite({ executor, sessions, pluginName: loaded.name, waivers, runs: options.runs, seed: options.seed, config: options.config, counterexampleDir: options.counterexampleDir });
  const durationMs = Math.round(performance.now() - started);
  preamble.push(`  ${suite.runs} generated sessions (seed ${suite.seed}), each replayed with a restart before every pre-step`);
  for (const n of suite.notes) preamble.push(`  ${n.severity === 'warning' ? 'warning' : 'info'} ${n.rule}: ${safe(n.message)}`);
  if (suite.error) results.push(row('CTX-SUITE', 'error', reasonOf('contributor-error', { message: suite.error }), durationMs));
  for (const r of suite.rules) {
    if (r.status === 'fail') {
      const where = r.fixture ? relative(process.cwd(), r.fixture) || r.fixture : undefined;
      const reproduce = where ? { reproduce: { plugin: target.pluginArg, fixtures: join(where, '..', '..') } } : {};
      results.push(row(r.rule, 'fail', reasonOf('contributor-violation', { rule: r.rule, explanation: r.explanation ?? r.finding?.message ?? '', ...reproduce }), durationMs));
    } else if (r.status === 'waived') results.push(row(r.rule, 'pass', reasonOf('contributor-waived', { where: r.waiver!.origin === 'spec' ? r.waiver!.where : '--waive', reason: r.waiver!.reason })));
    else if (r.status === 'noted') results.push(row(r.rule, 'pass', reasonOf('contributor-noted', { severity: r.finding!.severity, finding: r.finding!.message })));
    else results.push(row(r.rule, 'pass', reasonOf('contributor-holds', { runs: suite.runs })));
  }
  return { plugin: { plugin: label, source: loaded.source, shape: loaded.shape }, official, results, preamble };
}
