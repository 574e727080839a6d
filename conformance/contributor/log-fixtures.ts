import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LogDraft } from '../scenario/draft.js';

/**
 * Log fixtures for the log-decidable CTX rules (`check` over any plugin source's messages): the clean
 * synthetic session with a third-party contributor's messages appended after it, placed right and
 * wrong. Registered as the `contributor` generator (conformance/generators/contributor.ts).
 */
type Ev = Record<string, unknown>;
const lines = readFileSync(join(import.meta.dirname, '..', '..', 'invariants', 'log', 'test-fixtures', 'synthetic-minimal.jsonl'), 'utf8').trimEnd().split('\n');
const header = JSON.parse(lines[0]) as LogDraft['header'];
const body = (): Ev[] => lines.slice(1).map((l) => JSON.parse(l) as Ev);
const T = 1784973930000;
const base = body().length;

const message = (seq: number, text: string, source: Ev, surfaceOp: unknown = 'append', extra: Ev = {}): Ev => ({
  type: 'user/message',
  seq,
  time: T + seq,
  data: { content: [{ type: 'text', text }], source, role: 'user', id: `00000000-0000-4000-8000-0000000000${String(seq).padStart(2, '0')}` },
  surfaceOp,
  ...extra,
});
const turn = (seq: number, events: (seq: number) => Ev[]): Ev[] => [
  { type: 'turn/start', seq, time: T + seq, data: { turn: 2 } },
  { type: 'step/start', seq: seq + 1, time: T + seq + 1, data: { turn: 2, step: 1 } },
  ...events(seq + 2),
  { type: 'step/end', seq: seq + 2 + events(seq + 2).length, time: T + seq + 2 + events(seq + 2).length, data: { turn: 2, step: 1 } },
  { type: 'turn/end', seq: seq + 3 + events(seq + 2).length, time: T + seq + 3 + events(seq + 2).length, data: { turn: 2, reason: { kind: 'completed' } } },
];
const memory = { kind: 'plugin', plugin: 'memory-packets' };

const cases: Array<{ title: string; log: Ev[]; findings: string[] }> = [
  { title: 'a third-party contributor message in the open step batch checks clean', log: [...body(), ...turn(base, (s) => [message(s, 'hi', { kind: 'user' }), message(s + 1, 'Recalled: prefers pnpm.', memory)])], findings: [] },
  { title: 'a contributor message outside any step', log: [...body(), message(base, 'Recalled: prefers pnpm.', memory)], findings: ['CTX-APPEND-5'] },
  {
    title: 'a contributor message that replaces the user prompt',
    log: [...body(), ...turn(base, (s) => [message(s, 'hi', { kind: 'user' }), message(s + 1, 'hi (with rules)', memory, { op: 'replace', start: s, end: s }, { sourceEventSeqs: [s] })])],
    findings: ['CTX-APPEND-4'],
  },
  { title: 'a plugin source that names no plugin', log: [...body(), ...turn(base, (s) => [message(s, 'hi', { kind: 'user' }), message(s + 1, 'Rules.', { kind: 'plugin', plugin: '' })])], findings: ['CTX-SOURCE-3'] },
];

export function logFixtures(): LogDraft[] {
  return cases.map((c) => ({ source: 'log', category: 'forged-sources', title: c.title, rules: c.findings.length ? c.findings : ['CTX-APPEND-5'], revisions: ['2026-08'], header, log: c.log, findings: c.findings }));
}
