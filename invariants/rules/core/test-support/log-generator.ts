import fc from 'fast-check';

/**
 * Random DSH session logs for property tests: a valid log built step by step the way the agent loop
 * writes it (turns, steps, prompts, chunks, tool calls and results, standalone and in-turn
 * compactions, prunes, seed markers, a possibly open final turn), then zero or more mutations of the
 * kind real corruption or a buggy writer produces. Everything is plain JSON; `encode` renders lines.
 */
export type Ev = { type: string; seq: number; time: number; data: unknown; surfaceOp?: unknown; sourceEventSeqs?: number[]; [k: string]: unknown };

export interface StepPlan {
  prompts: number;
  chunks: number;
  calls: number;
  emptyAssistant: boolean;
}
export interface TurnPlan {
  compactBefore: boolean;
  steps: StepPlan[];
}
export type Segment =
  | { kind: 'turn'; turn: TurnPlan }
  | { kind: 'standalone-compaction'; from: number; span: number; fail: boolean }
  | { kind: 'prune' }
  | { kind: 'misc' }
  | { kind: 'end-seed' };

export interface LogPlan {
  segments: Segment[];
  leaveOpen: boolean;
  clockBack: boolean;
}

const stepArb: fc.Arbitrary<StepPlan> = fc.record({
  prompts: fc.integer({ min: 0, max: 2 }),
  chunks: fc.integer({ min: 0, max: 5 }),
  calls: fc.integer({ min: 0, max: 2 }),
  emptyAssistant: fc.boolean(),
});

const segmentArb: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('turn' as const), turn: fc.record({ compactBefore: fc.boolean(), steps: fc.array(stepArb, { minLength: 0, maxLength: 3 }) }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('standalone-compaction' as const), from: fc.nat(20), span: fc.integer({ min: 1, max: 4 }), fail: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'prune' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'misc' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'end-seed' as const }) },
);

export const logPlanArb: fc.Arbitrary<LogPlan> = fc.record({
  segments: fc.array(segmentArb, { minLength: 1, maxLength: 6 }),
  leaveOpen: fc.boolean(),
  clockBack: fc.boolean(),
});

export const HEADER = { type: 'session', version: 0, id: 'session-gen', createdAt: 1_780_000_000_000, cwd: '/home/alice/proj', delegationDepth: 0 };

/** Builds the valid log a plan describes. Deterministic: ids derive from seqs. */
export function buildLog(plan: LogPlan): Ev[] {
  const events: Ev[] = [];
  let time = HEADER.createdAt + 10;
  const surface: number[] = [];
  const toolResults = new Map<number, Ev>();
  let turn = 0;
  const push = (type: string, data: unknown, extra: Partial<Ev> = {}): Ev => {
    time += 7;
    const ev: Ev = { type, seq: events.length, time, data, ...extra };
    events.push(ev);
    if (extra.surfaceOp === 'append') surface.push(ev.seq);
    return ev;
  };
  const replace = (startIdx: number, endIdx: number, build: (shadowed: number[], seq: number) => Ev): Ev => {
    const shadowed = surface.slice(startIdx, endIdx + 1);
    const ev = build(shadowed, events.length);
    time += 7;
    ev.time = time;
    events.push(ev);
    surface.splice(startIdx, endIdx - startIdx + 1, ev.seq);
    for (const s of shadowed) toolResults.delete(s);
    return ev;
  };
  const user = (text: string, source: object = { kind: 'user' }) => ({ content: [{ type: 'text', text }], source, role: 'user', id: `m-${events.length}` });
  const compaction = (owner: number | null, from: number, span: number, fail: boolean): void => {
    const id = `c-${events.length}`;
    const start = push('compaction/start', { compactionId: id, turn: owner });
    if (fail || surface.length === 0) {
      push('compaction/end', { compactionId: id, turn: owner, error: 'summarizer failed' });
      return;
    }
    const startIdx = Math.min(from, surface.length - 1);
    const endIdx = Math.min(surface.length - 1, startIdx + span - 1);
    const shadowed = surface.slice(startIdx, endIdx + 1);
    const summary = push('compaction/summary', {
      compactionId: id,
      summary: [{ type: 'text', text: 'summary' }],
      shadowedRange: { start: shadowed[0], end: shadowed[shadowed.length - 1] },
      shadowedSeqs: shadowed,
      shadowedTokenCount: 100,
      provider: 'p',
      model: 'm',
    });
    replace(startIdx, endIdx, (sh, seq) => ({
      type: 'user/message',
      seq,
      time: 0,
      data: { content: [{ type: 'text', text: 'checkpoint' }], source: { kind: 'plugin', plugin: 'compact', compactionId: id }, role: 'user', id: `cp-${seq}` },
      sourceEventSeqs: [start.seq, summary.seq, ...sh],
      surfaceOp: { op: 'replace', start: sh[0], end: sh[sh.length - 1] },
    }));
    push('compaction/end', { compactionId: id, turn: owner });
  };
  const prune = (): void => {
    const target = [...toolResults.keys()].find((s) => surface.includes(s));
    if (target === undefined) return;
    const original = toolResults.get(target)!;
    push('compaction/prune', { shadowedRange: { start: target, end: target }, shadowedSeqs: [target], shadowedTokenCount: 10 });
    const idx = surface.indexOf(target);
    replace(idx, idx, (_sh, seq) => {
      const data = structuredClone(original.data) as { message: { content: Array<{ content: unknown }> } };
      data.message.content[0].content = [{ type: 'text', text: '[pruned]' }];
      return { type: 'tool/result', seq, time: 0, data, sourceEventSeqs: [target], surfaceOp: { op: 'replace', start: target, end: target } };
    });
  };

  plan.segments.forEach((segment, si) => {
    const last = si === plan.segments.length - 1;
    switch (segment.kind) {
      case 'misc':
        push('session/title', { title: 'A title', messageSeqs: [], source: 'llm' });
        return;
      case 'end-seed':
        push('session/end-seed', {});
        return;
      case 'prune':
        return; // prunes happen inside turns (pre-step); see below
      case 'standalone-compaction':
        compaction(null, segment.from, segment.span, segment.fail);
        return;
      case 'turn': {
        turn++;
        push('turn/start', { turn });
        const steps = segment.turn.steps;
        for (let s = 0; s < steps.length; s++) {
          const step = s + 1;
          const sp = steps[s];
          if (segment.turn.compactBefore && s === 0 && surface.length > 1) compaction(turn, 0, 2, false);
          if (s === 1 && plan.segments.some((x) => x.kind === 'prune')) prune();
          push('step/start', { turn, step });
          for (let p = 0; p < sp.prompts; p++) push('user/message', user(`prompt ${p}`), { surfaceOp: 'append' });
          if (s === 0 && turn === 1) push('request/header', { header: { config: { provider: 'p', model: 'm' } }, reason: 'initial' });
          const chunkSeqs: number[] = [];
          if (sp.chunks > 0) {
            chunkSeqs.push(push('assistant/chunk', { turn, step, chunk: { type: 'block-start', index: 0, blockType: 'text' } }).seq);
            for (let c = 0; c < sp.chunks; c++) chunkSeqs.push(push('assistant/chunk', { turn, step, chunk: { type: 'text-delta', index: 0, text: `t${c} ` } }).seq);
          }
          const calls = Array.from({ length: sp.calls }, (_, c) => `call_${turn}_${step}_${c}`);
          const content = sp.emptyAssistant && calls.length === 0 ? [] : [{ type: 'text', text: 'answer' }, ...calls.map((id) => ({ type: 'tool-call', id, name: 'bash', arguments: '{}' }))];
          push('assistant/message', { turn, step, message: { role: 'assistant', content, source: { kind: 'model', provider: 'p', model: 'm' }, id: `a-${events.length}` } }, { sourceEventSeqs: chunkSeqs, surfaceOp: 'append' });
          for (const callId of calls) {
            const call = push('tool/call', { turn, step, callId, name: 'bash', arguments: '{}' });
            const result = push(
              'tool/result',
              { turn, step, message: { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'ok' }], isError: false }], role: 'user', id: `r-${events.length}` } },
              { sourceEventSeqs: [call.seq], surfaceOp: 'append' },
            );
            toolResults.set(result.seq, result);
          }
          if (last && plan.leaveOpen && s === steps.length - 1) return; // crash mid-step
          push('step/end', { turn, step });
        }
        if (last && plan.leaveOpen) return;
        push('turn/end', { turn, reason: { kind: 'completed' } });
        if (plan.clockBack && turn === 1) time -= 5_000;
        return;
      }
    }
  });
  return events;
}

/** A mutation of the kind real corruption or a buggy writer produces. */
export type Mutation =
  | { kind: 'drop'; at: number; renumber: boolean }
  | { kind: 'swap'; at: number }
  | { kind: 'duplicate'; at: number }
  | { kind: 'bump-number'; at: number; field: 'turn' | 'step' }
  | { kind: 'unknown-type'; at: number; ignorable: boolean }
  | { kind: 'extra-key'; at: number }
  | { kind: 'strip-surface-op'; at: number }
  | { kind: 'add-surface-op'; at: number }
  | { kind: 'retarget-call'; at: number }
  | { kind: 'change-compaction-id'; at: number }
  | { kind: 'float-time'; at: number }
  | { kind: 'drop-message-id'; at: number }
  | { kind: 'future-source'; at: number }
  | { kind: 'replace-off-surface'; at: number }
  | { kind: 'fallback-header'; at: number };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), renumber: fc.boolean() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('bump-number' as const), at: fc.nat(), field: fc.constantFrom('turn' as const, 'step' as const) }),
  fc.record({ kind: fc.constant('unknown-type' as const), at: fc.nat(), ignorable: fc.boolean() }),
  fc.record({ kind: fc.constant('extra-key' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('strip-surface-op' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add-surface-op' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('retarget-call' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('change-compaction-id' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('float-time' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('drop-message-id' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('future-source' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace-off-surface' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('fallback-header' as const), at: fc.nat() }),
);

const renumber = (events: Ev[]) => events.forEach((e, i) => (e.seq = i));

/** Picks the `at`-th event (mod the candidates) satisfying `pred`, or undefined. */
function pick(events: Ev[], at: number, pred: (e: Ev) => boolean): Ev | undefined {
  const candidates = events.filter(pred);
  return candidates.length === 0 ? undefined : candidates[at % candidates.length];
}

export function applyMutation(source: Ev[], m: Mutation): Ev[] {
  const events = structuredClone(source);
  if (events.length === 0) return events;
  const i = m.at % events.length;
  const data = (e: Ev) => e.data as Record<string, unknown>;
  switch (m.kind) {
    case 'drop':
      events.splice(i, 1);
      if (m.renumber) renumber(events);
      break;
    case 'swap':
      if (i + 1 < events.length) [events[i], events[i + 1]] = [events[i + 1], events[i]];
      renumber(events);
      break;
    case 'duplicate':
      events.splice(i, 0, structuredClone(events[i]));
      renumber(events);
      break;
    case 'bump-number': {
      const e = pick(events, m.at, (x) => typeof data(x)?.[m.field] === 'number');
      if (e) data(e)[m.field] = (data(e)[m.field] as number) + 1;
      break;
    }
    case 'unknown-type':
      events[i].type = 'future/thing';
      if (m.ignorable) events[i].ignorable = true;
      break;
    case 'extra-key':
      events[i].extra = 1;
      break;
    case 'strip-surface-op': {
      const e = pick(events, m.at, (x) => x.surfaceOp !== undefined);
      if (e) delete e.surfaceOp;
      break;
    }
    case 'add-surface-op': {
      const e = pick(events, m.at, (x) => !['user/message', 'assistant/message', 'tool/result'].includes(x.type));
      if (e) e.surfaceOp = 'append';
      break;
    }
    case 'retarget-call': {
      const e = pick(events, m.at, (x) => x.type === 'tool/result' && x.surfaceOp === 'append');
      if (e) {
        const msg = (data(e).message as { source: { callId: string }; content: Array<{ toolCallId: string }> });
        msg.source.callId = 'call_elsewhere';
        msg.content[0].toolCallId = 'call_elsewhere';
      }
      break;
    }
    case 'change-compaction-id': {
      const e = pick(events, m.at, (x) => typeof data(x)?.compactionId === 'string');
      if (e) data(e).compactionId = 'c-other';
      break;
    }
    case 'float-time':
      events[i].time += 0.5;
      break;
    case 'drop-message-id': {
      const e = pick(events, m.at, (x) => x.type === 'user/message' || x.type === 'assistant/message');
      if (e) delete (e.type === 'user/message' ? data(e) : (data(e).message as Record<string, unknown>)).id;
      break;
    }
    case 'future-source': {
      const e = pick(events, m.at, (x) => Array.isArray(x.sourceEventSeqs) && x.sourceEventSeqs.length > 0);
      if (e) e.sourceEventSeqs = [...e.sourceEventSeqs!, e.seq + 1];
      break;
    }
    case 'replace-off-surface': {
      const e = pick(events, m.at, (x) => typeof x.surfaceOp === 'object');
      if (e) (e.surfaceOp as { start: number }).start = 999_999;
      break;
    }
    case 'fallback-header': {
      const e = pick(events, m.at, (x) => x.type === 'request/header');
      if (e) data(e).reason = 'fallback';
      break;
    }
  }
  return events;
}

/** Header line plus one line per event, each newline-terminated (as DSH writes with compression 'none'). */
export function encode(events: readonly Ev[]): string[] {
  return [JSON.stringify(HEADER), ...events.map((e) => JSON.stringify(e))];
}
