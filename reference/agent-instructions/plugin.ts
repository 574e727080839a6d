import type { UserMessage } from '../shared/message.js';
import { resolveConfig, type AgentInstructionsConfig } from './config.js';
import type { VersionCache } from './changes.js';
import { createComposer, type AgentLike } from './compose.js';
import { pendingWorkspaceMessages, samePayload, syncInbox, type InboxAgent } from './inbox-sync.js';
import type { FileSystemProvider } from './provider.js';
import type { Parts } from './parts.js';
import type { NestedTouches, StepGate, Touch, ToolExecution } from './touches.js';

/**
 * The plugin: three listeners over one composer.
 *
 * - `agent/pre-step` (not prepended, so it runs inside the prepended sources): delegate first, wait
 *   for this agent's queued projections, compose. On a reject or an empty first step the desired
 *   context goes to the inbox (it must not be lost); otherwise it is inserted right after the last
 *   claimed message of the decision, and any pending copy leaves the inbox.
 * - `tools/result`: collect file touches (see touches.ts) and project them into the inbox, serialised
 *   per agent, immediately or at the enclosing `step/end`.
 * - `session/event`: track open steps and release staged touches.
 */

type Agent = AgentLike & InboxAgent;

export interface Context {
  get(name: string): unknown;
  on(name: string, listener: (...args: any[]) => unknown, options?: unknown): unknown;
  effect(fn: () => () => void, label?: string): unknown;
  logger: { warn(...args: unknown[]): void };
}

type Decision = { kind: 'reject'; [key: string]: unknown } | { kind: 'enter'; messages: UserMessage[] };

/** Build `apply` over a set of parts (the reference uses `defaultParts`; mutants swap one). */
export function createApply(parts: Parts) {
  return function apply(ctx: Context, config: AgentInstructionsConfig): void {
    const resolved = resolveConfig(config);
    const versions: VersionCache = new WeakMap();
    const compose = createComposer({
      config: resolved,
      fs: () => ctx.get('fs') as FileSystemProvider | undefined,
      versions,
      preparations: new WeakMap(),
      parts,
    });
    const lifecycle = new AbortController();
    const nested: NestedTouches<Agent> = parts.newNestedTouches();
    ctx.effect(
      () => () => {
        // Disposal aborts in-flight projections (their failures are then not warnings).
        lifecycle.abort(new Error('agent-instructions disposed'));
        nested.clear();
      },
      'agent-instructions.projectionLifecycle',
    );
    const tails = new WeakMap<object, Promise<void>>();
    const gate: StepGate<Agent> = parts.newStepGate();

    const composeAndSync = async (agent: Agent, signal: AbortSignal, touchedPath: string) => {
      const desired = await compose(agent, signal, [], pendingWorkspaceMessages(agent), [touchedPath]);
      signal.throwIfAborted();
      syncInbox(agent, [], desired);
    };

    /** Projections of one agent run one after another, in touch order. */
    const queueProjection = (agent: Agent, touchedPath: string) => {
      const current = (tails.get(agent) ?? Promise.resolve())
        .then(() => composeAndSync(agent, lifecycle.signal, touchedPath))
        .catch((error) => {
          if (!lifecycle.signal.aborted) ctx.logger.warn('workspace instruction refresh failed: %o', error);
        });
      tails.set(agent, current);
      void current.then(() => {
        if (tails.get(agent) === current) tails.delete(agent);
      });
    };

    const settled = async (agent: Agent) => {
      let tail: Promise<void> | undefined;
      while ((tail = tails.get(agent)) !== undefined) await tail;
    };

    const project = (touch: Touch<Agent>) => {
      const session = touch.agent.session as object & { events: ReadonlyArray<{ type: string }> };
      if (gate.isOpen(session)) gate.stage(session, touch);
      else queueProjection(touch.agent, touch.path);
    };

    ctx.on('session/event', (session: object, event: { type: string }) => {
      for (const touch of gate.observe(session, event)) queueProjection(touch.agent, touch.path);
    });

    ctx.on('agent/pre-step', async (payload: { agent: Agent; messages: UserMessage[]; step: number; signal: AbortSignal }, next: () => Promise<Decision>) => {
      const { agent, messages, step, signal } = payload;
      const decision = await next();
      await settled(agent);
      const pending = pendingWorkspaceMessages(agent);
      const desired = await compose(agent, signal, messages, pending);
      signal.throwIfAborted();
      if (decision.kind === 'reject' || (step === 1 && decision.messages.length === 0)) {
        // Nothing enters now: keep the context queued for the step that will.
        if (parts.queueWhenNotEntering) syncInbox(agent, messages, desired);
        return decision;
      }
      for (const message of pending) agent.inbox.remove(message.id);
      if (desired === undefined || decision.messages.some((message) => samePayload(message, desired))) return decision;
      return { kind: 'enter', messages: decision.messages.toSpliced(parts.insertionIndex(decision.messages, messages), 0, desired) };
    });

    ctx.on('tools/result', (exec: ToolExecution<Agent>, result: { isError?: boolean }) => {
      const touches = nested.collect(exec, result);
      if (exec.parent !== undefined) {
        nested.handUp(exec.parent, touches);
        return;
      }
      for (const touch of touches) project(touch);
    });
  };
}
