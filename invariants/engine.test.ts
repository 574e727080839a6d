import { describe, expect, it } from 'vitest';
import { LogChecker, defaultCheckOptions, type RuleModule } from './engine.js';
import type { LocatedEvent } from './log/types.js';

/** Dispatch by event type: which hooks a visitor's declared types let through, and in what order. */
function recorder(name: string, calls: string[], types?: { eventTypes?: string[]; afterEventTypes?: string[] }): RuleModule {
  return {
    name,
    source: 'log',
    rules: { [`X-${name}`]: { severity: 'info', title: name, must: name, doc: 'spec/log.md' } },
    messages: { [`X-${name}`]: { seen: () => name } },
    create: (ctx) => ({
      ...(types?.eventTypes ? { eventTypes: new Set(types.eventTypes) } : {}),
      ...(types?.afterEventTypes ? { afterEventTypes: new Set(types.afterEventTypes) } : {}),
      onEvent(ev, model) {
        calls.push(`${name}:before:${String(ev.event.type)}:${model.eventCount}`);
        ctx.report(`X-${name}`, { event: ev, messageId: 'seen', data: {} });
      },
      onAfterEvent(ev, model) {
        calls.push(`${name}:after:${String(ev.event.type)}:${model.eventCount}`);
      },
    }),
  };
}

const at = (type: unknown, seq: number): LocatedEvent => ({ event: { type: type as string, seq, time: seq, data: {} }, loc: { file: 'f', line: seq + 2, byteOffset: 0 } });

describe('LogChecker dispatch', () => {
  it('calls each hook only for declared types, in module order, before and after the model applies', () => {
    const calls: string[] = [];
    const checker = new LogChecker('f', [recorder('all', calls), recorder('some', calls, { eventTypes: ['b'], afterEventTypes: ['a'] }), recorder('only', calls, { eventTypes: ['a'] })]);
    const events = [at('a', 0), at('b', 1), at('a', 2), at(7, 3)];
    for (const ev of events) checker.event(ev);
    expect(calls).toEqual([
      'all:before:a:0', 'only:before:a:0', 'all:after:a:1', 'some:after:a:1', 'only:after:a:1',
      'all:before:b:1', 'some:before:b:1', 'all:after:b:2',
      'all:before:a:2', 'only:before:a:2', 'all:after:a:3', 'some:after:a:3', 'only:after:a:3',
      // A malformed (non-string) type reaches only visitors that declared no types.
      'all:before:7:3', 'all:after:7:4',
    ]);
    expect(checker.end().map((f) => `${f.rule}@${f.seq}`)).toEqual(['X-all@0', 'X-only@0', 'X-all@1', 'X-some@1', 'X-all@2', 'X-only@2', 'X-all@3']);
  });

  it('keeps the previous event on the model for the pre-commit view', () => {
    const seen: Array<number | null> = [];
    const module: RuleModule = { name: 'prev', source: 'log', rules: {}, messages: {}, create: () => ({ onEvent: (_ev, model) => void seen.push(model.lastEvent?.seq ?? null) }) };
    const checker = new LogChecker('f', [module]);
    for (let seq = 0; seq < 3; seq++) checker.event(at('a', seq));
    expect(seen).toEqual([null, 0, 1]);
  });
});

describe('LogChecker containment and caps', () => {
  const judge = (calls: number[]): RuleModule => ({
    name: 'fragile',
    source: 'log',
    rules: { 'X-SEEN': { severity: 'warning', title: 'seen', must: 'seen', doc: 'spec/log.md' } },
    messages: { 'X-SEEN': { seen: () => 'seen' } },
    create: (ctx) => ({
      onEvent(ev) {
        if (ev.event.seq === 1) throw new RangeError('Invalid time value');
        calls.push(ev.event.seq);
        ctx.report('X-SEEN', { event: ev, messageId: 'seen', data: {} });
      },
      onEnd() {
        throw new TypeError('boom');
      },
    }),
  });

  it('an exception in a rule is an error finding at that line and seq, and the next event is judged', () => {
    const calls: number[] = [];
    const checker = new LogChecker('f', [judge(calls)]);
    for (let seq = 0; seq < 4; seq++) checker.event(at('a', seq));
    const findings = checker.end();
    expect(calls).toEqual([0, 2, 3]);
    const crash = findings.find((f) => f.rule === 'LOG-CHECK-1' && f.seq === 1)!;
    expect(crash).toEqual(expect.objectContaining({ severity: 'error', line: 3, seq: 1, specRef: 'spec/log.md#log-check-1' }));
    expect(crash.message).toContain('rule module fragile failed in onEvent');
    expect(crash.message).toContain('RangeError: Invalid time value');
    expect(findings.filter((f) => f.rule === 'X-SEEN').map((f) => f.seq)).toEqual([0, 2, 3]);
    expect(findings.some((f) => f.rule === 'LOG-CHECK-1' && f.message.includes('onEnd') && f.message.includes('TypeError: boom'))).toBe(true);
  });

  it('keeps at most maxFindingsPerRule findings per rule; the rest are counted', () => {
    const checker = new LogChecker('f', [judge([])], { ...defaultCheckOptions(), maxFindingsPerRule: 2 });
    for (let seq = 2; seq < 12; seq++) checker.event(at('a', seq));
    const findings = checker.end();
    expect(findings.filter((f) => f.rule === 'X-SEEN').map((f) => f.seq)).toEqual([2, 3]);
    expect(checker.suppressed).toEqual({ 'X-SEEN': 8 });
    expect(checker.counts).toEqual({ error: 1, warning: 10, info: 0 });
  });
});
