import { SimulatedHost, VirtualClock, type PluginFactory } from '../../host/index.js';
import { createWorkspace, applyWorkspaceEnv, WorkspaceChange, WorkspaceSpec, type WorkspaceSpecInput } from '../../host/services/fs.js';
import { performAction } from '../../scenario/execute.js';
import { IdNormaliser } from '../../scenario/normalise.js';
import type { Action } from '../../scenario/schema.js';

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

/** Scenario actions, plus `reconfigure` (a restart with another config). */
export type DriveAction = Action | { do: 'reconfigure'; config: Record<string, unknown> };

export interface DriveRecord {
  outcomes: unknown[];
  log: unknown[];
  inbox: unknown[];
  warnings: string[];
  fsCalls: string[];
}

export const DRIVE_CLOCK = Date.parse('2026-08-01T00:00:00.000Z');

export async function drive(plugin: PluginFactory, input: DriveInput): Promise<DriveRecord> {
  const section = WorkspaceSpec.parse(input.workspace);
  const restoreEnv = applyWorkspaceEnv(section.env);
  const workspace = createWorkspace(section, input.mode ?? 'virtual');
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
  if (action.do === 'reconfigure') return performAction(host, { do: 'restart', config: action.config }, () => {});
  // The process time zone is irrelevant to agent-instructions; leaving it alone keeps these in-process
  // tests from leaking a TZ into each other (executeScenario restores it, this driver does not need to).
  if (action.do === 'tz') return undefined;
  return performAction(host, action, (_section, c) => change(c));
}
