import { describe, expect, it } from 'vitest';
import { judgeRecord } from './judge.js';
import { judgeReplay, replayPoints } from './replay.js';
import type { TracedActual } from './executor.js';
import type { PreStepRecord, TracedDecision } from './trace.js';

// The single-decision rules over hand-built trace records: each rule fires on its pattern and on
// nothing else (the corpus covers the same rules end to end through generated sessions).
const user = (id: string, text: string) => ({ id, role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } });
const mine = (id: string, text: string, source: unknown = { kind: 'plugin', plugin: 'me' }) => ({ id, role: 'user', content: [{ type: 'text', text }], source });
const enter = (...messages: unknown[]): TracedDecision => ({ kind: 'enter', messages });
const record = (downstream: TracedDecision | null, returned: TracedDecision, extra: Partial<PreStepRecord> = {}): PreStepRecord => ({
  turn: 1, step: 1, abortedOnEntry: false, abortedAfterNext: false, downstream, returned, mutatedSeqs: [], serviceFailures: [], ...extra,
});
const rules = (r: PreStepRecord) => judgeRecord(r, { pluginName: 'me' }).map((f) => f.rule);
const a = user('a', 'hi');
const b = mine('b', 'other', { kind: 'plugin', plugin: 'other' });

describe('judgeRecord', () => {
  it('a correct append passes', () => expect(rules(record(enter(a, b), enter(a, b, mine('c', 'ctx'))))).toEqual([]));
  it('CTX-APPEND-1: a downstream message dropped, or reordered', () => {
    expect(rules(record(enter(a, b), enter(a, mine('c', 'ctx'))))).toEqual(['CTX-APPEND-1']);
    expect(rules(record(enter(a, b), enter(b, a)))).toEqual(['CTX-APPEND-1']);
    expect(rules(record(null, enter(mine('c', 'ctx'))))).toEqual(['CTX-APPEND-1']);
  });
  it('CTX-APPEND-2: an edited message, an edited durable event', () => {
    expect(rules(record(enter(a), enter({ ...a, content: [{ type: 'text', text: 'HI' }] })))).toEqual(['CTX-APPEND-2']);
    expect(rules(record(enter(a), enter(a), { mutatedSeqs: [3] }))).toEqual(['CTX-APPEND-2']);
  });
  it('CTX-APPEND-3: context before a downstream message', () => expect(rules(record(enter(a, b), enter(a, mine('c', 'ctx'), b)))).toEqual(['CTX-APPEND-3']));
  it('CTX-SOURCE-1..4', () => {
    expect(rules(record(enter(a), enter(a, { id: 'c', content: [] })))).toEqual(['CTX-SOURCE-1']);
    expect(rules(record(enter(a), enter(a, mine('c', 'x', { kind: 'user-rpc' }))))).toEqual(['CTX-SOURCE-2']);
    expect(rules(record(enter(a), enter(a, mine('c', 'x', { kind: 'plugin', plugin: 'compact' }))))).toEqual(['CTX-SOURCE-3']);
    expect(rules(record(enter(a), enter(a, { ...mine('c', 'x'), $lossy: ['message.at is undefined'] })))).toEqual(['CTX-SOURCE-4']);
  });
  it('CTX-REJECT-1, CTX-CONTAIN-1, CTX-CONTAIN-2', () => {
    expect(rules(record({ kind: 'reject' }, enter(mine('c', 'x'))))).toEqual(['CTX-REJECT-1']);
    expect(rules(record({ kind: 'reject' }, { kind: 'reject' }))).toEqual([]);
    expect(rules(record(enter(a), { kind: 'threw', name: 'TypeError', message: 'x' }))).toEqual(['CTX-CONTAIN-1']);
    expect(rules(record({ kind: 'threw', name: 'Error', message: 'down' }, enter(a)))).toEqual(['CTX-CONTAIN-2']);
    expect(rules(record({ kind: 'threw', name: 'Error', message: 'down' }, { kind: 'threw', name: 'Error', message: 'down' }))).toEqual([]);
  });
  it('CTX-ABORT-1/2 only when the signal is aborted', () => {
    expect(rules(record(enter(a), enter(a, mine('c', 'x')), { abortedAfterNext: true }))).toEqual(['CTX-ABORT-1']);
    expect(rules(record(enter(a), { kind: 'threw', name: 'AbortError', message: 'aborted' }, { abortedOnEntry: true }))).toEqual(['CTX-ABORT-2']);
    expect(rules(record(enter(a), enter(a), { abortedOnEntry: true }))).toEqual([]);
  });
});

describe('judgeReplay', () => {
  const run = (r: PreStepRecord): TracedActual => ({ outcomes: [], log: [], rawLog: [], header: {} as never, warnings: [], observations: {}, trace: { preSteps: [r], serviceCalls: {}, missingServices: [] } });
  it('same decision with new ids is equal; another text is CTX-REPLAY-1; only another source is CTX-SOURCE-5', () => {
    const lived = run(record(enter(a), enter(a, mine('00000000-0000-4000-8000-000000000001', 'ctx'))));
    expect(judgeReplay(lived, run(record(enter(a), enter(a, mine('00000000-0000-4000-8000-000000000002', 'ctx')))))).toEqual([]);
    expect(judgeReplay(lived, run(record(enter(a), enter(a)))).map((f) => f.rule)).toEqual(['CTX-REPLAY-1']);
    expect(judgeReplay(lived, run(record(enter(a), enter(a, mine('00000000-0000-4000-8000-000000000003', 'ctx', { kind: 'plugin', plugin: 'me', at: 2 }))))).map((f) => f.rule)).toEqual(['CTX-SOURCE-5']);
  });
  it('one replay per pre-step not already preceded by a restart, cut after it', () => {
    const points = replayPoints({ env: {} as never, log: [], actions: [{ do: 'pre-step' }, { do: 'restart' }, { do: 'pre-step' }, { do: 'clock', advance: 1 }, { do: 'pre-step' }, { do: 'turn-end' }] });
    expect(points.map((p) => p.inputs.actions.map((x) => x.do))).toEqual([['restart', 'pre-step'], ['pre-step', 'restart', 'pre-step', 'clock', 'restart', 'pre-step']]);
  });
});
