import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureOf, randomScenario, randomSuccessfulScenario } from '../../generators/session-reference/random.js';
import { logFixtures } from '../../generators/session-reference.js';
import { pluginFromModule } from '../../loader/load-plugin.js';
import { executeScenario } from '../../scenario/execute.js';
import * as reference from '../../../reference/session-reference/index.js';
import { LogChecker, defaultCheckOptions, type KnownConfigs } from '../../../invariants/engine.js';
import type { SessionEvent, SessionHeader } from '../../../invariants/log/types.js';
import { sessionReferenceRules } from '../../../invariants/rules/session-reference/index.js';

function check(header: SessionHeader, log: readonly SessionEvent[], configs: KnownConfigs = {}): string[] {
  const checker = new LogChecker('t.jsonl', [sessionReferenceRules], { ...defaultCheckOptions(), configs });
  checker.header(header, { file: 't.jsonl', line: 1, byteOffset: 0 });
  log.forEach((event, i) => checker.event({ event, loc: { file: 't.jsonl', line: i + 2, byteOffset: 0 } }));
  return checker.end().map((f) => f.rule).sort();
}

describe('session-reference rules', () => {
  it('report exactly the stated rule ids on every log fixture (one per rule and defect)', async () => {
    for (const draft of await logFixtures()) {
      const configs = (draft.config ?? {}) as KnownConfigs;
      expect(check(draft.header as SessionHeader, draft.log as SessionEvent[], configs), draft.title).toEqual([...draft.findings].sort());
    }
  });

  it('never fire on logs the reference produces, whatever the sessions, mentions, budgets and failures', async () => {
    const plugin = pluginFromModule(reference, 'reference', 'reference', 'session-reference');
    let contexts = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(randomScenario, randomSuccessfulScenario), async (s) => {
        const fixture = fixtureOf(s) as { config: { maxReferences: number; maxReferenceBytes: number } };
        const actual = await executeScenario(plugin.factory, fixture as never);
        contexts += actual.rawLog.filter((e) => (e.data as { source?: { kind?: string } })?.source?.kind === 'session-reference').length;
        expect(check(actual.header, actual.rawLog, { 'session-reference': fixture.config })).toEqual([]);
      }),
      { seed: 99, numRuns: 300 },
    );
    expect(contexts).toBeGreaterThan(100);
  });
});
