import type { SessionEvent, SessionHeader, SurfaceOp } from '../../invariants/log/types.js';
import type { UserMessage } from '../../reference/shared/message.js';
import type { Random } from './random.js';
import { checkpointContent } from '../../conformance/host/checkpoint.js';

/**
 * Writes a DSH session log the way the agent loop does (research: upstream-log-format §5.1), straight
 * into an in-memory event array: turn and step brackets, inbox splices, prompts, streamed assistant
 * chunks, assistant messages, tool calls and results, and standalone compactions.
 *
 * The benchmark needs sessions of up to a million events, so it never drives the simulated host one
 * event at a time (structured clones, freezing, listeners): the writer builds plain event objects and
 * keeps the model-visible surface with the same fold rule (append, or replace a span by a checkpoint).
 * The same writer extends a log between measured pre-steps, so the growth the plugins see in steady
 * state looks exactly like the generated history.
 */

/** The object plugins see as `agent.session`. */
export interface BenchSession {
  readonly id: string;
  readonly header: SessionHeader;
  readonly events: SessionEvent[];
  readonly surface: { nodes: number[] };
}

/** One pre-step the loop is about to run: the turn and step, and the inbox messages it claimed. */
export interface PreStepPoint {
  turn: number;
  step: number;
  claimed: UserMessage[];
}

/** Where a writer continues from: everything about the log's tail that is not in the events. */
export interface WriterState {
  time: number;
  lastTurn: number;
  turnsSinceCompaction: number;
  requested: boolean;
}

export interface WriterOptions {
  /** Write a standalone compaction after every `compactEveryTurns` turns (none when undefined). */
  compactEveryTurns?: number;
}

const PROVIDER = 'deepseek-official';
const MODEL = 'deepseek-v4-flash';
const WORDS = ['the', 'session', 'log', 'records', 'every', 'step', 'and', 'the', 'model', 'answers', 'while', 'tools', 'read', 'files', 'run', 'commands'];
const TOOLS = ['bash', 'read', 'edit', 'grep'];
export const START_TIME = Date.UTC(2026, 6, 14, 8, 0, 0);

export function newSession(id: string): BenchSession {
  const header: SessionHeader = { type: 'session', version: 0, id, createdAt: START_TIME, cwd: '/home/alice/proj', delegationDepth: 0 };
  return { id, header, events: [], surface: { nodes: [] } };
}

/** A copy of `session` over a new events array and surface, as a reopened session after a restart. */
export function reopenSession(session: BenchSession): BenchSession {
  return { id: session.id, header: session.header, events: session.events.slice(), surface: { nodes: session.surface.nodes.slice() } };
}

export function initialState(): WriterState {
  return { time: START_TIME, lastTurn: 0, turnsSinceCompaction: 0, requested: false };
}

export class SessionWriter {
  private open: { turn: number; steps: number; step: number } | undefined;
  private prompt: UserMessage | undefined;

  constructor(
    readonly session: BenchSession,
    private readonly rnd: Random,
    readonly state: WriterState,
    private readonly options: WriterOptions = {},
  ) {}

  /** The time the next event would get if written now (what `Date.now()` reads at a pre-step). */
  get now(): number {
    return this.state.time;
  }

  get length(): number {
    return this.session.events.length;
  }

  /** Between turns: the log ends with a complete turn (and any compaction after it). */
  get atTurnBoundary(): boolean {
    return this.open === undefined;
  }

  private tick(lo: number, hi: number): void {
    this.state.time += this.rnd.int(lo, hi);
  }

  private id(): string {
    const hex = (n: number) => Array.from({ length: n }, () => this.rnd.int(0, 15).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  }

  private words(lo: number, hi: number): string {
    return Array.from({ length: this.rnd.int(lo, hi) }, () => this.rnd.pick(WORDS)).join(' ');
  }

  append(type: string, data: unknown, extra: { surfaceOp?: SurfaceOp; sourceEventSeqs?: number[] } = {}): SessionEvent {
    const events = this.session.events;
    const event: SessionEvent = { type, seq: events.length, time: this.state.time, data };
    if (extra.sourceEventSeqs !== undefined) event.sourceEventSeqs = extra.sourceEventSeqs;
    if (extra.surfaceOp !== undefined) event.surfaceOp = extra.surfaceOp;
    events.push(event);
    if (extra.surfaceOp === 'append') this.session.surface.nodes.push(event.seq);
    return event;
  }

  /**
   * Open the next pre-step: a new turn (prompt spliced into the inbox, `turn/start`) when none is
   * open, then the inbox claim (the prompt, on a turn's first step). Returns what the loop passes to
   * the `agent/pre-step` waterfall.
   */
  beginPreStep(): PreStepPoint {
    if (this.open === undefined) {
      const turn = this.state.lastTurn + 1;
      this.state.lastTurn = turn;
      this.tick(20_000, 240_000);
      // Every third prompt comes from the web UI and carries a browser time-zone claim.
      const source = turn % 3 === 0 ? { kind: 'user', rpcId: this.id(), clientTimeZone: 'Europe/Berlin' } : { kind: 'user' };
      this.prompt = { content: [{ type: 'text', text: this.words(4, 24) }], source, role: 'user', id: this.id() };
      this.append('agent/inbox/spliced', { target: 'next-turn', start: 0, inserted: [this.prompt] });
      this.tick(1, 5);
      this.append('turn/start', { turn });
      this.open = { turn, steps: this.rnd.int(1, 4), step: 0 };
    }
    const open = this.open;
    open.step++;
    this.tick(1, 20);
    const claimed: UserMessage[] = [];
    if (open.step === 1 && this.prompt !== undefined) {
      this.append('agent/inbox/spliced', { target: 'next-turn', start: 0, removedCount: 1, inserted: [] });
      claimed.push(this.prompt);
      this.prompt = undefined;
    }
    return { turn: open.turn, step: open.step, claimed };
  }

  /** The loop's commit of an entered decision: `step/start`, then each message as an appended `user/message`. */
  commit(point: PreStepPoint, messages: readonly UserMessage[]): void {
    this.tick(1, 10);
    this.append('step/start', { turn: point.turn, step: point.step });
    for (const message of messages) {
      this.tick(0, 2);
      this.append('user/message', message, { surfaceOp: 'append' });
    }
  }

  /**
   * The rest of the step: request header (first request only), streamed chunks, the assistant message,
   * a tool call and its result unless it is the turn's last step, `step/end`; after the last step
   * `turn/end`, and a compaction when one is due.
   */
  finishStep(point: PreStepPoint): void {
    const open = this.open;
    if (open === undefined || open.turn !== point.turn || open.step !== point.step) throw new Error(`internal: finishing ${point.turn}.${point.step}, but ${JSON.stringify(open)} is open`);
    const { turn, step } = point;
    const last = step >= open.steps;
    if (!this.state.requested) {
      this.append('request/header', { header: { config: { provider: PROVIDER, model: MODEL }, system: 'You are DeepSeek Harness.' }, reason: 'initial' });
      this.state.requested = true;
    }
    // A model call takes seconds: consecutive pre-steps are always more than a second apart.
    this.tick(1_000, 4_000);
    const chunkSeqs: number[] = [];
    const chunk = (value: unknown) => {
      this.tick(5, 40);
      chunkSeqs.push(this.append('assistant/chunk', { turn, step, chunk: value }).seq);
    };
    const content: unknown[] = [];
    chunk({ type: 'block-start', index: 0, blockType: 'text' });
    const texts = Array.from({ length: this.rnd.int(1, 8) }, () => `${this.words(1, 6)} `);
    for (const text of texts) chunk({ type: 'text-delta', index: 0, text });
    const answer = { type: 'text', text: texts.join('') };
    chunk({ type: 'block-end', index: 0, block: answer });
    content.push(answer);
    let call: { type: 'tool-call'; id: string; name: string; arguments: string } | undefined;
    if (!last) {
      call = { type: 'tool-call', id: `call_00_${this.id().replace(/-/g, '').slice(0, 24)}`, name: this.rnd.pick(TOOLS), arguments: JSON.stringify({ command: this.words(1, 3) }) };
      chunk({ type: 'block-start', index: 1, blockType: 'tool-call' });
      chunk({ type: 'tool-call-delta', index: 1, id: call.id, name: call.name, argumentsDelta: call.arguments });
      chunk({ type: 'block-end', index: 1, block: call });
      content.push(call);
    }
    const usage = { inputTokens: this.rnd.int(100, 4000), outputTokens: this.rnd.int(10, 600), cacheReadTokens: this.rnd.int(0, 60_000) };
    chunk({ type: 'usage', usage });
    chunk({ type: 'finish', reason: { kind: last ? 'stop' : 'tool-calls' } });
    this.tick(0, 3);
    this.append('assistant/message', { turn, step, message: { role: 'assistant', content, source: { kind: 'model', provider: PROVIDER, model: MODEL }, id: this.id() }, usage }, { surfaceOp: 'append', sourceEventSeqs: chunkSeqs });
    if (call !== undefined) {
      this.tick(1, 5);
      const callEvent = this.append('tool/call', { turn, step, callId: call.id, name: call.name, arguments: call.arguments });
      this.tick(200, 5_000);
      const result = { source: { kind: 'tool', callId: call.id }, content: [{ type: 'tool-result', toolCallId: call.id, content: [{ type: 'text', text: this.words(5, 40) }], isError: false }], role: 'user', id: this.id() };
      this.append('tool/result', { turn, step, message: result }, { surfaceOp: 'append', sourceEventSeqs: [callEvent.seq] });
    }
    this.tick(1, 3);
    this.append('step/end', { turn, step });
    if (!last) return;
    this.tick(0, 2);
    this.append('turn/end', { turn, reason: { kind: 'completed' } });
    this.open = undefined;
    this.state.turnsSinceCompaction++;
    const every = this.options.compactEveryTurns;
    if (every !== undefined && this.state.turnsSinceCompaction >= every) this.compact();
  }

  /**
   * A manual compaction between turns (`turn: null`): everything visible but the last node is replaced
   * by a checkpoint `user/message`, so every earlier reading is shadowed (still in the raw log).
   */
  compact(): void {
    if (this.open !== undefined) throw new Error('internal: compaction inside an open turn');
    const nodes = this.session.surface.nodes;
    if (nodes.length < 2) return;
    const span = nodes.slice(0, -1);
    const compactionId = this.id();
    this.tick(5_000, 60_000);
    const start = this.append('compaction/start', { compactionId, turn: null });
    this.tick(2_000, 15_000);
    const summaryText = this.words(20, 60);
    const summary = this.append('compaction/summary', {
      compactionId,
      summary: [{ type: 'text', text: summaryText }],
      shadowedRange: { start: span[0], end: span[span.length - 1] },
      shadowedSeqs: span,
      shadowedTokenCount: span.length * 40,
      provider: PROVIDER,
      model: MODEL,
    });
    this.tick(0, 2);
    const checkpoint = this.append(
      'user/message',
      {
        content: checkpointContent(summaryText),
        source: { kind: 'plugin', plugin: 'compact', compactionId },
        role: 'user',
        id: this.id(),
      },
      { surfaceOp: { op: 'replace', start: span[0], end: span[span.length - 1] }, sourceEventSeqs: [start.seq, summary.seq, ...span] },
    );
    nodes.splice(0, span.length, checkpoint.seq);
    this.tick(0, 2);
    this.append('compaction/end', { compactionId, turn: null });
    this.state.turnsSinceCompaction = 0;
  }
}
