import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEMPLATES, renderReason, resultMessage } from './messages.js';
import { reasonProblems } from './consistency.js';
import { VerdictReason, reasonOf, type ReasonCode } from './reasons.js';

/** Every code of the set, read from the schema itself (nested unions included). */
function codesOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(codesOf);
  if (schema instanceof z.ZodObject) return [(schema.shape.code as z.ZodLiteral<string>).value];
  throw new Error('unexpected schema in VerdictReason');
}

describe('verdict reasons', () => {
  const codes = codesOf(VerdictReason);

  it('every code has exactly one template, and every template a code', () => {
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(TEMPLATES).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(typeof TEMPLATES[code as ReasonCode], code).toBe('function');
  });

  it('an unknown code, or data of another code, does not compile', () => {
    // @ts-expect-error 'no-such-code' is not a reason code
    const unknown: VerdictReason = { code: 'no-such-code', data: {} };
    // @ts-expect-error a timeout's data is { during, timeoutMs }
    reasonOf('timeout', { ms: 10 });
    // @ts-expect-error the builder takes codes of the set only
    reasonOf('outcome-differs', {});
    expect(VerdictReason.safeParse(unknown).success).toBe(false);
  });

  // The words existing reports print, unchanged by the move to data.
  it.each([
    [reasonOf('ok', {}), 'ok'],
    [reasonOf('timeout', { during: 'scenario', timeoutMs: 500 }), 'the scenario did not finish within --timeout 500 ms (the plugin hung or looped)'],
    [reasonOf('timeout', { during: 'load', timeoutMs: 10000 }), 'loading the plugin did not finish within --timeout 10000 ms (the plugin hung or looped)'],
    [reasonOf('timeout', { during: 'startup', timeoutMs: 30000 }), 'the plugin process did not start within 30000 ms'],
    [reasonOf('crash', { how: 'exit', exitCode: 3, signal: null }), 'the plugin ended the process (exit code 3)'],
    [reasonOf('crash', { how: 'exit', exitCode: null, signal: 'SIGKILL' }), 'the plugin ended the process (exit code null, signal SIGKILL)'],
    [reasonOf('crash', { how: 'threw', message: 'boom', denied: [{ permission: 'FileSystemRead', resource: '/etc' }] }), 'the plugin broke the host while running the scenario: boom (denied: FileSystemRead /etc)'],
    [
      reasonOf('cannot-load', { plugin: './p.js', cause: reasonOf('load-failed', { message: 'Error: nope', stack: 'at x' }) }),
      'cannot load plugin ./p.js: Error: nope\nat x',
    ],
    [reasonOf('protocol-violation', { violation: 'malformed', path: '', issue: 'Invalid input' }), 'the plugin process sent a malformed message: (root): Invalid input'],
    [
      reasonOf('sandbox-denied', { denied: [{ permission: 'ChildProcess', resource: 'x' }], then: reasonOf('warnings-difference', { expected: [], actual: ['w'] }) }),
      'the plugin tried what the conformance sandbox denies (ChildProcess x); then: logged warnings differ: expected [], got ["w"]',
    ],
    [
      reasonOf('log-difference', { path: 'log[3].data.content[0].text', change: 'changed', event: { seq: 3, type: 'user/message', source: { kind: 'plugin', plugin: 'time' }, text: 'a' }, at: 'data.content[0].text', text: { line: 2, expected: 'b', actual: null } }),
      'durable log differs: seq 3 user/message source plugin/time, at data.content[0].text: text line 2: expected "b", got (no line)',
    ],
    [
      reasonOf('invariant-violation', { violations: [{ rule: 'TC-1', seq: 4 }, { rule: 'TC-2', seq: null }], finding: 'late' }),
      'the log the plugin produced violates TC-1 at seq 4: late (+1 more)',
    ],
  ] as const)('%j renders as before', (reason, text) => {
    expect(renderReason(reason)).toBe(text);
    expect(reasonProblems({ message: text, reason })).toEqual([]);
  });

  it('a report from before reasons keeps its own message; a mismatch is reported', () => {
    expect(resultMessage({ message: 'durable log differs (old)' })).toBe('durable log differs (old)');
    expect(reasonProblems({ message: 'other', reason: reasonOf('ok', {}) })).toHaveLength(1);
    expect(reasonProblems({ message: 'ok', reason: { code: 'ok', data: { extra: undefined } } })).toHaveLength(1);
  });
});
