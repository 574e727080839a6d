import { HostContext, ListenerRegistry } from '../../conformance/host/context.js';
import type { UserMessage } from '../../reference/shared/message.js';
import { CannedShell } from './canned-shell.js';
import type { GeneratedSession } from './history.js';
import type { LoadedImplementation } from './implementations.js';
import { seededRandom } from './random.js';
import { SessionWriter, reopenSession, type BenchSession, type PreStepPoint } from './session-writer.js';
import type { ShapeSpec } from './shapes.js';
import { virtualTime } from './virtual-clock.js';

/**
 * Drives one plugin instance through the pre-steps of a big generated session, the way the agent loop
 * would, with the measured part reduced to exactly one `agent/pre-step` listener call (including the
 * `next()` it delegates to and the reading it creates). Everything the host does around it (opening
 * the turn, claiming the prompt, committing the decision, writing the step's chunks, messages, tool
 * events, compactions) happens in {@link prepare} and {@link complete}, outside the timed call.
 *
 * The context is the simulated host's own `HostContext` (so `ctx.on` / `ctx.get` / `ctx.logger` are
 * the real surface); the agent is a minimal `{id, session, inbox}` over a plain event array, because
 * pushing a million events through `SimulatedHost` (clones, freezing, listeners) would take minutes.
 *
 * Steady state: the log grows by one step's events per measured call, so the reference's index is
 * always extended incrementally; once it has grown by {@link growthSlack} events the session is
 * reopened from the generated base (outside the measurement, followed by one unmeasured priming call
 * that pays the index build), so every measured call sees a log of about the nominal size.
 */

export type Decision = { kind: 'reject'; [key: string]: unknown } | { kind: 'enter'; messages: readonly UserMessage[] };
type PreStepListener = (payload: unknown, next: () => Promise<Decision>) => Promise<Decision>;

/** How far a steady-state log may grow past its nominal size before it is reopened. */
export function growthSlack(size: number): number {
  return Math.max(Math.ceil(size / 10), 100);
}

/** Seed of the writer that extends the log in steady state (the same for every implementation). */
export const GROWTH_SEED = 0x0ddba11;

export class PreStepDriver {
  private listener!: PreStepListener;
  private ctx: HostContext | undefined;
  private session!: BenchSession;
  private writer!: SessionWriter;
  private agent!: { id: string; session: BenchSession; inbox: { nextTurn: UserMessage[]; nextStep: UserMessage[] } };
  private pending: { point: PreStepPoint; payload: unknown; next: () => Promise<Decision> } | undefined;
  readonly shell: CannedShell;
  /** Reopens of the session because it outgrew the slack (reported, so the procedure is visible). */
  reopens = 0;
  /** Listener calls, measured or not. */
  calls = 0;

  constructor(
    readonly impl: LoadedImplementation,
    readonly shape: ShapeSpec,
    private readonly base: GeneratedSession,
  ) {
    this.shell = new CannedShell(shape.shell);
    this.restart();
  }

  get source(): LoadedImplementation['source'] {
    return this.impl.source;
  }

  get logLength(): number {
    return this.session.events.length;
  }

  /** The session the plugin currently sees (tests inspect it). */
  get currentSession(): BenchSession {
    return this.session;
  }

  /** A process restart: dispose the instance, reopen the log from the generated base, apply a fresh instance. */
  restart(): void {
    this.ctx?.dispose();
    const registry = new ListenerRegistry();
    this.ctx = new HostContext(registry, { shell: this.shell });
    this.impl.plugin.factory.instantiate(this.ctx, this.shape.config[this.source]);
    const listeners = registry.of('agent/pre-step');
    if (listeners.length !== 1) throw new Error(`${this.impl.label}: expected one agent/pre-step listener, got ${listeners.length}`);
    this.listener = listeners[0] as PreStepListener;
    this.reopen();
  }

  /** A new session object over a copy of the generated base (same plugin instance). */
  reopen(): void {
    this.session = reopenSession(this.base.session);
    this.writer = new SessionWriter(this.session, seededRandom(GROWTH_SEED), { ...this.base.state }, { compactEveryTurns: this.shape.log.compactEveryTurns });
    this.agent = { id: this.session.id, session: this.session, inbox: { nextTurn: [], nextStep: [] } };
    this.pending = undefined;
  }

  /** Pre-steps that count: tmux-context only works on a turn's first step (the others return at once). */
  private measures(point: PreStepPoint): boolean {
    return this.source === 'time-context' || point.step === 1;
  }

  private open(point: PreStepPoint): NonNullable<PreStepDriver['pending']> {
    const claimed = point.claimed;
    const payload = { agent: this.agent, messages: claimed, turn: point.turn, step: point.step, signal: new AbortController().signal };
    const next = () => Promise.resolve<Decision>({ kind: 'enter', messages: [...claimed] });
    return { point, payload, next };
  }

  /** Advance the log to the next measured pre-step (running any unmeasured ones through the plugin). */
  async prepare(): Promise<void> {
    if (this.pending !== undefined) return;
    for (;;) {
      const pending = this.open(this.writer.beginPreStep());
      if (this.measures(pending.point)) {
        this.pending = pending;
        virtualTime.now = this.writer.now;
        return;
      }
      virtualTime.now = this.writer.now;
      this.calls++;
      this.commit(pending.point, await this.listener(pending.payload, pending.next));
    }
  }

  /** The measured part: one listener call. {@link prepare} must have run. */
  call(): Promise<Decision> {
    const pending = this.pending;
    if (pending === undefined) throw new Error('internal: call() without prepare()');
    this.calls++;
    return this.listener(pending.payload, pending.next);
  }

  /** After the measured call: commit the decision and write the rest of the step; reopen if the log outgrew the slack. */
  async complete(decision: Decision): Promise<void> {
    const pending = this.pending;
    if (pending === undefined) throw new Error('internal: complete() without prepare()');
    this.pending = undefined;
    this.commit(pending.point, decision);
    if (this.session.events.length > this.base.session.events.length + growthSlack(this.base.session.events.length)) {
      this.reopens++;
      this.reopen();
      await this.prime();
    }
  }

  /** Throw the pending pre-step away (restart-first: only the first call after each restart counts). */
  discard(): void {
    this.pending = undefined;
  }

  /** One unmeasured pre-step (pays whatever the first call on a session costs, e.g. an index build). */
  async prime(): Promise<void> {
    await this.prepare();
    await this.complete(await this.call());
  }

  private commit(point: PreStepPoint, decision: Decision): void {
    if (decision.kind !== 'enter') throw new Error(`${this.impl.label}: unexpected ${decision.kind} decision in the benchmark`);
    const messages = this.shape.commitReadings ? decision.messages : decision.messages.filter((m) => m.source.plugin !== this.source);
    this.writer.commit(point, messages);
    this.writer.finishStep(point);
  }
}
