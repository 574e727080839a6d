import fc from 'fast-check';
import { contributorRules, type ContributorRuleId } from '../../invariants/rules/contributor/catalog.js';
import { explain } from './explain.js';
import type { ScenarioExecutor, ScenarioInputs } from './executor.js';
import { contributorFixtureId, writeContributorFixture, type StoredContributorFixture } from './fixture.js';
import type { ContributorFinding } from './findings.js';
import { judgeRun } from './judge.js';
import { judgeReplay, replayPoints } from './replay.js';
import type { Waiver } from './waivers.js';

/**
 * The contributor-pattern suite: generated sessions (fast-check), each run once as lived and once per
 * pre-step with a restart just before it; every rule judged over the runs. A failing rule's session
 * is shrunk, explained, and written as a fixture; the property then runs again without that rule, so
 * each failing rule gets its own minimal session (bounded by the number of rules).
 */

export interface SuiteOptions {
  executor: ScenarioExecutor;
  sessions: fc.Arbitrary<ScenarioInputs>;
  pluginName?: string;
  waivers: readonly Waiver[];
  runs: number;
  seed: number;
  /** `--config`: merged into every session's config (keys a session sets win). */
  config?: Record<string, unknown>;
  /** Where shrunk failures are written (`<dir>/contributor/<id>/`); none: not written. */
  counterexampleDir?: string;
}

export interface RuleOutcome {
  rule: ContributorRuleId;
  status: 'pass' | 'fail' | 'waived' | 'noted';
  /** The first finding (fail: in the minimal session). */
  finding?: ContributorFinding;
  explanation?: string;
  fixture?: string;
  waiver?: Waiver;
}

export interface SuiteResult {
  runs: number;
  seed: number;
  rules: RuleOutcome[];
  /** Info and warning findings seen (deduplicated by rule and message, at most 5 per rule). */
  notes: ContributorFinding[];
  /** The kit could not run a session (`Not testable: …`). */
  error?: string;
}

export type SessionVerdict = { findings: ContributorFinding[] } | { error: string };

/** Run one session as lived and with a restart before each pre-step; judge every rule. */
export async function judgeSession(executor: ScenarioExecutor, inputs: ScenarioInputs, pluginName?: string): Promise<SessionVerdict> {
  const lived = await executor(inputs);
  if ('error' in lived) return lived;
  const findings = judgeRun(lived, inputs.log.length, { pluginName });
  for (const point of replayPoints(inputs)) {
    const replayed = await executor(point.inputs);
    if ('error' in replayed) return replayed;
    findings.push(...judgeReplay(lived, replayed));
  }
  return { findings };
}

const withConfig = (s: ScenarioInputs, config?: Record<string, unknown>): ScenarioInputs =>
  config && Object.keys(config).length ? { ...s, config: { ...config, ...(s.config ?? {}) } } : s;

export async function runContributorSuite(options: SuiteOptions): Promise<SuiteResult> {
  const waived = new Map(options.waivers.map((w) => [w.rule, w]));
  const failed = new Map<ContributorRuleId, RuleOutcome>();
  const notes = new Map<string, ContributorFinding>();
  const perRule = new Map<string, number>();
  const note = (f: ContributorFinding) => {
    const key = `${f.rule}\u0000${f.message}`;
    if (notes.has(key) || (perRule.get(f.rule) ?? 0) >= 5) return;
    notes.set(key, f);
    perRule.set(f.rule, (perRule.get(f.rule) ?? 0) + 1);
  };
  const blocking = (findings: ContributorFinding[]) => findings.filter((f) => f.severity === 'error' && !waived.has(f.rule) && !failed.has(f.rule));
  let error: string | undefined;
  const rounds = Object.keys(contributorRules).length;
  for (let round = 0; round < rounds; round++) {
    // The findings of the last failing session fast-check tried (after shrinking: the minimal one).
    let lastBad: ContributorFinding[] = [];
    const result = await fc.check(
      fc.asyncProperty(options.sessions, async (session) => {
        const verdict = await judgeSession(options.executor, withConfig(session, options.config), options.pluginName);
        if ('error' in verdict) throw new Error(verdict.error);
        for (const f of verdict.findings) if (f.severity !== 'error') note(f);
        const bad = blocking(verdict.findings);
        if (bad.length) lastBad = bad;
        return bad.length === 0;
      }),
      { seed: options.seed + round, numRuns: options.runs },
    );
    if (!result.failed) break;
    if (result.counterexample === null) {
      error = `Not testable: ${String((result.errorInstance as unknown as Error | undefined)?.message ?? result.errorInstance ?? 'the property was interrupted')}`;
      break;
    }
    const minimal = withConfig(result.counterexample[0] as ScenarioInputs, options.config);
    const verdict = await judgeSession(options.executor, minimal, options.pluginName);
    if ('error' in verdict) {
      error = `Not testable: ${verdict.error}`;
      break;
    }
    let bad = blocking(verdict.findings);
    // A session that failed and passes when run again: the plugin's decisions depend on something
    // outside the durable log that outlived the run (an external store). Keep what it did then.
    const unrepeatable = bad.length === 0;
    if (unrepeatable) bad = lastBad;
    if (bad.length === 0) {
      error = `Not testable: the property failed (seed ${result.seed}, path ${result.counterexamplePath}) but no finding was kept`;
      break;
    }
    const rules = [...new Set(bad.map((f) => f.rule))];
    const again = unrepeatable ? '\n(When run again the same session passed: the plugin keeps state outside the durable log, which outlived the run.)' : '';
    const explanation = explain(bad[0], minimal) + again;
    let fixture: string | undefined;
    if (options.counterexampleDir) {
      const id = contributorFixtureId(minimal, rules);
      fixture = writeContributorFixture(options.counterexampleDir, {
        format: 1,
        kind: 'contributor',
        id,
        title: `${rules.join(', ')}: ${bad[0].message}`.slice(0, 200),
        rules,
        explanation,
        ...(options.pluginName ? { plugin: options.pluginName } : {}),
        waived: [...waived.keys()],
        ...(minimal.config ? { config: minimal.config } : {}),
        env: minimal.env,
        log: minimal.log,
        actions: minimal.actions,
        provenance: { generator: 'contributor-suite', seed: options.seed + round },
      });
    }
    for (const rule of rules) {
      const first = bad.find((f) => f.rule === rule)!;
      failed.set(rule, { rule, status: 'fail', finding: first, explanation: rule === bad[0].rule ? explanation : explain(first, minimal) + again, ...(fixture ? { fixture } : {}) });
    }
  }
  const noted = [...notes.values()];
  const rules = (Object.keys(contributorRules) as ContributorRuleId[]).map((rule): RuleOutcome => {
    const waiver = waived.get(rule);
    if (waiver) return { rule, status: 'waived', waiver };
    const f = failed.get(rule);
    if (f) return f;
    const seen = noted.find((n) => n.rule === rule);
    return seen ? { rule, status: 'noted', finding: seen } : { rule, status: 'pass' };
  });
  return { runs: options.runs, seed: options.seed, rules, notes: noted, ...(error ? { error } : {}) };
}

/** Judge stored contributor fixtures again (`--fixtures DIR`): each must no longer break its rules. */
export async function replayContributorFixtures(executor: ScenarioExecutor, stored: readonly StoredContributorFixture[], pluginName: string | undefined, waivers: readonly Waiver[]) {
  const waived = new Set(waivers.map((w) => w.rule));
  const out: Array<{ stored: StoredContributorFixture; status: 'pass' | 'fail' | 'error'; message: string }> = [];
  for (const s of stored) {
    const verdict = await judgeSession(executor, s.fixture, pluginName);
    if ('error' in verdict) {
      out.push({ stored: s, status: 'error', message: verdict.error });
      continue;
    }
    const bad = verdict.findings.filter((f) => f.severity === 'error' && !waived.has(f.rule));
    out.push(bad.length ? { stored: s, status: 'fail', message: explain(bad[0], s.fixture) } : { stored: s, status: 'pass', message: `no longer breaks ${s.fixture.rules.join(', ')}` });
  }
  return out;
}
