import { LogChecker, defaultCheckOptions, type KnownConfigs, type RuleModule } from '../../invariants/engine.js';
import type { SpecRevision } from '../../spec/revisions.js';
import type { PluginFactory } from '../host/index.js';
import { judgeScenario, type Verdict } from '../scenario/compare.js';
import { executeScenario, type ScenarioActual } from '../scenario/execute.js';
import type { ScenarioFixture } from '../scenario/schema.js';

/** The rule modules, loaded on first use (a typed literal import: the child process never needs them). */
async function loadRuleModules(): Promise<readonly RuleModule[]> {
  return (await import('../../invariants/rules/index.js')).allRuleModules;
}

export interface FixtureJudgement extends Verdict {
  rules?: string[];
  actual: ScenarioActual;
}

/**
 * Run one scenario fixture against one plugin and judge it: the expectation first, then the same
 * invariant rules `check` applies, over the events the plugin's run added to the log. A violation
 * there fails the fixture even when the expectation matched (it would mean the suite's expectation
 * itself is wrong, which the reference's own run guards against).
 */
export async function judgeFixture(plugin: PluginFactory, fixture: ScenarioFixture, spec: SpecRevision): Promise<FixtureJudgement> {
  const actual = await executeScenario(plugin, fixture);
  const verdict = judgeScenario(fixture.expect, actual);
  if (verdict.status !== 'pass') return { ...verdict, actual };
  const options = { ...defaultCheckOptions(), spec, configs: (fixture.config ? { [fixture.source]: fixture.config } : {}) as KnownConfigs };
  const checker = new LogChecker('(scenario log)', await loadRuleModules(), options);
  checker.header(actual.header, { file: '(scenario log)', line: 1, byteOffset: 0 });
  actual.rawLog.forEach((event, i) => checker.event({ event, loc: { file: '(scenario log)', line: i + 2, byteOffset: 0 } }));
  const initial = fixture.log.length;
  const violations = checker.end().filter((f) => f.severity === 'error' && (f.seq === null || f.seq >= initial));
  if (violations.length === 0) return { ...verdict, actual };
  const first = violations[0];
  return {
    status: 'fail',
    message: `the log the plugin produced violates ${first.rule} at seq ${first.seq}: ${first.message}${violations.length > 1 ? ` (+${violations.length - 1} more)` : ''}`,
    rules: [...new Set(violations.map((v) => v.rule))],
    actual,
  };
}
