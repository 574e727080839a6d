/**
 * Log fixtures for the core `LOG-*` rules: damaged copies of the synthetic DSH session (the research
 * example log, which checks clean), each with the exact rule ids a validator must report, plus the
 * zstd containers (multi-frame, torn, bad checksum, garbage) as written by the `zstd` CLI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LogDraft } from '../scenario/draft.js';

type Ev = Record<string, any>;
const fixtures = join(import.meta.dirname, '..', '..', 'invariants', 'log', 'test-fixtures');
const lines = readFileSync(join(fixtures, 'synthetic-session.jsonl'), 'utf8').trimEnd().split('\n');
const header = JSON.parse(lines[0]) as LogDraft['header'];
const body = (): unknown[] => lines.slice(1).map((l) => JSON.parse(l) as unknown);

/** A copy of the body with the event of one seq edited (packed rows are matched by seq0). */
function editSeq(seq: number, edit: (e: Ev) => void): unknown[] {
  return body().map((e) => {
    const ev = e as Ev;
    if (ev.seq === seq) edit(ev);
    return ev;
  });
}
/** Time of the research log's last event (compaction/end). */
const T = 1784973921402;
const raw = (text: string) => ({ $rawLine: text });
const rawBody = (map: (line: string) => string) => lines.slice(1).map((l) => raw(map(l)));

interface Case {
  title: string;
  category?: LogDraft['category'];
  log: unknown[];
  findings: string[];
  info?: string[];
  header?: LogDraft['header'];
  tornTail?: boolean;
  zstd?: string;
}

const cases: Case[] = [
  { title: 'the research example session checks clean', log: body(), findings: [], info: [] },
  { title: 'seq gap: a request/context line deleted', log: body().filter((e) => (e as Ev).type !== 'request/context'), findings: ['LOG-SEQ-1'] },
  { title: 'unknown event type', log: editSeq(7, (e) => (e.type = 'request/contextual')), findings: ['LOG-TYPE-1'] },
  { title: 'unknown event type marked ignorable is accepted', log: editSeq(7, (e) => ((e.type = 'request/contextual'), (e.ignorable = true))), findings: [] },
  { title: 'ignorable must be the literal true', log: editSeq(7, (e) => (e.ignorable = 1)), findings: ['LOG-ENV-2'] },
  { title: 'envelope with an extra key', log: editSeq(1, (e) => (e.extra = 1)), findings: ['LOG-ENV-1'] },
  { title: 'time that is not a whole number of milliseconds', log: editSeq(2, (e) => (e.time += 0.5)), findings: ['LOG-TIME-1'] },
  { title: 'a clock that steps backwards is information only', category: 'clock-regression', log: editSeq(18, (e) => (e.time -= 60_000)), findings: [], info: ['LOG-CLOCK-1'] },
  { title: 'surface replace whose start is not visible', category: 'compaction', log: editSeq(33, (e) => (e.surfaceOp.start = 3)), findings: ['LOG-SURF-3'] },
  { title: 'replace that omits a removed node from sourceEventSeqs', category: 'compaction', log: editSeq(33, (e) => (e.sourceEventSeqs = e.sourceEventSeqs.filter((s: number) => s !== 20))), findings: ['LOG-CMP-8', 'LOG-SURF-5'] },
  { title: 'surfaceOp on a log-only event', log: editSeq(1, (e) => (e.surfaceOp = 'append')), findings: ['LOG-SURF-1'] },
  { title: 'surface event without surfaceOp', log: editSeq(5, (e) => delete e.surfaceOp), findings: ['LOG-CMP-8', 'LOG-SURF-2'] },
  { title: 'a source seq that is not earlier than the event', log: editSeq(17, (e) => (e.sourceEventSeqs = [16, 17])), findings: ['LOG-SURF-4'] },
  { title: 'compaction/end with another compaction id', category: 'compaction', log: editSeq(34, (e) => (e.data.compactionId = 'other')), findings: ['LOG-CMP-5'] },
  { title: 'compaction summary missing', category: 'compaction', log: body().filter((e) => (e as Ev).type !== 'compaction/summary'), findings: ['LOG-CMP-5', 'LOG-CMP-7', 'LOG-SEQ-1'] },
  { title: 'standalone compaction that names a turn while none is open', category: 'compaction', log: editSeq(31, (e) => (e.data.turn = 1)), findings: ['LOG-CMP-2', 'LOG-CMP-3', 'LOG-CMP-5', 'LOG-CMP-5'] },
  { title: 'empty compaction id', category: 'compaction', log: body().map((e) => ((e as Ev).data?.compactionId ? { ...(e as Ev), data: { ...(e as Ev).data, compactionId: '' } } : e)), findings: ['LOG-CMP-1', 'LOG-CMP-1', 'LOG-CMP-1', 'LOG-CMP-4'] },
  { title: 'turn/end names another turn', log: editSeq(30, (e) => (e.data.turn = 2)), findings: ['LOG-TURN-2'] },
  { title: 'turn numbering that does not start at 1', log: editSeq(1, (e) => (e.data.turn = 2)), findings: ['LOG-TURN-1', 'LOG-STEP-1', 'LOG-STEP-3', 'LOG-STEP-2', 'LOG-STEP-1', 'LOG-STEP-3', 'LOG-STEP-2', 'LOG-TURN-2', 'TC-POS-4', 'TC-POS-4'] }, // the readings still name turn 1
  { title: 'tool result for a call never made', log: editSeq(16, (e) => (e.data.callId = 'call_other')), findings: ['LOG-TOOL-1'] },
  { title: 'assistant message not from a model', category: 'forged-sources', log: editSeq(28, (e) => (e.data.message.source.kind = 'user')), findings: ['LOG-MSG-2'] },
  { title: 'message without an id', log: editSeq(4, (e) => delete e.data.id), findings: ['LOG-MSG-1'] },
  { title: 'tool result whose toolCallId differs from its call', log: editSeq(17, (e) => (e.data.message.content[0].toolCallId = 'x')), findings: ['LOG-MSG-3'] },
  { title: 'request/header without a model', log: editSeq(6, (e) => delete e.data.header.config.model), findings: ['LOG-REQ-1'] },
  { title: 'legacy request/header reason "fallback" is refused', log: editSeq(6, (e) => (e.data.reason = 'fallback')), findings: ['LOG-LEGACY-1'] },
  { title: 'request/context outside any turn', log: [...body(), { type: 'request/context', seq: 35, time: 1784973921403, data: { provider: 'p', model: 'm' } }], findings: ['LOG-TURN-3'] },
  { title: 'torn tail: the last line has no newline (a live writer)', log: body(), tornTail: true, findings: [], info: ['LOG-END-2', 'LOG-READ-6'] },
  { title: 'log ending inside an open turn (live or crashed writer)', log: body().slice(0, 19), findings: [], info: ['LOG-END-1'] },
  { title: 'header from a newer harness is refused', log: body(), header: { ...header, version: 1 }, findings: ['LOG-HDR-2'] },
  { title: 'header without delegationDepth', log: body(), header: Object.fromEntries(Object.entries(header).filter(([k]) => k !== 'delegationDepth')) as LogDraft['header'], findings: ['LOG-HDR-1'] },
  { title: 'header with a relative cwd', log: body(), header: { ...header, cwd: 'proj' }, findings: ['LOG-HDR-1'] },
  { title: 'packed chunk row whose dt has the wrong length', log: rawBody((l) => l.replace('"dt":[12,9]', '"dt":[12]')), findings: ['LOG-ROW-1', 'LOG-SEQ-1'] },
  { title: 'a record that is not an object', log: [...body().slice(0, 2), raw('[1,2]'), ...body().slice(2)], findings: ['LOG-READ-4'] },
  { title: 'an unparsable line in the middle', log: [...body().slice(0, 2), raw('{"type":'), ...body().slice(2)], findings: ['LOG-READ-3'] },
  { title: 'a duplicate key: DSH keeps the last "type"', category: 'forged-sources', log: rawBody((l) => (l.includes('"type":"request/context"') ? l.replace('"type":"request/context"', '"type":"turn/end","type":"request/context"') : l)), findings: ['LOG-JSON-4'] },
  { title: 'a __proto__ key in event data', category: 'forged-sources', log: rawBody((l) => (l.includes('"type":"request/context"') ? l.replace('"data":{', '"data":{"__proto__":{"polluted":true},') : l)), findings: ['LOG-JSON-2'] },
  { title: 'a number that overflows to Infinity', log: rawBody((l) => l.replace('"contextWindow":1000000', '"contextWindow":1e999')), findings: ['LOG-JSON-1'] },
  { title: 'negative zero', log: rawBody((l) => l.replace('"contextWindow":1000000', '"contextWindow":-0.0')), findings: ['LOG-JSON-1'] },
  {
    title: 'legacy v0 user/message without id and role is normalised (information)',
    log: editSeq(4, (e) => ((e.data = { content: e.data.content, source: e.data.source }))),
    findings: [],
    info: ['LOG-LEGACY-2'],
  },
  {
    title: 'a checkpoint that does not directly follow its summary',
    category: 'compaction',
    log: [...body(), ...secondCompaction(true)],
    findings: ['LOG-CMP-7'],
  },
  { title: 'a second manual compaction over a compacted surface checks clean', category: 'compaction', log: [...body(), ...secondCompaction(false)], findings: [] },
  {
    title: 'turn/start while a compaction bracket is open',
    category: 'compaction',
    log: [
      ...body(),
      { type: 'compaction/start', seq: 35, time: T + 1, data: { compactionId: 'c2', turn: null } },
      { type: 'turn/start', seq: 36, time: T + 2, data: { turn: 2 } },
      { type: 'compaction/end', seq: 37, time: T + 3, data: { compactionId: 'c2', turn: null, error: 'summarizer failed' } },
      { type: 'turn/end', seq: 38, time: T + 4, data: { turn: 2, reason: { kind: 'completed' } } },
    ],
    // The failed close also names no open turn although turn 2 is open.
    findings: ['LOG-CMP-5', 'LOG-CMP-6'],
  },
];

/** A second manual compaction of the final surface [33, 28]; `titleBetween` writes an event between summary and checkpoint. */
function secondCompaction(titleBetween: boolean): Ev[] {
  const id = 'c2c2c2c2-0000-4000-8000-000000000002';
  const out: Ev[] = [
    { type: 'compaction/start', seq: 35, time: T + 1, data: { compactionId: id, turn: null } },
    { type: 'compaction/summary', seq: 36, time: T + 2, data: { compactionId: id, summary: [{ type: 'text', text: 'Everything so far.' }], shadowedRange: { start: 33, end: 28 }, shadowedSeqs: [33, 28], shadowedTokenCount: 20, provider: 'deepseek-official', model: 'deepseek-v4-flash' } },
  ];
  if (titleBetween) out.push({ type: 'session/title', seq: 37, time: T + 3, data: { title: 'Machine time', messageSeqs: [], source: 'auto' } });
  const n = out.length + 35;
  out.push(
    {
      type: 'user/message',
      seq: n,
      time: T + 4,
      data: { content: [{ type: 'text', text: 'Checkpoint.\n\n<compacted-summary>' }, { type: 'text', text: 'Everything so far.' }, { type: 'text', text: '</compacted-summary>' }], source: { kind: 'plugin', plugin: 'compact', compactionId: id }, role: 'user', id: 'd4e5f6a7-0000-4000-8000-000000000003' },
      sourceEventSeqs: [35, 36, 33, 28],
      surfaceOp: { op: 'replace', start: 33, end: 28 },
    },
    { type: 'compaction/end', seq: n + 1, time: T + 5, data: { compactionId: id, turn: null } },
  );
  return out;
}

/** Turn 1 of the research log (seq 0..30), then turn 2 whose pre-step prunes the `date` tool result (seq 17). */
function pruned(variant: 'ok' | 'id-changed' | 'no-rewrite'): Ev[] {
  const turn1 = (body() as Ev[]).filter((e) => (e.seq ?? e.seq0) <= 30);
  const result = turn1.find((e) => e.seq === 17)!;
  const rewritten = structuredClone(result);
  rewritten.seq = 33;
  rewritten.time = T + 3;
  rewritten.sourceEventSeqs = [17];
  rewritten.surfaceOp = { op: 'replace', start: 17, end: 17 };
  rewritten.data.message.content[0].content = [{ type: 'text', text: '[pruned]' }];
  if (variant === 'id-changed') rewritten.data.message.id = '00000000-0000-4000-8000-00000000abcd';
  const tail: Ev[] = [
    { type: 'turn/start', seq: 31, time: T + 1, data: { turn: 2 } },
    { type: 'compaction/prune', seq: 32, time: T + 2, data: { shadowedRange: { start: 17, end: 17 }, shadowedSeqs: [17], shadowedTokenCount: 12 } },
  ];
  if (variant !== 'no-rewrite') tail.push(rewritten);
  const n = tail.length + 31;
  tail.push({ type: 'turn/end', seq: n, time: T + 4, data: { turn: 2, reason: { kind: 'completed' } } });
  return [...turn1, ...tail];
}

cases.push(
  { title: 'a tool-result prune rewrite that only changes content checks clean', category: 'compaction', log: pruned('ok'), findings: [] },
  { title: 'a tool-result rewrite that also changes the message id', category: 'compaction', log: pruned('id-changed'), findings: ['LOG-SURF-6'] },
  { title: 'a prune not followed by its tool-result rewrite', category: 'compaction', log: pruned('no-rewrite'), findings: ['LOG-CMP-9'] },
);

const zstdCases: Case[] = [
  { title: 'multi-frame zstd container with a skippable frame checks clean', log: body(), zstd: 'multi-frame', findings: [], info: [] },
  { title: 'torn final zstd frame keeps its complete records', log: body(), zstd: 'torn-frame', findings: [], info: ['LOG-END-1', 'LOG-ZSTD-3'] },
  { title: 'a zstd frame whose content checksum does not match is corrupt', log: body(), zstd: 'bad-checksum', findings: ['LOG-ZSTD-2'] },
  { title: 'bytes that are not a zstd frame after valid frames', log: body(), zstd: 'garbage-frame', findings: ['LOG-ZSTD-1'] },
];

export function logFixtures(): LogDraft[] {
  return [...cases, ...zstdCases].map((c) => ({
    source: 'log',
    category: c.category ?? 'log-structure',
    title: c.title,
    rules: [...new Set([...c.findings, ...(c.info ?? [])])],
    // The base session carries 2026-08 (three-line) time readings.
    revisions: ['2026-08'],
    header: c.header ?? header,
    log: c.log,
    findings: c.findings,
    ...(c.info ? { info: c.info } : {}),
    ...(c.tornTail ? { tornTail: true } : {}),
    ...(c.zstd ? { zstd: readFileSync(join(fixtures, `${c.zstd}.jsonl.zstd`)) } : {}),
    provenance: { generator: 'conformance/generators/log.ts' },
  }));
}
