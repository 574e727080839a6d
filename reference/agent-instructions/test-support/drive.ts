import { SimulatedHost, VirtualClock, type PluginFactory, type ToolCallInput } from '../../../conformance/host/index.js';
import { createWorkspace, applyWorkspaceEnv, WorkspaceChange, WorkspaceSpec, type WorkspaceSpecInput } from '../../../conformance/host/services/fs.js';
import { IdNormaliser } from '../../../conformance/scenario/normalise.js';
import type { Action } from '../../../conformance/scenario/schema.js';

/**
 * A test driver for agent-instructions: one plugin, one workspace, a list of scenario actions, and a
 * complete, id-normalised record of what happened (outcomes, final log, the next-step inbox after
 * every action, warnings, fs calls). Differential tests run it twice (upstream, reference) and compare
 * the records; the scenario generator uses it to compute expectations.
 */

export interface DriveInput {
  config: Record<string, unknown> | undefined;
  workspace: WorkspaceSpecInput;
  cwd: string;
  actions: readonly DriveAction[];
  mode?: 'virtual' | 'real';
  clock?: number;
  initialLog?: readonly unknown[];
}

/** Scenario actions, plus a tool result delivered outside any step (no durable events). */
export type DriveAction = Action | { do: 'tool-result'; call: ToolCallInput } | { do: 'reconfigure'; config: Record<string, unknown> };

export interface DriveRecord {
  outcomes: unknown[];
  log: unknown[];
  inbox: unknown[];
  warnings: string[];
  fsCalls: string[];
}

export const DRIVE_CLOCK = Date.parse('2026-08-01T00:00:00.000Z');

export async function drive(plugin: PluginFactory, input: DriveInput): Promise<DriveRecord> {
  const spec = WorkspaceSpec.parse(input.workspace);
  const restoreEnv = applyWorkspaceEnv(spec.env);
  const workspace = createWorkspace(spec, input.mode ?? 'virtual');
  const header = { type: 'session' as const, version: 0, id: 'session-ai', createdAt: input.clock ?? DRIVE_CLOCK, cwd: input.cwd, delegationDepth: 0 };
  const host = new SimulatedHost({
    plugin,
    config: input.config,
    header,
    initialEvents: (input.initialLog ?? []) as never,
    services: workspace.fs === undefined ? {} : { fs: workspace.fs },
    clock: new VirtualClock(input.clock ?? DRIVE_CLOCK),
  });
  const outcomes: unknown[] = [];
  const inbox: unknown[] = [];
  try {
    const loaded = host.load();
    outcomes.push(loaded ? { kind: 'loaded' } : { kind: 'load-error', error: host.loadError });
    if (loaded) {
      for (const action of input.actions) {
        const outcome = await perform(host, action, (change) => workspace.service.apply(WorkspaceChange.parse(change)));
        if (outcome !== undefined) outcomes.push(outcome);
        // Background projections finish before the next action: their interleaving with host actions
        // is a matter of microtask counts, which no spec fixes.
        await host.settle(2);
        inbox.push(host.agent.inbox.nextStep.map((m) => ({ content: m.content, source: m.source, id: m.id })));
      }
      await host.settle();
      inbox.push(host.agent.inbox.nextStep.map((m) => ({ content: m.content, source: m.source, id: m.id })));
    }
    const n = new IdNormaliser();
    const log = n.value(structuredClone(host.session.events));
    return { outcomes, log, inbox: n.value(inbox), warnings: host.warnings(), fsCalls: [...workspace.service.calls] };
  } finally {
    host.dispose();
    workspace.dispose();
    restoreEnv();
  }
}

async function perform(host: SimulatedHost, action: DriveAction, change: (c: unknown) => void): Promise<unknown> {
  switch (action.do) {
    case 'tool-result':
      host.toolResult(action.call);
      return undefined;
    case 'reconfigure':
      return host.restart({ config: action.config }) ? { kind: 'loaded' } : { kind: 'load-error', error: host.loadError };
    case 'prompt':
      host.enqueue(action.lane ?? 'next-turn', action.message as never);
      return undefined;
    case 'pre-step': {
      const o = await host.preStep({ downstream: action.downstream as never, abortBefore: action.abortBefore });
      return o.kind === 'enter' ? { ...o, appended: o.appended.length } : o;
    }
    case 'request':
      host.request();
      return undefined;
    case 'assistant':
      await host.assistant({ text: action.text, toolCalls: action.toolCalls as never });
      return undefined;
    case 'step-end':
      host.endStep();
      return undefined;
    case 'turn-end':
      host.endTurn(action.reason);
      return undefined;
    case 'compact':
      host.compact({ keepLast: action.keepLast, summary: action.summary });
      return undefined;
    case 'restart':
      return host.restart() ? { kind: 'loaded' } : { kind: 'load-error', error: host.loadError };
    case 'settle':
      await host.settle();
      return undefined;
    case 'env':
      change(action.change);
      return undefined;
    case 'clock':
      if (action.set !== undefined) host.clock.set(action.set);
      if (action.advance !== undefined) host.clock.advance(action.advance);
      return undefined;
    case 'append':
      host.append(action.event.type, action.event.data, { surfaceOp: action.event.surfaceOp as never, sourceEventSeqs: action.event.sourceEventSeqs });
      return undefined;
    case 'tz':
      return undefined;
  }
}
