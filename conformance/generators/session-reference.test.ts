import { describe, expect, it } from 'vitest';
import { allRuleModules } from '../../invariants/rules/index.js';
import { materialiseLog, materialiseScenario, type UpstreamCheck } from '../scenario/materialise.js';
import { logFixtures, scenarios } from './session-reference.js';

/**
 * Generation is the check: every scenario's intended outcomes must match the reference, and the
 * published @deepseek-ai/dsh-session-reference@0.1.0-rc.8 must produce the identical log; every log
 * fixture must produce exactly the rule ids it states.
 */
describe('session-reference generator', () => {
  it('materialises every scenario, and upstream agrees with each one', async () => {
    const checks: UpstreamCheck[] = [];
    const drafts = scenarios();
    for (const draft of drafts) await materialiseScenario(draft, checks);
    expect(checks.filter((c) => c.status !== 'agrees')).toEqual([]);
    expect(checks.length).toBe(drafts.length * 2);
  });

  it('materialises every log fixture with exactly its stated findings, covering every SR rule', async () => {
    const drafts = await logFixtures();
    for (const draft of drafts) await materialiseLog(draft, allRuleModules);
    const violated = new Set(drafts.flatMap((d) => d.findings));
    const sr = allRuleModules.find((m) => m.name === 'session-reference')!;
    expect([...violated].sort()).toEqual(Object.keys(sr.rules).sort());
  });
});
