import { describe, expect, it } from 'vitest';
import { defaultCheckOptions, LogChecker } from '../../../invariants/engine.js';
import type { SessionEvent } from '../../../invariants/log/types.js';
import { ruleCases } from '../../generators/agent-instructions/cases.js';
import { agentInstructionsRules } from '../../../invariants/rules/agent-instructions/index.js';
import { agentInstructionsRuleMeta } from '../../../invariants/rules/agent-instructions/meta.js';
import { readFileSync } from 'node:fs';

function check(events: readonly unknown[], configs = {}) {
  const checker = new LogChecker('case.jsonl', [agentInstructionsRules], { ...defaultCheckOptions(), configs });
  checker.header({ type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/proj', delegationDepth: 0 }, { file: 'case.jsonl', line: 1, byteOffset: 0 });
  events.forEach((event, i) => checker.event({ event: event as SessionEvent, loc: { file: 'case.jsonl', line: i + 2, byteOffset: 0 } }));
  return checker.end();
}

describe('agent-instructions rules', () => {
  for (const c of ruleCases()) {
    it(c.title, () => {
      const findings = check(c.events, c.configs);
      expect(findings.filter((f) => f.severity !== 'info').map((f) => f.rule).sort()).toEqual([...c.findings].sort());
    });
  }

  it('has a case producing every rule id (the spec text is checked by invariants/rules/spec-sentences.test.ts)', () => {
    const produced = new Set(ruleCases().flatMap((c) => c.findings));
    for (const id of Object.keys(agentInstructionsRuleMeta)) expect(produced.has(id), id).toBe(true);
  });

  it('never throws on malformed workspace payloads', () => {
    const junk = [null, 1, 'x', [], { kind: 'agent-instructions' }, { kind: 'agent-instructions', changes: 'x' }, { kind: 'agent-instructions', changes: [null, 1, { action: 'remove' }] }];
    const events = junk.map((source, seq) => ({ type: 'user/message', seq, time: seq, data: { content: 'x', source }, surfaceOp: 'append' }));
    expect(() => check(events)).not.toThrow();
  });
});
