import { randomUUID } from 'node:crypto';
import type { SessionEvent, SessionHeader } from '../../invariants/log/types.js';
import { SessionModel } from '../../invariants/model/session-model.js';
import { createUserMessage, type UserMessage } from '../../reference/shared/message.js';
import { SimAgent, type InboxLane } from './agent.js';
import { VirtualClock, setProcessTimeZone } from './clock.js';
import { HostContext, ListenerRegistry, type CapturedLog } from './context.js';
import { SimSession } from './session.js';
import { checkpointContent } from './checkpoint.js';
import { describeError, safeJson, type Downstream, type HostOptions, type PreStepOutcome, type ToolCallInput, type UserMessageInput } from './host-types.js';

export { describeError, onPluginError } from './host-types.js';
export type { Downstream, HostOptions, PluginFactory, PreStepOutcome, ToolCallInput, UserMessageInput } from './host-types.js';

/**
 * The simulated DSH host: one agent, one durable session log, one plugin instance under test, and the
 * agent-loop lifecycle a scenario needs (turns, the `agent/pre-step` waterfall, steps, requests,
 * assistant messages, tool calls and results, compaction, restart).
 *
 * It reproduces the DSH agent loop's observable contract (research: upstream-log-format §5,
 * upstream-sources §0) without any DSH code, so published plugins run unmodified and the reference
 * runs through exactly the same path.
 */


/** One agent of the host and the open-state fold of its log. */
interface AgentSlot {
  agent: SimAgent;
  model: SessionModel;
}

export function makeUserMessage(input: UserMessageInput): UserMessage {
  const message = createUserMessage({
    content: input.content ?? [{ type: 'text', text: input.text ?? '' }],
    source: input.source ?? { kind: 'user' },
  });
  return input.id === undefined ? message : Object.freeze({ ...message, id: input.id });
}

export class SimulatedHost {
  readonly registry = new ListenerRegistry();
  readonly clock: VirtualClock;
  ctx: HostContext;
  /** Every agent by id; actions act on the active one (`use`). */
  private readonly slots = new Map<string, AgentSlot>();
  private active: AgentSlot;
  private readonly services: Record<string, unknown>;
  /** Observations of surface actions (service and library calls, ...), in order, as JSON data. */
  readonly calls: unknown[] = [];
  /** Logs captured across restarts. */
  readonly logs: CapturedLog[] = [];
  loadError: { name: string; message: string } | null = null;

  constructor(private readonly options: HostOptions) {
    this.clock = options.clock;
    this.services = options.services ?? {};
    this.active = this.addAgent(options.agentId ?? options.header.id, options.header, options.initialEvents ?? []);
    for (const extra of options.agents ?? []) this.addAgent(extra.id, extra.header, []);
    this.ctx = this.newContext();
  }

  private addAgent(id: string, header: SessionHeader, events: readonly SessionEvent[]): AgentSlot {
    if (this.slots.has(id)) throw new Error(`two agents have the id ${JSON.stringify(id)}`);
    const agent = new SimAgent(id, new SimSession(header.id, header, events));
    const slot = { agent, model: new SessionModel() };
    for (const e of agent.session.events) slot.model.apply(e);
    this.slots.set(id, slot);
    return slot;
  }

  /** Make another agent the one actions act on (its own session, inbox and turns). */
  use(agentId: string): void {
    const slot = this.slots.get(agentId);
    if (slot === undefined) throw new Error(`no agent ${JSON.stringify(agentId)} (known: ${[...this.slots.keys()].join(', ')})`);
    this.active = slot;
  }

  /** The active agent (the first one unless a `use` switched). */
  get agent(): SimAgent {
    return this.active.agent;
  }

  /** Every agent but the first, with its final events. */
  otherAgents(): Array<{ id: string; events: SessionEvent[] }> {
    return [...this.slots.values()].slice(1).map((s) => ({ id: s.agent.id, events: [...s.agent.session.events] }));
  }

  /** Open-state fold of the active log (turn/step numbering), shared with the validator. */
  private get model(): SessionModel {
    return this.active.model;
  }

  get session(): SimSession {
    return this.agent.session;
  }

  /** The plugin module's exports, for library calls. */
  get pluginExports(): Readonly<Record<string, unknown>> | undefined {
    return this.options.plugin.exports;
  }

  /** A service the plugin provided (`ctx.reflect.provide`), else one the host offers. */
  service(name: string): unknown {
    return this.ctx.provided.has(name) ? this.ctx.provided.get(name) : this.services[name];
  }

  private newContext(): HostContext {
    return new HostContext(this.registry, this.services);
  }

  /** Load the plugin into the current context. Returns false (and records `loadError`) when it throws. */
  load(): boolean {
    if (this.options.timeZone !== undefined) setProcessTimeZone(this.options.timeZone);
    this.clock.install();
    try {
      this.options.plugin.instantiate(this.ctx, this.options.config);
      this.loadError = null;
      return true;
    } catch (error) {
      this.loadError = describeError(error);
      return false;
    }
  }

  /**
   * Process restart: dispose the plugin, reopen the same durable log, build a fresh plugin instance.
   * `config` (optional) restarts with a changed plugin configuration, as after the user edited it.
   */
  restart(options: { config?: unknown } = {}): boolean {
    if ('config' in options) this.options.config = options.config;
    this.collectLogs();
    this.ctx.dispose();
    for (const slot of this.slots.values()) slot.agent.session = slot.agent.session.reopen();
    this.ctx = this.newContext();
    return this.load();
  }

  dispose(): void {
    this.collectLogs();
    this.ctx.dispose();
    this.clock.uninstall();
  }

  private collectLogs(): void {
    this.logs.push(...this.ctx.logs.splice(0));
  }

  /** Warnings logged so far (all instances). */
  warnings(): string[] {
    this.collectLogs();
    return this.logs.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => l.message);
  }

  /** Append a durable event and emit `session/event` like DSH does after commit. */
  append(type: string, data: unknown, extra?: Parameters<SimSession['append']>[2]): SessionEvent {
    const event = this.session.append(type, data, extra);
    this.model.apply(event);
    for (const fn of this.registry.of('session/event')) fn(this.session, event);
    return event;
  }

  get openTurn(): number | null {
    return this.model.openTurn;
  }

  get openStep(): number | null {
    return this.model.openStep;
  }

  enqueue(lane: InboxLane, input: UserMessageInput): UserMessage {
    const message = makeUserMessage(input);
    this.agent.inbox.push(lane, message);
    return message;
  }

  startTurn(): number {
    const turn = this.model.nextTurn;
    this.append('turn/start', { turn });
    return turn;
  }

  /**
   * Run one pre-step and record its outcome the way the DSH agent loop does: claim the inbox, run the
   * `agent/pre-step` waterfall (prepended listeners outermost, the downstream behaviour innermost),
   * then on `enter` append `step/start` and each message as `user/message` (`surfaceOp:'append'`).
   * A reject ends the turn `blocked`; a throw or abort ends it with nothing from the batch recorded;
   * an empty enter on step 1 completes the turn without a step.
   */
  async preStep(options: { downstream?: Downstream; abortBefore?: boolean; abortWhenStalled?: boolean } = {}): Promise<PreStepOutcome> {
    if (this.model.openTurn === null) this.startTurn();
    if (this.model.openStep !== null) this.endStep();
    const turn = this.model.openTurn!;
    const step = this.model.nextStep;
    const claimed = this.agent.inbox.claim(step === 1);
    const controller = new AbortController();
    if (options.abortBefore) controller.abort(new Error('prompt submission aborted'));
    const downstream = options.downstream ?? { kind: 'default' };
    const innermost = async (): Promise<{ kind: 'enter'; messages: UserMessage[] } | { kind: 'reject' }> => {
      switch (downstream.kind) {
        case 'default':
          return { kind: 'enter', messages: [...claimed] };
        case 'enter': {
          const base = downstream.replaceClaimed ? downstream.replaceClaimed.map(makeUserMessage) : [...claimed];
          return { kind: 'enter', messages: [...base, ...(downstream.add ?? []).map(makeUserMessage)] };
        }
        case 'reject':
          return { kind: 'reject' };
        case 'throw':
          throw new Error(downstream.message);
        case 'abort':
          controller.abort(new Error('aborted by a downstream listener'));
          return { kind: 'enter', messages: [...claimed] };
      }
    };
    const listeners = this.registry.of('agent/pre-step');
    const payload = { agent: this.agent, messages: claimed, turn, step, signal: controller.signal };
    const dispatch = (i: number): Promise<any> => {
      if (i >= listeners.length) return innermost();
      return Promise.resolve(listeners[i](payload, () => dispatch(i + 1)));
    };
    let decision: any;
    try {
      const running = dispatch(0);
      // A user aborting a turn whose pre-step waits on something that never answers (a hanging read):
      // once every queued task has run and the pre-step is still pending, abort its signal.
      if (options.abortWhenStalled) {
        let settled = false;
        running.then(
          () => (settled = true),
          () => (settled = true),
        );
        await this.settle();
        if (!settled) controller.abort(new Error('turn aborted while the pre-step was stalled'));
      }
      decision = await running;
      if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
    } catch (error) {
      const described = describeError(error);
      if (controller.signal.aborted) this.append('turn/end', { turn, reason: { kind: 'aborted', reason: { kind: 'user' } } });
      else this.append('turn/end', { turn, reason: { kind: 'error', error: { message: described.message, code: described.code ?? 'PRE_STEP_FAILED' } } });
      return { kind: 'error', turn, step, error: described };
    }
    if (decision?.kind === 'reject') {
      this.append('turn/end', { turn, reason: { kind: 'blocked' } });
      return { kind: 'reject', turn, step };
    }
    if (decision?.kind !== 'enter' || !Array.isArray(decision.messages)) {
      const error = { name: 'TypeError', message: `pre-step returned an invalid decision: ${safeJson(decision)}` };
      this.append('turn/end', { turn, reason: { kind: 'error', error: { message: error.message, code: 'PRE_STEP_FAILED' } } });
      return { kind: 'error', turn, step, error };
    }
    if (decision.messages.length === 0 && step === 1) {
      this.append('turn/end', { turn, reason: { kind: 'completed' } });
      return { kind: 'completed-empty', turn, step };
    }
    this.append('step/start', { turn, step });
    const appended: number[] = [];
    for (const message of decision.messages as UserMessage[]) {
      appended.push(this.append('user/message', message, { surfaceOp: 'append' }).seq);
    }
    return { kind: 'enter', turn, step, appended };
  }

  /** `request/header` for the open step (`initial` on the first request of the log, else `resume`). */
  request(): SessionEvent {
    const hasHeader = this.session.events.some((e) => e.type === 'request/header');
    return this.append('request/header', {
      header: { config: { provider: 'sim', model: 'sim-model' }, system: 'You are a simulated agent.' },
      reason: hasHeader ? 'resume' : 'initial',
    });
  }

  /** An assistant message for the open step, with optional tool calls that are then run in order. */
  async assistant(input: { text?: string; toolCalls?: ToolCallInput[] } = {}): Promise<void> {
    const turn = this.model.openTurn;
    const step = this.model.openStep;
    if (turn === null || step === null) throw new Error('assistant message outside an open step');
    const calls = (input.toolCalls ?? []).map((c, i) => ({ ...c, callId: c.callId ?? `call_${turn}_${step}_${i}` }));
    const content: unknown[] = [];
    if (input.text !== undefined) content.push({ type: 'text', text: input.text });
    for (const c of calls) content.push({ type: 'tool-call', id: c.callId, name: c.name, arguments: JSON.stringify(c.arguments) });
    this.append(
      'assistant/message',
      { turn, step, message: { role: 'assistant', content, source: { kind: 'model', provider: 'sim', model: 'sim-model' }, id: randomUUID() } },
      { surfaceOp: 'append', sourceEventSeqs: [] },
    );
    for (const c of calls) await this.runTool(turn, step, c);
  }

  private async runTool(turn: number, step: number, call: ToolCallInput & { callId: string }): Promise<void> {
    const callEvent = this.append('tool/call', { turn, step, callId: call.callId, name: call.name, arguments: JSON.stringify(call.arguments) });
    const isError = Boolean(call.isError);
    const message = {
      source: { kind: 'tool', callId: call.callId },
      content: [{ type: 'tool-result', toolCallId: call.callId, content: [{ type: 'text', text: call.result ?? 'ok' }], isError }],
      role: 'user',
      id: randomUUID(),
    };
    const contexts = this.deliverToolResult(call, Symbol(call.callId), undefined);
    const result = this.append('tool/result', { turn, step, message }, { surfaceOp: 'append', sourceEventSeqs: [callEvent.seq] });
    for (const context of contexts) this.append('user/message', context, { surfaceOp: 'append', sourceEventSeqs: [result.seq] });
  }

  /**
   * A tool execution outside the model's step (e.g. a user-invoked command or a background task): only
   * the `tools/result` event is delivered; nothing durable is written.
   */
  toolResult(call: ToolCallInput): void {
    this.deliverToolResult(call, Symbol(call.callId ?? 'out-of-step'), undefined);
  }

  /**
   * `tools/result` for one execution, after its nested executions' results (which name it as parent).
   * Returns the additional contexts the result carries once every listener ran.
   */
  private deliverToolResult(call: ToolCallInput, token: symbol, parent: symbol | undefined): UserMessage[] {
    (call.children ?? []).forEach((child, i) => this.deliverToolResult(child, Symbol(`${String(token.description)}.${i}`), token));
    const controller = new AbortController();
    if (call.aborted) controller.abort(new Error('tool aborted'));
    const agent = call.agentless ? undefined : this.agent;
    const exec = { name: call.name, arguments: call.arguments, agent, signal: controller.signal, token, parent };
    const result = { isError: Boolean(call.isError), additionalContexts: (call.additionalContexts ?? []).map(makeUserMessage) };
    for (const fn of this.registry.of('tools/result')) fn(exec, result);
    // The execution is over: a listener that kept using its signal now sees it aborted.
    if (call.abortAfterResult) controller.abort(new Error('tool execution ended'));
    return Array.isArray(result.additionalContexts) ? (result.additionalContexts as UserMessage[]) : [];
  }

  endStep(): void {
    if (this.model.openStep === null || this.model.openTurn === null) return;
    this.append('step/end', { turn: this.model.openTurn, step: this.model.openStep });
  }

  endTurn(reason: unknown = { kind: 'completed' }): void {
    if (this.model.openTurn === null) return;
    this.endStep();
    this.append('turn/end', { turn: this.model.openTurn, reason });
  }

  /**
   * A compaction bracket: `compaction/start` → `compaction/summary` → checkpoint `user/message`
   * replacing surface nodes `[from..to]` (by default everything visible but the last node) →
   * `compaction/end`. Between turns it is a manual compaction (`turn:null`).
   */
  compact(options: { summary?: string; keepLast?: number } = {}): { shadowed: number[] } {
    const nodes = [...this.session.surface.nodes];
    const keep = options.keepLast ?? 1;
    const span = nodes.slice(0, Math.max(0, nodes.length - keep));
    if (span.length === 0) return { shadowed: [] };
    const compactionId = randomUUID();
    const turn = this.model.openTurn;
    const summaryText = options.summary ?? 'Summary of the earlier conversation.';
    const start = this.append('compaction/start', { compactionId, turn });
    const summary = this.append('compaction/summary', {
      compactionId,
      summary: [{ type: 'text', text: summaryText }],
      shadowedRange: { start: span[0], end: span[span.length - 1] },
      shadowedSeqs: span,
      shadowedTokenCount: span.length * 10,
      provider: 'sim',
      model: 'sim-model',
    });
    this.append(
      'user/message',
      {
        content: checkpointContent(summaryText),
        source: { kind: 'plugin', plugin: 'compact', compactionId },
        role: 'user',
        id: randomUUID(),
      },
      { surfaceOp: { op: 'replace', start: span[0], end: span[span.length - 1] }, sourceEventSeqs: [start.seq, summary.seq, ...span] },
    );
    this.append('compaction/end', { compactionId, turn });
    return { shadowed: span };
  }

  /** Let queued asynchronous plugin work (e.g. projections after tool results) finish. */
  async settle(rounds = 20): Promise<void> {
    for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
