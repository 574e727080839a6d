import type { SessionEvent, SessionHeader } from '../../invariants/log/types.js';
import { SimulatedHost, VirtualClock, setProcessTimeZone, type PluginFactory, type PreStepOutcome } from '../host/index.js';
import type { ServiceLookup } from '../host/context.js';
import type { AdapterContext, ServiceAdapter } from './adapter.js';
import { adapterFactory } from './adapters.js';
import { IdNormaliser, normaliseLog } from './normalise.js';
import { performSurfaceAction } from './surface-calls.js';
import type { Action, Outcome, ScenarioFixture } from './schema.js';

/** What a plugin actually did in a scenario: the same shape as a fixture's `expect`. */
export interface ScenarioActual {
  outcomes: Outcome[];
  /** Final durable log, ids normalised. */
  log: SessionEvent[];
  /** Final durable log as produced (for the invariant rules and for reproduction files). */
  rawLog: SessionEvent[];
  header: SessionHeader;
  warnings: string[];
  observations: Record<string, unknown>;
  /** Services the plugin asked for (ctx.get / inject) that this host does not offer. */
  lookups?: ServiceLookup[];
}

export interface ExecuteOptions {
  mode?: AdapterContext['mode'];
}

function toOutcome(o: PreStepOutcome): Outcome {
  if (o.kind === 'enter') return { kind: 'enter', turn: o.turn, step: o.step, appended: o.appended.length };
  return o as Outcome;
}

/**
 * Drive one plugin through one scenario in the simulated host. The scenario's `expect` is not read:
 * this produces the actual behaviour, which `compare.ts` judges.
 */
export async function executeScenario(
  plugin: PluginFactory,
  fixture: Pick<ScenarioFixture, 'config' | 'env' | 'log' | 'actions'>,
  options: ExecuteOptions = {},
): Promise<ScenarioActual> {
  const context: AdapterContext = { mode: options.mode ?? 'virtual' };
  const adapters = new Map<string, ServiceAdapter>();
  const previousTz = process.env.TZ;
  const header = fixture.env.header as unknown as SessionHeader;
  let host: SimulatedHost | undefined;
  try {
    for (const name of ['tmux', 'workspace', 'sessions'] as const) {
      const section = fixture.env[name];
      if (section === undefined) continue;
      adapters.set(name, await (await adapterFactory(name))(section, context));
    }
    const services: Record<string, unknown> = {};
    for (const adapter of adapters.values()) Object.assign(services, adapter.services);
    host = new SimulatedHost({
      plugin,
      config: fixture.config,
      header,
      initialEvents: fixture.log as unknown as SessionEvent[],
      services,
      clock: new VirtualClock(fixture.env.clock),
      timeZone: fixture.env.tz ?? undefined,
      agentId: fixture.env.agentId,
      agents: fixture.env.agents as never,
    });
    if (fixture.env.tz === null) setProcessTimeZone(undefined);
    const outcomes: Outcome[] = [];
    const loaded = host.load();
    outcomes.push(loaded ? { kind: 'loaded' } : { kind: 'load-error', error: host.loadError! });
    if (loaded) {
      for (const action of fixture.actions) {
        const outcome = await performAction(host, action, async (section, change) => {
          const adapter = adapters.get(section);
          if (!adapter?.change) throw new Error(`fixture changes environment section "${section}", which this scenario does not set up`);
          await adapter.change(change);
        });
        if (outcome) outcomes.push(outcome);
        if (outcome?.kind === 'load-error') break;
      }
      await host.settle();
    }
    const rawLog = [...host.session.events];
    const observations: Record<string, unknown> = {};
    for (const [section, adapter] of adapters) {
      const observed = adapter.observe?.();
      if (observed !== undefined) observations[section] = observed;
    }
    // Surface calls and other agents' logs are normalised like the log: fresh UUIDs compare equal.
    // One numbering for the log and the calls, so an id observed in the inbox and the id the log
    // then holds compare as the same (or a different) id.
    const ids = new IdNormaliser();
    const log = rawLog.map((e) => ids.value(e));
    if (host.calls.length > 0) observations.calls = ids.value(host.calls);
    const others = host.otherAgents();
    if (others.length > 0) observations.agents = Object.fromEntries(others.map((o) => [o.id, normaliseLog(o.events)]));
    return { outcomes, log, rawLog, header, warnings: host.warnings(), observations, lookups: [...host.registry.lookups] };
  } finally {
    host?.dispose();
    for (const adapter of adapters.values()) await adapter.dispose?.();
    setProcessTimeZone(previousTz);
  }
}

/**
 * Perform one scenario action on a host; returns the outcome of outcome-producing actions (pre-step,
 * restart). `changeEnv` applies `{do:'env'}` actions. Exported so test drivers that record more than a
 * scenario does (e.g. the inbox after every action) interpret actions exactly as the runner does.
 */
export async function performAction(host: SimulatedHost, action: Action, changeEnv: (section: string, change: unknown) => void | Promise<void>): Promise<Outcome | undefined> {
  switch (action.do) {
    case 'clock':
      if (action.set !== undefined) host.clock.set(action.set);
      if (action.advance !== undefined) host.clock.advance(action.advance);
      return undefined;
    case 'tz':
      setProcessTimeZone(action.tz ?? undefined);
      return undefined;
    case 'prompt':
      host.enqueue(action.lane ?? 'next-turn', action.message as never);
      return undefined;
    case 'pre-step':
      return toOutcome(await host.preStep({ downstream: action.downstream as never, abortBefore: action.abortBefore, abortWhenStalled: action.abortWhenStalled }));
    // After a turn the plugin under test failed (or ended) unexpectedly there is no open step; the
    // divergence is already in the outcomes, so these actions are skipped rather than crashing the run.
    case 'request':
      if (host.openStep !== null) host.request();
      return undefined;
    case 'assistant':
      if (host.openStep !== null) await host.assistant({ text: action.text, toolCalls: action.toolCalls as never });
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
    case 'restart': {
      const ok = action.config === undefined ? host.restart() : host.restart({ config: action.config });
      return ok ? { kind: 'loaded' } : { kind: 'load-error', error: host.loadError! };
    }
    case 'settle':
      await host.settle();
      return undefined;
    case 'tool-result':
      host.toolResult(action.call as never);
      return undefined;
    case 'append':
      host.append(action.event.type, action.event.data, {
        surfaceOp: action.event.surfaceOp as never,
        sourceEventSeqs: action.event.sourceEventSeqs,
      });
      return undefined;
    case 'env':
      await changeEnv(action.section, action.change);
      return undefined;
    case 'use':
      host.use(action.agent);
      return undefined;
    case 'service':
    case 'library':
    case 'provides':
    case 'inbox':
      await performSurfaceAction(host, action, host.pluginExports);
      return undefined;
  }
}
