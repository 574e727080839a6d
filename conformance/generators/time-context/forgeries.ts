import type { SessionEvent } from '../../../invariants/log/types.js';
import { LogChecker, defaultCheckOptions, type CheckOptions } from '../../../invariants/engine.js';
import type { Finding } from '../../../invariants/findings.js';
import type { SpecRevision } from '../../../spec/revisions.js';
import { isReadingEvent } from '../../../reference/time-context/log-index.js';
import { createTimestampFormatter, formatTimestamp, parseRenderedTimestamp } from '../../../reference/time-context/timestamp.js';
import { timeContextRules } from '../../../invariants/rules/time-context/index.js';

/**
 * Forgeries of a genuine reading (research upstream-real-run §4 F1–F11, plus scheduling and zone
 * forgeries), for the rules' differential test. Each takes a genuine log and the index of a reading in
 * it and returns a forged log (seqs renumbered), or undefined when it does not apply. (Test support.)
 */

export interface Forgery {
  name: string;
  /** The rule the companion fails the forged reading with, per revision (null: it accepts it). */
  upstream: Partial<Record<SpecRevision, string | null>>;
  /** Our rule ids (a regex) that must fire on the forged reading; absent: none may. */
  ours?: string;
  /** Why we are stricter than the companion, where we are. */
  why?: string;
  revisions?: SpecRevision[];
  /** The forged log and the index of the forged (or moved) reading. */
  forge(events: SessionEvent[], at: number): { events: SessionEvent[]; reading: number } | undefined;
}

type Reading = SessionEvent & { data: { content: Array<{ type: string; text: string }>; source: Record<string, unknown> } };

const at0 = (events: SessionEvent[] | undefined, reading: number) => (events === undefined ? undefined : { events, reading });
const renumber = (events: SessionEvent[]): SessionEvent[] => events.map((e, seq) => ({ ...e, seq }));

/** Rewrite the reading's text (content and section together, so only the intended rule is hit). */
function withText(events: SessionEvent[], at: number, edit: (text: string) => string | undefined): SessionEvent[] | undefined {
  const reading = events[at] as Reading;
  const text = edit(reading.data.content[0].text);
  if (text === undefined || text === reading.data.content[0].text) return undefined;
  const source = { ...reading.data.source, sections: [{ name: 'time-context', text }] };
  const copy = [...events];
  copy[at] = { ...reading, data: { ...reading.data, content: [{ type: 'text', text }], source } } as SessionEvent;
  return copy;
}

function withReading(events: SessionEvent[], at: number, edit: (data: Reading['data']) => unknown): SessionEvent[] {
  const copy = [...events];
  copy[at] = { ...events[at], data: edit(structuredClone((events[at] as Reading).data)) };
  return copy;
}

/** Insert `event` before index `at`, seqs renumbered (an event that names a seq keeps its key order). */
export function insertBefore(events: SessionEvent[], at: number, event: Omit<SessionEvent, 'seq'> & { seq?: number }): SessionEvent[] {
  return renumber([...events.slice(0, at), { ...event, seq: -1 }, ...events.slice(at)]);
}

const TIME_RE = /: (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}\[([^\]]+)\])\n/;

/** Move the rendered time by `deltaMs`, re-rendered in its own zone so it stays well-formed. */
const shiftTimestamp = (deltaMs: number) => (text: string) => {
  const m = TIME_RE.exec(text);
  if (!m) return undefined;
  const zone = m[2];
  const moved = formatTimestamp(parseRenderedTimestamp(m[1]) + deltaMs, createTimestampFormatter(zone), zone);
  return text.replace(m[1], moved);
};

export const FORGERIES: Forgery[] = [
  { name: 'F1 timestamp moved 10 min after the event time', upstream: { '2026-08': 'TC-TIME-1', '2026-07': 'TC-TIME-1' }, ours: 'TC-TIME-1', forge: (e, at) => at0(withText(e, at, shiftTimestamp(600_000)), at) },
  { name: 'F2 claims the next step', upstream: { '2026-08': 'TC-POS-4', '2026-07': 'TC-POS-4' }, ours: 'TC-POS-4', forge: (e, at) => at0(withText(e, at, (t) => t.replace(/, step (\d+):/, (_, s) => `, step ${Number(s) + 1}:`)), at) },
  { name: 'F3 placed after request/header', upstream: { '2026-08': 'TC-POS-3', '2026-07': 'TC-POS-*' }, ours: 'TC-POS-3', forge: (e, at) => at0(insertBefore(e, at, { type: 'request/header', time: e[at].time, data: { header: { config: { provider: 'sim', model: 'sim-model' }, system: 'You are a simulated agent.' }, reason: 'resume' } }), at + 1) },
  {
    name: 'F4 extra authority key in source',
    upstream: { '2026-08': 'TC-SRC-2', '2026-07': null },
    ours: 'TC-SRC-2',
    why: '2026-07: the rc.1 companion never checks the source shape; the rc.1 plugin already wrote the exact snapshot source, so we hold 2026-07 readings to it too',
    forge: (e, at) => at0(withReading(e, at, (d) => ({ ...d, source: { ...d.source, authority: 'user' } })), at),
  },
  {
    name: 'F5 section text differs from content',
    upstream: { '2026-08': 'TC-SRC-2', '2026-07': null },
    ours: 'TC-SRC-2',
    why: '2026-07: as F4',
    forge: (e, at) => at0(withReading(e, at, (d) => ({ ...d, source: { ...d.source, sections: [{ name: 'time-context', text: 'something else' }] } })), at),
  },
  {
    name: 'F6 policy line claims a zone no message carries',
    upstream: { '2026-08': 'TC-ZONE-1' },
    ours: 'TC-ZONE-1',
    revisions: ['2026-08'],
    forge: (e, at) =>
      at0(withText(e, at, (t) => {
        const lines = t.split('\n');
        const zone = lines[1].includes('Europe/Berlin') ? 'Asia/Tokyo' : 'Europe/Berlin';
        lines[1] = `Browser time zone for this request: ${zone}. Interpret otherwise-unqualified dates and times in this zone.`;
        return lines.join('\n');
      }), at),
  },
  {
    name: 'F7 second text block',
    upstream: { '2026-08': 'TC-CONTENT-1', '2026-07': 'TC-CONTENT-1' },
    ours: 'TC-CONTENT-1',
    forge: (e, at) => at0(withReading(e, at, (d) => ({ ...d, content: [...d.content, { type: 'text', text: 'more' }] })), at),
  },
  {
    name: 'F8 outside any turn',
    upstream: { '2026-08': 'TC-POS-1', '2026-07': 'TC-POS-*' },
    ours: 'TC-POS-1',
    forge: (e, at) => at0(insertBefore(e, at, { type: 'turn/end', time: e[at].time, data: { turn: 0, reason: { kind: 'completed' } } }), at + 1),
  },
  {
    name: 'F9 elapsed value lies',
    upstream: { '2026-08': null, '2026-07': null },
    ours: 'TC-ELAPSED-[12]',
    why: 'the companion checks only the duration grammar, never its value against the baseline event',
    forge: (e, at) => at0(withText(e, at, (t) => t.replace(/: (unavailable|[0-9dhms ]+)\.$/, (_, v) => (v === 'unavailable' ? ': 5s.' : ': 3d 0s.'))), at),
  },
  {
    name: 'F10 timestamp back-dated by one day',
    upstream: { '2026-08': null, '2026-07': null },
    ours: 'TC-SAMPLE-1',
    why: 'the companion bounds the rendered time only from above (not after its event), never from below',
    forge: (e, at) => at0(withText(e, at, shiftTimestamp(-86_400_000)), at),
  },
  {
    name: 'F11 a user types a reading (not plugin-attributed)',
    upstream: {},
    forge: (e, at) => at0(withReading(e, at, (d) => ({ ...d, source: { kind: 'user' } })), at),
  },
  {
    name: 'F12 two readings in one step',
    upstream: { '2026-08': null, '2026-07': null },
    ours: 'TC-SCHED-2',
    why: 'the companion validates each reading alone and never counts readings per step',
    forge: (e, at) => at0(renumber([...e.slice(0, at + 1), { ...e[at], seq: -1 }, ...e.slice(at + 1)]), at + 1),
  },
  {
    name: 'F13 a corrupt browser zone in the turn',
    upstream: { '2026-08': 'TC-ZONE-2' },
    ours: 'TC-ZONE-2',
    revisions: ['2026-08'],
    // A steering message of the same batch, just before the reading: a correct plugin would have failed the turn.
    forge: (e, at) => at0(insertBefore(e, at, { type: 'user/message', time: e[at].time, data: { content: [{ type: 'text', text: 'x' }], source: { kind: 'user', rpcId: 'r', clientTimeZone: 'Etc/UTC' }, role: 'user', id: 'forged' }, surfaceOp: 'append' }), at + 1),
  },
];

/** Our findings (every severity) for a log, read through the rule engine. */
export function checkLog(events: readonly SessionEvent[], options: Partial<CheckOptions> = {}): Finding[] {
  const checker = new LogChecker('forged.jsonl', [timeContextRules], { ...defaultCheckOptions(), ...options });
  checker.header({ type: 'session', version: 0, id: 's', createdAt: 0, delegationDepth: 0 }, { file: 'forged.jsonl', line: 1, byteOffset: 0 });
  events.forEach((event, i) => checker.event({ event, loc: { file: 'forged.jsonl', line: i + 2, byteOffset: 0 } }));
  return checker.end();
}

/** Indexes of the readings in a log. */
export function readingIndexes(events: readonly SessionEvent[]): number[] {
  return events.flatMap((e, i) => (isReadingEvent(e) ? [i] : []));
}
