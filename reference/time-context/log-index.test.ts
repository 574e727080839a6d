import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimedZone } from './browser-zone.js';
import { indexFor, isModelVisibleEvent, isReadingEvent, LogIndex, type LogEvent } from './log-index.js';

/**
 * The index must answer exactly what a naive backward scan of the whole log answers (the published
 * plugin's algorithm), for random logs, random append sequences, reopened sessions and rewritten arrays.
 */

function naiveLatestReading(events: readonly LogEvent[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (isReadingEvent(events[i])) return events[i].time;
  return undefined;
}
function naiveModelVisible(events: readonly LogEvent[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (isModelVisibleEvent(events[i])) return events[i].time;
  return undefined;
}
function naiveReadingInTurn(events: readonly LogEvent[], turn: number): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'turn/start' && (e.data as { turn: unknown }).turn === turn) return undefined;
    if (isReadingEvent(e)) return e.time;
  }
  return undefined;
}
function naiveZones(events: readonly LogEvent[], turn: number): string[] {
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === 'turn/start' && (events[i].data as { turn: unknown }).turn === turn) {
      start = i;
      break;
    }
  }
  if (start < 0) return [];
  return events.slice(start + 1).flatMap((e) => {
    if (e.type !== 'user/message') return [];
    const zone = claimedZone((e.data as { source?: unknown }).source);
    return zone === undefined ? [] : [zone];
  });
}

const TURNS = [1, 2, 3, 4];
const eventArb: fc.Arbitrary<Omit<LogEvent, 'seq'>> = fc.oneof(
  fc.record({ type: fc.constant('turn/start'), time: fc.integer({ min: 0, max: 1e6 }), data: fc.record({ turn: fc.constantFrom(...TURNS) }) }),
  fc.record({ type: fc.constantFrom('step/start', 'step/end', 'turn/end', 'request/header', 'tool/call', 'compaction/start'), time: fc.integer({ min: 0, max: 1e6 }), data: fc.constant({}) }),
  fc.record({ type: fc.constantFrom('assistant/message', 'tool/result'), time: fc.integer({ min: 0, max: 1e6 }), data: fc.constant({}) }),
  fc.record({
    type: fc.constant('user/message'),
    time: fc.integer({ min: 0, max: 1e6 }),
    data: fc.record({
      source: fc.oneof(
        fc.constant({ kind: 'plugin', plugin: 'time-context', form: 'snapshot' }),
        fc.constant({ kind: 'plugin', plugin: 'time-context' }),
        fc.constant({ kind: 'plugin', plugin: 'compact' }),
        fc.constant({ kind: 'user' }),
        fc.record({ kind: fc.constant('user'), rpcId: fc.constant('r'), clientTimeZone: fc.constantFrom('UTC', 'Asia/Tokyo', 'bad zone') }),
        fc.record({ kind: fc.constant('user'), clientTimeZone: fc.constant('Asia/Tokyo') }),
      ),
    }),
  }),
);

/** What happens to the session between two queries. */
const stepArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('append' as const), events: fc.array(eventArb, { maxLength: 6 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'reopen' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), keep: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rewriteTail' as const), event: eventArb }) },
);

function check(session: { events: LogEvent[] }): void {
  const index = indexFor(session);
  const events = session.events;
  expect(index.latestReadingTime()).toBe(naiveLatestReading(events));
  expect(index.latestModelVisibleTime()).toBe(naiveModelVisible(events));
  for (const turn of [...TURNS, 99]) {
    expect(index.readingTimeInTurn(turn)).toBe(naiveReadingInTurn(events, turn));
    expect(index.zoneClaimsInTurn(turn)).toEqual(naiveZones(events, turn));
  }
}

describe('log index', () => {
  it('answers what a naive backward scan answers, across appends, reopen, truncation and tail rewrites', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), fc.array(stepArb, { maxLength: 12 }), (initial, steps) => {
        let session = { events: initial.map((e, seq) => ({ ...e, seq })) as LogEvent[] };
        check(session);
        for (const step of steps) {
          switch (step.op) {
            case 'append':
              for (const e of step.events) session.events.push({ ...e, seq: session.events.length });
              break;
            case 'reopen':
              // A restart: a new session object over a copy of the same durable events.
              session = { events: session.events.map((e) => ({ ...e })) };
              break;
            case 'truncate':
              session.events.length = Math.min(session.events.length, step.keep % (session.events.length + 1));
              break;
            case 'rewriteTail':
              // Not something an append-only log does; the index must notice rather than answer stale.
              if (session.events.length > 0) session.events[session.events.length - 1] = { ...step.event, seq: session.events.length - 1 };
              break;
          }
          check(session);
        }
      }),
      { seed: 4004, numRuns: 400 },
    );
  });

  it('answers single questions in any order like the naive scan (the walk back is lazy and partial)', () => {
    const questionArb = fc.record({ kind: fc.constantFrom('reading', 'visible', 'readingInTurn', 'zones'), turn: fc.constantFrom(...TURNS, 99) });
    const opArb = fc.oneof({ weight: 3, arbitrary: stepArb }, { weight: 4, arbitrary: fc.record({ op: fc.constant('ask' as const), questions: fc.array(questionArb, { maxLength: 3 }) }) });
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.array(opArb, { maxLength: 16 }), (initial, ops) => {
        let session = { events: initial.map((e, seq) => ({ ...e, seq })) as LogEvent[] };
        for (const o of ops) {
          switch (o.op) {
            case 'append':
              for (const e of o.events) session.events.push({ ...e, seq: session.events.length });
              break;
            case 'reopen':
              session = { events: session.events.map((e) => ({ ...e })) };
              break;
            case 'truncate':
              session.events.length = Math.min(session.events.length, o.keep % (session.events.length + 1));
              break;
            case 'rewriteTail':
              if (session.events.length > 0) session.events[session.events.length - 1] = { ...o.event, seq: session.events.length - 1 };
              break;
            case 'ask':
              for (const q of o.questions) {
                const index = indexFor(session);
                const events = session.events;
                if (q.kind === 'reading') expect(index.latestReadingTime()).toBe(naiveLatestReading(events));
                else if (q.kind === 'visible') expect(index.latestModelVisibleTime()).toBe(naiveModelVisible(events));
                else if (q.kind === 'readingInTurn') expect(index.readingTimeInTurn(q.turn)).toBe(naiveReadingInTurn(events, q.turn));
                else expect(index.zoneClaimsInTurn(q.turn)).toEqual(naiveZones(events, q.turn));
              }
              break;
          }
        }
        check(session);
      }),
      { seed: 4005, numRuns: 400 },
    );
  });

  it('reads each event at most once, and on first sight only as far back as the question needs', () => {
    const index = new LogIndex();
    const events: LogEvent[] = [];
    let reads = 0;
    const counted = new Proxy(events, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    events.push({ type: 'user/message', seq: 0, time: 7, data: { source: { kind: 'plugin', plugin: 'time-context' } } });
    for (let i = 1; i < 10_000; i++) events.push({ type: 'assistant/message', seq: i, time: i, data: {} });
    // First sight: nothing is read but the tail; the newest model-visible event is the last one.
    index.sync(counted);
    expect(reads).toBeLessThanOrEqual(2);
    expect(index.latestModelVisibleTime()).toBe(9_999);
    expect(reads).toBeLessThanOrEqual(3);
    // The reading is at the far start: the walk reads every event once to find it...
    expect(index.latestReadingTime()).toBe(7);
    const afterWalk = reads;
    expect(afterWalk).toBeLessThanOrEqual(10_003);
    // ...and never again.
    expect(index.latestReadingTime()).toBe(7);
    expect(index.readingTimeInTurn(1)).toBe(7);
    expect(index.zoneClaimsInTurn(1)).toEqual([]);
    expect(reads).toBe(afterWalk);
    events.push({ type: 'user/message', seq: events.length, time: 1, data: { source: { kind: 'plugin', plugin: 'time-context' } } });
    index.sync(counted);
    // One tail identity check plus the one new event; not a rescan.
    expect(reads - afterWalk).toBeLessThanOrEqual(3);
    expect(index.latestReadingTime()).toBe(1);
  });
});
