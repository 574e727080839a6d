import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Writes a realistic, valid DSH session log of about `targetBytes` (deterministic for a given seed):
 * turns with prompts, streamed answers stored as packed `text-chunks` rows (as DSH's writer does),
 * tool calls with 0.5–4 KiB results, and a standalone compaction every few turns so the surface stays
 * the size a real context window allows. Used by the benchmarks only; never committed.
 */
/** A tiny seeded PRNG (mulberry32): deterministic logs without a dependency. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'the session log records every event of a turn with its step and the model answers with text while tools read files run commands and return results'.split(' ');

export interface GeneratedLog {
  bytes: number;
  events: number;
  lines: number;
}

export function generateLog(path: string, targetBytes: number, seed = 1): GeneratedLog {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const words = (n: number) => Array.from({ length: n }, () => WORDS[int(0, WORDS.length - 1)]).join(' ');
  const fd = openSync(path, 'w');
  let buffer: string[] = [];
  let bufferLength = 0;
  let bytes = 0;
  let lines = 0;
  const write = (value: unknown) => {
    const line = `${JSON.stringify(value)}\n`;
    buffer.push(line);
    bufferLength += line.length;
    lines++;
    if (bufferLength > 1 << 20) flush();
  };
  const flush = () => {
    const text = buffer.join('');
    bytes += writeSync(fd, text);
    buffer = [];
    bufferLength = 0;
  };
  const id = 'session-bench-0001';
  let time = 1_790_000_000_000;
  write({ type: 'session', version: 0, id, createdAt: time, cwd: '/home/alice/proj', delegationDepth: 0 });
  let seq = 0;
  const surface: number[] = [];
  const ev = (type: string, data: unknown, extra: Record<string, unknown> = {}) => {
    time += int(1, 40);
    const e = { type, seq: seq++, time, data, ...extra };
    write(e);
    if (extra.surfaceOp === 'append') surface.push(e.seq);
    return e.seq;
  };
  const uuid = () => `${seq.toString(16).padStart(8, '0')}-0000-4000-8000-${int(0, 0xffffff).toString(16).padStart(12, '0')}`;
  const answer = (turn: number, step: number, calls: string[]): number[] => {
    const seqs: number[] = [ev('assistant/chunk', { turn, step, chunk: { type: 'block-start', index: 0, blockType: 'text' } })];
    const texts = Array.from({ length: int(20, 160) }, () => `${words(int(2, 8))} `);
    const dt = texts.slice(1).map(() => int(5, 40));
    time += 10;
    write({ type: 'text-chunks', seq0: seq, time0: time, data: { turn, step, index: 0, dt, texts } });
    for (let k = 0; k < texts.length; k++) seqs.push(seq++);
    time += dt.reduce((a, b) => a + b, 0);
    const text = texts.join('');
    seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'block-end', index: 0, block: { type: 'text', text } } }));
    seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'usage', usage: { inputTokens: int(100, 5000), outputTokens: texts.length * 3, cacheReadTokens: int(0, 60000) } } }));
    seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'finish', reason: { kind: calls.length > 0 ? 'tool-calls' : 'stop' } } }));
    const content = [{ type: 'text', text }, ...calls.map((c) => ({ type: 'tool-call', id: c, name: 'read', arguments: JSON.stringify({ path: `src/${words(1)}.ts` }) }))];
    ev('assistant/message', { turn, step, message: { role: 'assistant', content, source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-flash' }, id: uuid() } }, { sourceEventSeqs: seqs, surfaceOp: 'append' });
    return seqs;
  };
  let turn = 0;
  while (bytes + bufferLength < targetBytes) {
    turn++;
    ev('turn/start', { turn });
    ev('step/start', { turn, step: 1 });
    ev('user/message', { content: [{ type: 'text', text: words(int(5, 60)) }], source: { kind: 'user' }, role: 'user', id: uuid() }, { surfaceOp: 'append' });
    ev('request/header', { header: { config: { provider: 'deepseek-official', model: 'deepseek-v4-flash' }, system: 'You are DeepSeek Harness.' }, reason: turn === 1 ? 'initial' : 'resume' });
    const calls = rnd() < 0.6 ? Array.from({ length: int(1, 3) }, (_, c) => `call_0${c}_${seq.toString(36).padStart(22, '0')}`) : [];
    answer(turn, 1, calls);
    for (const callId of calls) {
      const callSeq = ev('tool/call', { turn, step: 1, callId, name: 'read', arguments: '{"path":"src/index.ts"}' });
      const body = words(int(80, 650));
      ev('tool/result', { turn, step: 1, message: { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: body }], isError: false }], role: 'user', id: uuid() } }, { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
    }
    ev('step/end', { turn, step: 1 });
    if (calls.length > 0) {
      ev('step/start', { turn, step: 2 });
      answer(turn, 2, []);
      ev('step/end', { turn, step: 2 });
    }
    ev('turn/end', { turn, reason: { kind: 'completed' } });
    if (turn % 6 === 0 && surface.length > 2) {
      // Standalone compaction: everything but the last message becomes one checkpoint.
      const compactionId = uuid();
      const startSeq = ev('compaction/start', { compactionId, turn: null });
      const shadowed = surface.slice(0, -1);
      const summarySeq = ev('compaction/summary', { compactionId, summary: [{ type: 'text', text: words(60) }], shadowedRange: { start: shadowed[0], end: shadowed[shadowed.length - 1] }, shadowedSeqs: shadowed, shadowedTokenCount: shadowed.length * 300, provider: 'deepseek-official', model: 'deepseek-v4-flash' });
      time += 5;
      const checkpoint = { type: 'user/message', seq: seq++, time, data: { content: [{ type: 'text', text: `checkpoint\n\n<compacted-summary>` }, { type: 'text', text: words(60) }, { type: 'text', text: '</compacted-summary>' }], source: { kind: 'plugin', plugin: 'compact', compactionId }, role: 'user', id: uuid() }, sourceEventSeqs: [startSeq, summarySeq, ...shadowed], surfaceOp: { op: 'replace', start: shadowed[0], end: shadowed[shadowed.length - 1] } };
      write(checkpoint);
      surface.splice(0, shadowed.length, checkpoint.seq);
      ev('compaction/end', { compactionId, turn: null });
    }
  }
  flush();
  closeSync(fd);
  return { bytes, events: seq, lines };
}
