import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latestReadingByScan, ReadingIndex } from './reading-index.js';

/**
 * The index must give exactly the answer of a naive backward scan over the whole raw log (DSH's
 * algorithm), including the error the scan throws on a message it cannot inspect, for random logs,
 * random interleavings of appends and lookups, reopened sessions (new objects over copied events),
 * shrunk logs and rewritten arrays. It must also do O(new events) work per lookup, after a first look
 * that walks back only as far as the newest reading.
 */

/** DSH's scan, written out independently of the module under test. */
function oracle(events: readonly any[]): { state: string; time: number } | undefined {
  for (const event of [...events].reverse()) {
    if (event.type === 'user/message' && event.data.source.kind === 'plugin' && event.data.source.plugin === 'tmux-context') {
      const [block] = event.data.content;
      if (block?.type !== 'text') return undefined;
      const newline = block.text.indexOf('\n');
      return { state: newline === -1 ? '' : block.text.slice(newline + 1), time: event.time };
    }
  }
  return undefined;
}

type Verdict = { ok: unknown } | { threw: string };
function verdict(fn: () => unknown): Verdict {
  try {
    return { ok: fn() };
  } catch (error) {
    return { threw: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

const text = fc.constantFrom('tmux location (turn 1):\nsession a\nwindow b', 'tmux location (turn 2):', 'x\ny', '', '\n');
const content = fc.oneof(
  { weight: 5, arbitrary: text.map((t) => [{ type: 'text', text: t }]) },
  { weight: 1, arbitrary: fc.constant([{ type: 'image', data: 'AA==' }]) },
  { weight: 1, arbitrary: fc.constant([]) },
);
/** Events a log can hold: tmux readings of any shape, other messages, other events, rare malformed ones. */
const event = fc.oneof(
  { weight: 4, arbitrary: content.map((c) => ({ type: 'user/message', data: { content: c, source: { kind: 'plugin', plugin: 'tmux-context', form: 'snapshot', sections: [] } } })) },
  { weight: 3, arbitrary: content.map((c) => ({ type: 'user/message', data: { content: c, source: { kind: 'user' } } })) },
  { weight: 1, arbitrary: content.map((c) => ({ type: 'user/message', data: { content: c, source: { kind: 'plugin', plugin: 'time-context' } } })) },
  { weight: 3, arbitrary: fc.constantFrom('turn/start', 'step/start', 'request/header', 'assistant/message', 'tool/result').map((type) => ({ type, data: {} })) },
  { weight: 1, arbitrary: fc.constantFrom({ type: 'user/message', data: {} }, { type: 'user/message' }, { type: 'user/message', data: { source: null } }) },
);

type Op = { kind: 'append'; events: object[] } | { kind: 'lookup' } | { kind: 'reopen' } | { kind: 'truncate'; keep: number } | { kind: 'copy-array' };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.array(event, { maxLength: 6 }).map((events) => ({ kind: 'append' as const, events })) },
  { weight: 5, arbitrary: fc.constant({ kind: 'lookup' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
  { weight: 1, arbitrary: fc.nat(20).map((keep) => ({ kind: 'truncate' as const, keep })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'copy-array' as const }) },
);

describe('ReadingIndex', () => {
  it('answers exactly what the backward scan answers (value or error), under appends, reopens, truncation and copies', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const index = new ReadingIndex();
        let time = 1000;
        let session: { events: any[] } = { events: [] };
        for (const o of ops) {
          switch (o.kind) {
            case 'append':
              for (const e of o.events) session.events.push(Object.freeze({ ...e, seq: session.events.length, time: time++ }));
              break;
            case 'reopen':
              // A restart: a new session object over structured copies of the events.
              session = { events: session.events.map((e) => Object.freeze(structuredClone(e))) };
              break;
            case 'truncate':
              session.events.length = Math.min(session.events.length, o.keep);
              break;
            case 'copy-array':
              // Same session object, a new array holding the same event objects.
              session.events = [...session.events];
              break;
            case 'lookup':
              expect(verdict(() => index.latest(session))).toEqual(verdict(() => oracle(session.events)));
              break;
          }
        }
        expect(verdict(() => index.latest(session))).toEqual(verdict(() => oracle(session.events)));
        expect(verdict(() => latestReadingByScan(session))).toEqual(verdict(() => oracle(session.events)));
      }),
      { seed: 0x7a11, numRuns: 400 },
    );
  });

  it('inspects only the distance back to the newest reading on first sight, then each appended event once', () => {
    /** How far back DSH's scan walks: to the newest event it stops at (a reading or a malformed message), else the whole log. */
    const distanceBack = (events: readonly any[]): number => {
      for (let i = events.length - 1; i >= 0; i--) {
        const e = events[i];
        if (e.type === 'user/message' && (e.data?.source == null || (e.data.source.kind === 'plugin' && e.data.source.plugin === 'tmux-context'))) return events.length - i;
      }
      return events.length;
    };
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), fc.array(fc.array(event, { maxLength: 8 }), { maxLength: 30 }), (initial, batches) => {
        const index = new ReadingIndex();
        const session = { events: initial.map((e, seq) => Object.freeze({ ...e, seq, time: 0 })) as any[] };
        verdict(() => index.latest(session));
        expect(index.inspected).toBe(distanceBack(session.events));
        for (const batch of batches) {
          const before = index.inspected;
          for (const e of batch) session.events.push(Object.freeze({ ...e, seq: session.events.length, time: 0 }));
          verdict(() => index.latest(session));
          verdict(() => index.latest(session));
          expect(index.inspected - before).toBe(session.events.length === batch.length ? distanceBack(session.events) : batch.length);
        }
      }),
      { seed: 0x7a12, numRuns: 200 },
    );
  });

  it('rebuilds from the log after a shrink that replaced events (never trusts what it saw before)', () => {
    const index = new ReadingIndex();
    const reading = (t: string, time: number) => Object.freeze({ type: 'user/message', seq: 0, time, data: { content: [{ type: 'text', text: t }], source: { kind: 'plugin', plugin: 'tmux-context' } } });
    const session = { events: [reading('a\nfirst', 1), { type: 'turn/start', seq: 1, time: 2, data: {} }] as any[] };
    expect(index.latest(session)).toEqual({ state: 'first', time: 1 });
    session.events.splice(0, 2, reading('a\nsecond', 5));
    session.events.push({ type: 'turn/start', seq: 1, time: 6, data: {} });
    expect(index.latest(session)).toEqual({ state: 'second', time: 5 });
  });
});
