import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceModule } from '../../reference/index.js';
import type { SourceName } from '../../spec/revisions.js';
import type { PluginFactory } from '../host/index.js';
import { loadPlugin, pluginFromModule } from '../loader/load-plugin.js';
import { listMutants } from '../mutants/index.js';
import { RunReport } from '../runner/results.js';
import { judgeScenario, type Verdict } from '../scenario/compare.js';
import { executeScenario, type ScenarioActual } from '../scenario/execute.js';
import { readFixture } from '../scenario/store.js';
import { upstreamPackage } from '../upstream.js';
import { arbitraryFor } from './index.js';
import type { GeneratedScenario } from './session-arbitrary.js';

/**
 * The generated-session property is only worth running if each source's ingredients actually drive
 * that source. For every source this shows, in-process:
 * (a) the published package agrees with the reference on generated sessions, and the reference
 *     writes its own context in a good share of them (the property is not vacuously true);
 * (b) mutants whose bugs need the source's ingredients (its environment section, its actions, its
 *     prompts) are caught within a bounded number of runs, and the shrunk counterexample still
 *     reproduces the difference.
 * And once end to end: the CLI's property run writes a counterexample fixture that parses.
 */

const SPEC = '2026-08';
const SEED = 1;
const AGREEMENT_RUNS = 40;
const MUTANT_RUNS = 200;

/**
 * Mutants per source, chosen so each one needs a source ingredient: tmux worlds, failures and
 * intervals; agent-instructions workspaces, touches and rejects; session-reference other sessions,
 * read failures and plugin-sourced prompts; time-context browser zones and clock moves.
 */
const CASES: Array<{ source: SourceName; mutants: string[] }> = [
  { source: 'time-context', mutants: ['rounded-elapsed', 'zone-from-batch-only', 'no-backward-clamp'] },
  { source: 'tmux-context', mutants: ['trust-environment', 'executor-error-fails-turn', 'in-memory-state', 'query-before-interval'] },
  { source: 'agent-instructions', mutants: ['first-candidate-only', 'reject-drops-context', 'project-inside-open-step', 'forget-baseline-after-compaction'] },
  { source: 'session-reference', mutants: ['swallow-read-failure', 'parse-plugin-messages', 'self-reference-when-duplicated', 'split-code-points', 'drop-checkpoints'] },
];

async function referenceFactory(source: SourceName): Promise<PluginFactory> {
  return pluginFromModule(await referenceModule(source, SPEC), `reference:${source}`, `reference:${source}`, source).factory;
}

function judge(expected: ScenarioActual, actual: ScenarioActual): Verdict {
  return judgeScenario({ outcomes: expected.outcomes, log: expected.log as never, warnings: expected.warnings, observations: expected.observations }, actual);
}

/** Whether the plugin under `source` wrote a message of its own in this run. */
function wroteContext(source: SourceName, actual: ScenarioActual): boolean {
  return actual.rawLog.some((event) => {
    if (event.type !== 'user/message') return false;
    const from = (event.data as { source?: { kind?: string; plugin?: string } }).source;
    return from?.plugin === source || from?.kind === source;
  });
}

describe.each(CASES)('generated sessions for $source', ({ source, mutants }) => {
  it(`the published package agrees with the reference on ${AGREEMENT_RUNS} sessions, a fifth or more of which the source writes into`, async () => {
    const reference = await referenceFactory(source);
    const upstream = (await loadPlugin(upstreamPackage(source, SPEC)!, { source })).factory;
    const arbitrary = await arbitraryFor(source);
    let reached = 0;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (scenario) => {
        const expected = await executeScenario(reference, scenario);
        if (wroteContext(source, expected)) reached += 1;
        const verdict = judge(expected, await executeScenario(upstream, scenario));
        expect(verdict.message).toBe('ok');
      }),
      { seed: SEED, numRuns: AGREEMENT_RUNS, endOnFailure: true },
    );
    expect(reached).toBeGreaterThanOrEqual(AGREEMENT_RUNS / 5);
  });

  it.each(mutants)(`catches the mutant %s within ${MUTANT_RUNS} runs`, async (name) => {
    const entry = listMutants().find((m) => m.source === source && m.name === name);
    expect(entry, `mutant ${source}/${name}`).toBeDefined();
    const mutant = pluginFromModule((await import(entry!.file)) as Record<string, unknown>, entry!.file, name, source).factory;
    const reference = await referenceFactory(source);
    const arbitrary = await arbitraryFor(source);
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (scenario) => judge(await executeScenario(reference, scenario), await executeScenario(mutant, scenario)).status === 'pass'),
      { seed: SEED, numRuns: MUTANT_RUNS },
    );
    expect(result.failed, `${source}/${name} survived ${result.numRuns} generated sessions`).toBe(true);
    // A difference in behaviour, not a crash of the kit: the shrunk session replays to a verdict.
    expect(result.counterexample).not.toBeNull();
    const [scenario] = result.counterexample as [GeneratedScenario];
    const verdict = judge(await executeScenario(reference, scenario), await executeScenario(mutant, scenario));
    expect(verdict.status).not.toBe('pass');
  });
});

describe('dsh-ctx-conform --runs (end to end)', () => {
  it('reports a failing property for a mutant and writes a counterexample fixture that parses', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const mutant = listMutants().find((m) => m.source === 'session-reference' && m.name === 'swallow-read-failure')!;
    const cwd = mkdtempSync(join(tmpdir(), 'dsh-ctx-conform-property-'));
    // Running from source, the runner forks its plugin children with `--import tsx` (a bare
    // specifier resolved from the cwd): give the temporary cwd the repository's node_modules.
    symlinkSync(join(root, 'node_modules'), join(cwd, 'node_modules'), 'dir');
    try {
      const args = ['--import', tsx, join(root, 'conformance', 'cli', 'bin.ts'), mutant.file, '--source', 'session-reference'];
      args.push('--runs', '50', '--seed', '1', '--filter', 'maxReferences 4', '--reporter', 'json');
      // A failing property exits non-zero; the report on stdout is what matters.
      const { stdout } = await promisify(execFile)(process.execPath, args, { cwd, timeout: 60_000 }).catch((error: { stdout?: string; code?: number }) => {
        expect(error.code).toBe(1);
        return { stdout: error.stdout ?? '' };
      });
      const report = RunReport.parse(JSON.parse(stdout));
      expect(report.results.length).toBeGreaterThan(0);
      expect(report.properties).toHaveLength(1);
      const [property] = report.properties;
      expect(property).toMatchObject({ source: 'session-reference', status: 'fail', runs: 50, seed: 1 });
      expect(property.counterexample).toMatch(/^dsh-ctx-conform-counterexamples\//);
      const dir = isAbsolute(property.counterexample!) ? property.counterexample! : join(cwd, property.counterexample!);
      const fixture = readFixture(dir);
      expect(fixture).toMatchObject({ kind: 'scenario', source: 'session-reference', provenance: { generator: 'property-run', seed: 1 } });
      // The fixture reproduces the failure: the mutant departs from the expectation it records.
      if (fixture.kind !== 'scenario') throw new Error('not a scenario fixture');
      const actual = await executeScenario(pluginFromModule((await import(mutant.file)) as Record<string, unknown>, mutant.file, mutant.name, 'session-reference').factory, fixture);
      expect(judgeScenario(fixture.expect, actual).status).not.toBe('pass');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 60_000);
});
