import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLog, checkText, type FileResult } from '../../check.js';
import { ruleIndex } from '../../engine.js';
import { allRuleModules } from '../index.js';
import { coreRuleModules } from './index.js';
import { buildLog, encode, type Ev } from './test-support/log-generator.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../log/test-fixtures/${name}`, import.meta.url));
const sessionLines = readFileSync(fixture('synthetic-session.jsonl'), 'utf8').trimEnd().split('\n');

/** Edit the event with `seq` (a plain, unpacked line of synthetic-session.jsonl) as a JSON object. */
function editSeq(seq: number, fn: (e: Record<string, any>) => void, lines = sessionLines): string[] {
  return lines.map((line) => {
    const v = JSON.parse(line);
    if (v.seq !== seq) return line;
    fn(v);
    return JSON.stringify(v);
  });
}
const text = (lines: string[]) => `${lines.join('\n')}\n`;
const ids = (r: FileResult) => r.findings.map((f) => f.rule).sort();

describe('the samples check clean', () => {
  for (const name of ['real-session-run1.jsonl.zstd', 'synthetic-session.jsonl', 'synthetic-minimal.jsonl', 'multi-frame.jsonl.zstd']) {
    it(name, async () => {
      const r = await checkLog(fixture(name));
      expect(r.status).toBe('ok');
      expect(r.findings).toEqual([]);
      expect(r.events).toBeGreaterThan(0);
    });
  }
});

/** Each violating copy gives exactly this multiset of rule ids (publint-style `testFixture`). */
const cases: Array<{ name: string; lines: () => string[]; expected: string[]; status?: FileResult['status'] }> = [
  { name: 'seq gap (request/context line deleted)', lines: () => sessionLines.filter((l) => !l.includes('"type":"request/context"')), expected: ['LOG-SEQ-1'], status: 'violations' },
  { name: 'unknown event type', lines: () => editSeq(7, (e) => (e.type = 'request/contextual')), expected: ['LOG-TYPE-1'] },
  { name: 'unknown type marked ignorable is fine', lines: () => editSeq(7, (e) => ((e.type = 'request/contextual'), (e.ignorable = true))), expected: [], status: 'ok' },
  { name: 'ignorable must be literal true', lines: () => editSeq(7, (e) => (e.ignorable = 1)), expected: ['LOG-ENV-2'] },
  { name: 'extra envelope key', lines: () => editSeq(1, (e) => (e.extra = 1)), expected: ['LOG-ENV-1'] },
  { name: 'time is not an integer', lines: () => editSeq(2, (e) => (e.time += 0.5)), expected: ['LOG-TIME-1'] },
  { name: 'clock regression is information only', lines: () => editSeq(18, (e) => (e.time -= 60_000)), expected: ['LOG-CLOCK-1'], status: 'ok' },
  { name: 'replace start not on the surface', lines: () => editSeq(33, (e) => (e.surfaceOp.start = 3)), expected: ['LOG-SURF-3'] },
  { name: 'replace omits a removed node from sourceEventSeqs', lines: () => editSeq(33, (e) => (e.sourceEventSeqs = e.sourceEventSeqs.filter((s: number) => s !== 20))), expected: ['LOG-CMP-8', 'LOG-SURF-5'] },
  { name: 'surfaceOp on a log-only event', lines: () => editSeq(1, (e) => (e.surfaceOp = 'append')), expected: ['LOG-SURF-1'] },
  { name: 'surface event without surfaceOp', lines: () => editSeq(5, (e) => delete e.surfaceOp), expected: ['LOG-CMP-8', 'LOG-SURF-2'] },
  { name: 'source seq not earlier', lines: () => editSeq(17, (e) => (e.sourceEventSeqs = [16, 17])), expected: ['LOG-SURF-4'] },
  { name: 'compaction/end with the wrong id', lines: () => editSeq(34, (e) => (e.data.compactionId = 'other')), expected: ['LOG-CMP-5'] },
  { name: 'compaction summary deleted', lines: () => sessionLines.filter((l) => !l.includes('"type":"compaction/summary"')), expected: ['LOG-CMP-5', 'LOG-CMP-7', 'LOG-SEQ-1'] },
  { name: 'standalone compaction while a turn is open', lines: () => editSeq(31, (e) => (e.data.turn = 1)), expected: ['LOG-CMP-2', 'LOG-CMP-3', 'LOG-CMP-5', 'LOG-CMP-5'] },
  { name: 'turn/end names the wrong turn', lines: () => editSeq(30, (e) => (e.data.turn = 2)), expected: ['LOG-TURN-2'] },
  { name: 'turn numbering does not start at 1', lines: () => editSeq(1, (e) => (e.data.turn = 2)), expected: ['LOG-TURN-1', 'LOG-STEP-1', 'LOG-STEP-3', 'LOG-STEP-2', 'LOG-STEP-1', 'LOG-STEP-3', 'LOG-STEP-2', 'LOG-TURN-2'] },
  { name: 'tool result for a call never made', lines: () => editSeq(16, (e) => (e.data.callId = 'call_other')), expected: ['LOG-TOOL-1'] },
  { name: 'assistant message not from a model', lines: () => editSeq(28, (e) => (e.data.message.source.kind = 'user')), expected: ['LOG-MSG-2'] },
  { name: 'message without an id', lines: () => editSeq(4, (e) => delete e.data.id), expected: ['LOG-MSG-1'] },
  { name: 'tool result with mismatched toolCallId', lines: () => editSeq(17, (e) => (e.data.message.content[0].toolCallId = 'x')), expected: ['LOG-MSG-3'] },
  { name: 'request/header without a model', lines: () => editSeq(6, (e) => delete e.data.header.config.model), expected: ['LOG-REQ-1'] },
  { name: 'legacy request/header reason fallback', lines: () => editSeq(6, (e) => (e.data.reason = 'fallback')), expected: ['LOG-LEGACY-1'] },
  { name: 'request/header outside a turn', lines: () => [...sessionLines, JSON.stringify({ type: 'request/context', seq: 35, time: 1784973921403, data: { provider: 'p', model: 'm' } })], expected: ['LOG-TURN-3'] },
  { name: 'torn tail (no final newline)', lines: () => sessionLines, expected: ['LOG-END-2', 'LOG-READ-6'], status: 'ok' },
  { name: 'log ends inside an open turn', lines: () => sessionLines.slice(0, 20), expected: ['LOG-END-1'], status: 'ok' },
  { name: 'header from a newer harness', lines: () => [sessionLines[0].replace('"version":0', '"version":1'), ...sessionLines.slice(1)], expected: ['LOG-HDR-2'], status: 'unreadable' },
  { name: 'header without delegationDepth', lines: () => [sessionLines[0].replace(',"delegationDepth":0', ''), ...sessionLines.slice(1)], expected: ['LOG-HDR-1'], status: 'unreadable' },
  { name: 'header with a relative cwd', lines: () => [sessionLines[0].replace('"/home/alice/proj"', '"proj"'), ...sessionLines.slice(1)], expected: ['LOG-HDR-1'], status: 'unreadable' },
  { name: 'malformed packed row', lines: () => sessionLines.map((l) => l.replace('"dt":[12,9]', '"dt":[12]')), expected: ['LOG-ROW-1', 'LOG-SEQ-1'] },
  { name: 'non-object record', lines: () => [...sessionLines.slice(0, 3), '[1,2]', ...sessionLines.slice(3)], expected: ['LOG-READ-4'] },
  { name: 'unparsable line', lines: () => [...sessionLines.slice(0, 3), '{"type":', ...sessionLines.slice(3)], expected: ['LOG-READ-3'] },
  { name: '__proto__ key', lines: () => editSeq(7, (e) => Object.defineProperty(e.data, '__proto__', { value: { polluted: true }, enumerable: true })), expected: ['LOG-JSON-2'] },
  { name: 'number overflowing to Infinity', lines: () => sessionLines.map((l) => l.replace('"contextWindow":1000000', '"contextWindow":1e999')), expected: ['LOG-JSON-1'] },
  { name: 'negative zero', lines: () => sessionLines.map((l) => l.replace('"contextWindow":1000000', '"contextWindow":-0.0')), expected: ['LOG-JSON-1'] },
];

describe('violating copies give exactly the expected rule ids', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const raw = c.name.startsWith('torn tail') ? c.lines().join('\n') : text(c.lines());
      // Core rules only: source rules (time-context, …) have their own tests over these logs.
      const r = await checkText('copy.jsonl', raw, { modules: coreRuleModules });
      expect(ids(r)).toEqual([...c.expected].sort());
      if (c.status) expect(r.status).toBe(c.status);
      for (const f of r.findings) {
        expect(f.file).toBe('copy.jsonl');
        expect(f.line).not.toBeNull();
      }
    });
  }

  it('messages say what was expected and what was found, with location and seq', async () => {
    const r = await checkText('copy.jsonl', text(editSeq(30, (e) => (e.data.turn = 2))), { modules: coreRuleModules });
    expect(r.findings).toEqual([
      expect.objectContaining({ rule: 'LOG-TURN-2', severity: 'error', line: 28, seq: 30, message: 'turn/end names turn 2 but the open turn is 1', specRef: 'spec/log.md#log-turn-2' }),
    ]);
  });

  it('a tool-result rewrite that changes more than the content (LOG-SURF-6)', async () => {
    const events = buildLog({ segments: [{ kind: 'turn', turn: { compactBefore: false, steps: [{ prompts: 1, chunks: 0, calls: 1, emptyAssistant: false }, { prompts: 0, chunks: 0, calls: 0, emptyAssistant: false }] } }, { kind: 'prune' }], leaveOpen: false, clockBack: false });
    const rewrite = events.find((e: Ev) => e.type === 'tool/result' && typeof e.surfaceOp === 'object')!;
    expect(ids(await checkText('prune.jsonl', text(encode(events)), { modules: coreRuleModules }))).toEqual([]);
    (rewrite.data as { message: { id: string } }).message.id = 'another-id';
    expect(ids(await checkText('prune.jsonl', text(encode(events)), { modules: coreRuleModules }))).toEqual(['LOG-SURF-6']);
  });

  it('an over-long line is skipped and reported (LOG-READ-5)', async () => {
    const r = await checkText('copy.jsonl', text(editSeq(7, (e) => (e.data.model = 'x'.repeat(5000)))), { maxLineBytes: 4096, modules: coreRuleModules });
    expect(ids(r)).toEqual(['LOG-READ-5', 'LOG-SEQ-1']);
  });
});

describe('rule registry', () => {
  it('every rule id is unique and LOG-prefixed (the spec text is checked by ../spec-sentences.test.ts)', () => {
    const index = ruleIndex(allRuleModules);
    for (const [id, meta] of index) if (meta.source === 'log') expect(id).toMatch(/^LOG-[A-Z]+-\d+$/);
  });
});
