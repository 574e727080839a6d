import fc from 'fast-check';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { referenceModule } from '../../reference/index.js';
import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import { pluginFromModule } from '../loader/load-plugin.js';
import { arbitraryFor } from '../properties/index.js';
import type { GeneratedScenario } from '../properties/session-arbitrary.js';
import { executeScenario } from '../scenario/execute.js';
import { fixtureId } from '../scenario/fixture-id.js';
import { FIXTURE_FORMAT_VERSION, ScenarioFixture } from '../scenario/schema.js';
import { writeFixture } from '../scenario/store.js';
import { judgeScenario } from '../scenario/compare.js';
import { renderReason } from '../results/messages.js';
import { reasonOf, type ReasonData, type VerdictReason } from '../results/reasons.js';
import { IsolatedPlugin, PluginStartError, type IsolationOptions, type LoadedInfo } from './isolated-plugin.js';
import type { PluginArg } from './plugin-arg.js';
import type { RunReport } from './results.js';

/** A reason and its words, as a property result carries them. */
const said = (reason: VerdictReason) => ({ reason, message: renderReason(reason) });

export interface PropertyOptions {
  revision: SpecRevision;
  seed: number;
  runs: number;
  timeoutMs: number;
  /** Where a shrunk counterexample is written as a fixture. */
  counterexampleDir: string;
  isolation?: IsolationOptions;
}

/**
 * Property run: fast-check generates sessions; the plugin and the reference must behave identically
 * on each (same outcomes, same log with ids normalised, same warnings and observations). On failure
 * fast-check shrinks to a minimal session, which is written as a scenario fixture (expectations from
 * the reference) that reproduces the failure with `--fixtures DIR`.
 *
 * The reference runs here, in the kit's process (it is the kit's own code); the plugin runs isolated
 * and only reports what it did; the comparison happens here too.
 */
export async function runProperty(target: PluginArg, options: PropertyOptions): Promise<RunReport['properties'][number]> {
  const isolated = new IsolatedPlugin(target, options.revision, { loadTimeoutMs: options.timeoutMs, ...options.isolation });
  let loaded;
  try {
    loaded = await isolated.start();
  } catch (error) {
    isolated.stop();
    const cause = error instanceof PluginStartError ? error.reason : reasonOf('kit-failure', { failure: 'start', message: (error as Error).message });
    return { plugin: target.pluginArg, source: target.source ?? 'unknown', runs: options.runs, seed: options.seed, status: 'error', ...said(reasonOf('cannot-load', { plugin: target.pluginArg, cause })) };
  }
  const base = { plugin: loaded.label, source: loaded.source, runs: options.runs, seed: options.seed };
  let lastFailure: ReasonData<'property-differs'>['last'];
  const detected = loaded.source;
  if (detected === 'contributor') {
    isolated.stop();
    return { ...base, status: 'error', ...said(reasonOf('property-no-reference', {})) };
  }
  const source: SourceName = detected;
  try {
    const arbitrary = await arbitraryFor(source);
    const reference = pluginFromModule(await referenceModule(source, options.revision), `reference:${source}`, `reference:${source}`, source);
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (scenario) => {
        const expected = await executeScenario(reference.factory, scenario);
        const execution = await isolated.execute(scenario, options.timeoutMs);
        if (execution.kind === 'error') {
          lastFailure = { status: 'error', reason: execution.reason };
          return false;
        }
        const verdict = judgeScenario({ outcomes: expected.outcomes, log: expected.log as never, warnings: expected.warnings, observations: expected.observations }, execution.actual);
        if (verdict.status !== 'pass') lastFailure = { status: 'fail', reason: verdict.reason };
        return verdict.status === 'pass';
      }),
      { seed: options.seed, numRuns: options.runs },
    );
    if (!result.failed) return { ...base, status: 'pass', ...said(reasonOf('property-agrees', { runs: result.numRuns })) };
    if (result.counterexample === null) return { ...base, status: 'error', ...said(reasonOf('property-not-run', { error: String(result.errorInstance ?? 'interrupted') })) };
    const scenario = result.counterexample[0] as GeneratedScenario;
    const file = await writeCounterexample(source, scenario, options);
    return {
      ...base,
      status: 'fail',
      ...said(reasonOf('property-differs', { runs: result.numRuns, seed: result.seed, path: String(result.counterexamplePath), shrinks: result.numShrinks, ...(lastFailure ? { last: lastFailure } : {}) })),
      counterexample: file,
    };
  } finally {
    isolated.stop();
  }
}

async function writeCounterexample(source: SourceName, scenario: GeneratedScenario, options: PropertyOptions): Promise<string> {
  const reference = pluginFromModule(await referenceModule(source, options.revision), `reference:${source}`, `reference:${source}`, source);
  const expected = await executeScenario(reference.factory, scenario);
  const withoutId = {
    format: FIXTURE_FORMAT_VERSION,
    kind: 'scenario' as const,
    source,
    category: 'ordering' as const,
    title: `property counterexample (seed ${options.seed})`,
    rules: [],
    revisions: [options.revision],
    ...scenario,
    expect: { outcomes: expected.outcomes, log: expected.log, warnings: expected.warnings, observations: expected.observations },
    provenance: { generator: 'property-run', seed: options.seed },
  };
  const fixture = ScenarioFixture.parse({ ...withoutId, id: fixtureId(withoutId as unknown as Record<string, unknown>) });
  mkdirSync(options.counterexampleDir, { recursive: true });
  const dir = writeFixture(options.counterexampleDir, fixture);
  return relative(process.cwd(), join(dir)) || dir;
}
