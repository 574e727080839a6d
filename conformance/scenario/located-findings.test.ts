import { describe, expect, it } from 'vitest';
import { allRuleModules } from '../../invariants/rules/index.js';
import { findingsDifference, pinLocations, sortFindings } from './located-findings.js';
import { logFixtureFindings, materialiseLog } from './materialise.js';
import type { LogDraft } from './draft.js';

const header = { type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/p', delegationDepth: 0 };
// seq 1 names turn 2 while turn numbering starts at 1: LOG-TURN-1 at seq 1 (and its consequences).
const events = [
  { type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } },
  { type: 'turn/end', seq: 1, time: 0, data: { turn: 2, reason: { kind: 'completed' } } },
];
const draft = (findings: LogDraft['findings']): LogDraft => ({ source: 'log', category: 'log-structure', title: 't', rules: [], revisions: ['2026-08'], header, log: events, findings });

describe('located expectations of log fixtures', () => {
  it('pins a bare rule id at the place the validator reports it, and checks a located one exactly', async () => {
    const pinned = await materialiseLog(draft(['LOG-TURN-2']), allRuleModules);
    expect(pinned.expect.findings).toEqual([{ rule: 'LOG-TURN-2', seq: 1 }]);
    await expect(materialiseLog(draft([{ rule: 'LOG-TURN-2', seq: 1 }]), allRuleModules)).resolves.toBeDefined();
    // The right rule at the wrong seq is not the same expectation.
    await expect(materialiseLog(draft([{ rule: 'LOG-TURN-2', seq: 0 }]), allRuleModules)).rejects.toThrow(/LOG-TURN-2 at seq 0/);
    await expect(materialiseLog(draft([{ rule: 'LOG-TURN-2', line: 3 }]), allRuleModules)).rejects.toThrow(/expected but not reported: LOG-TURN-2 at line 3/);
  });

  it('a validator that reports the right rule on another event fails the comparison', async () => {
    const got = await logFixtureFindings({ header, log: events }, '2026-08', allRuleModules);
    expect(findingsDifference([{ rule: 'LOG-TURN-2', seq: 1 }], got.findings)).toBeUndefined();
    const moved = got.findings.map((f) => ('seq' in f ? { ...f, seq: f.seq - 1 } : f));
    expect(findingsDifference([{ rule: 'LOG-TURN-2', seq: 1 }], moved)).toBe('expected but not reported: LOG-TURN-2 at seq 1; reported but not expected: LOG-TURN-2 at seq 0');
  });

  it('keeps multiplicity: two findings of one rule are two expectations', () => {
    const twice = [
      { rule: 'A', seq: 3 },
      { rule: 'A', seq: 3 },
    ];
    expect(findingsDifference(twice, [{ rule: 'A', seq: 3 }])).toBe('expected but not reported: A at seq 3');
    expect(pinLocations(['A'], twice)).toBeUndefined();
    expect(pinLocations(['A', 'A'], twice)).toEqual(twice);
  });

  it('sorts by rule, seqs before lines, then place', () => {
    expect(sortFindings([{ rule: 'B', seq: 1 }, { rule: 'A', line: 2 }, { rule: 'A', seq: 9 }, { rule: 'A', line: null }])).toEqual([
      { rule: 'A', seq: 9 },
      { rule: 'A', line: null },
      { rule: 'A', line: 2 },
      { rule: 'B', seq: 1 },
    ]);
  });
});
