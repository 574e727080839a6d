import { LogChecker, defaultCheckOptions, type KnownConfigs } from '../../invariants/engine.js';
import { allRuleModules } from '../../invariants/rules/index.js';
import type { SpecRevision } from '../../spec/revisions.js';
import type { PluginFactory } from '../host/index.js';
import { renderReason } from '../results/messages.js';
import { reasonOf } from '../results/reasons.js';
import { judgeScenario, type Verdict } from '../scenario/compare.js';
import { executeScenario, type ScenarioActual } from '../scenario/execute.js';
import type { ScenarioFixture } from '../scenario/schema.js';

export interface FixtureJudgement extends Verdict {
  rules?: string[];
  actual: ScenarioActual;
}

/**
 * Judge what a plugin did in one scenario fixture: the expectation first, then the same invariant
 * rules `check` applies, over the events the plugin's run added to the log. A violation there fails
 * the fixture even when the expectation matched (it would mean the suite's expectation itself is
 * wrong, which the reference's own run guards against). Runs in the kit's process, never beside the
 * plugin: `actual` is data the plugin's process reported, already validated.
 */
export function judgeActual(fixture: ScenarioFixture, actual: ScenarioActual, revision: SpecRevision): FixtureJudgement {
  const verdict = judgeScenario(fixture.expect, actual);
  if (verdict.status !== 'pass') return { ...verdict, actual };
  const options = { ...defaultCheckOptions(), revision, configs: (fixture.config ? { [fixture.source]: fixture.config } : {}) as KnownConfigs };
  const checker = new LogChecker('(scenario log)', allRuleModules, options);
  checker.header(actual.header, { file: '(scenario log)', line: 1, byteOffset: 0 });
  actual.rawLog.forEach((event, i) => checker.event({ event, loc: { file: '(scenario log)', line: i + 2, byteOffset: 0 } }));
  const initial = fixture.log.length;
  const violations = checker.end().filter((f) => f.severity === 'error' && (f.seq === null || f.seq >= initial));
  if (violations.length === 0) return { ...verdict, actual };
  const reason = reasonOf('invariant-violation', { violations: violations.map((v) => ({ rule: v.rule, seq: v.seq })), finding: violations[0].message });
  return {
    status: 'fail',
    reason,
    message: renderReason(reason),
    rules: [...new Set(violations.map((v) => v.rule))],
    ...(verdict.infos ? { infos: verdict.infos } : {}),
    ...(verdict.warnings ? { warnings: verdict.warnings } : {}),
    actual,
  };
}

/** Execute and judge in this process: only for trusted code (the references, mutants, the suite's own tests). */
export async function judgeFixture(plugin: PluginFactory, fixture: ScenarioFixture, revision: SpecRevision): Promise<FixtureJudgement> {
  return judgeActual(fixture, await executeScenario(plugin, fixture), revision);
}
